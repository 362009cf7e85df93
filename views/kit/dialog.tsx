import { type DialogProps, Dialog as PrimeDialog } from 'primereact/dialog';
import { useReturnFocus } from './use-return-focus';

/**
 * The kit's dialog: PrimeReact's (which keeps the focus inside while open) that also gives the focus
 * back to what opened it when it closes, so a keyboard user carries on where they were.
 */
export function Dialog(props: DialogProps) {
  useReturnFocus(Boolean(props.visible));
  return <PrimeDialog {...props} />;
}
