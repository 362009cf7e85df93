import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { pickerLogic } from '../../machines/kit/picker.actors';
import { pickers } from '../../machines/kit/pickers';
import type { Translate } from '../app-context';
import { PickerDialog } from './picker-dialog';
import { useNoticeToasts } from './use-notice-toasts';

interface CommitmentLetterChooserProps {
  /** The product line whose cell asked for a letter (SPEC §4: commitmentLetterQuantity other than 101/102). */
  row: Record<string, unknown>;
  onPicked: (letterNo: string) => void;
  onClose: () => void;
  t: Translate;
}

/**
 * The commitment-letter picker of one table row, opened at once: it offers the letters of the line's
 * opportunity only, since a letter issued for another bid cannot cover this one.
 */
export function CommitmentLetterChooser({ row, onPicked, onClose, t }: CommitmentLetterChooserProps) {
  const latest = useRef({ onPicked, onClose });
  latest.current = { onPicked, onClose };
  const opportunityNo = row.ExtOpportunityNOText_SDK ?? row.opportunityNo;
  const picker = useActorRef(pickerLogic, {
    input: {
      definition: pickers.commitmentLetter,
      field: 'commitmentLetterNo',
      params: opportunityNo ? { opportunityNo: String(opportunityNo) } : {},
    },
  });
  useNoticeToasts(picker);
  useEffect(() => {
    const subs = [
      picker.on('picked', (e) => latest.current.onPicked(e.text)),
      picker.subscribe((s) => {
        if (s.matches('closed')) latest.current.onClose();
      }),
    ];
    picker.send({ type: 'picker.open' });
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [picker]);
  return <PickerDialog picker={picker} t={t} />;
}
