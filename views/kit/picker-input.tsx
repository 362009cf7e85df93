import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { Translate } from '../app-context';

interface PickerInputProps {
  picker: string;
  value: unknown;
  readOnly?: boolean;
  id?: string;
  invalid?: boolean;
  onOpen: () => void;
  onClear: () => void;
  t: Translate;
}

/** A picker field's face: the chosen text, a button that opens the picker, a clear button. */
export function PickerInput({ picker, value, readOnly, id, invalid, onOpen, onClear, t }: PickerInputProps) {
  const text = Array.isArray(value)
    ? value.join(',')
    : value === undefined || value === null
      ? ''
      : String(value);
  return (
    <div className="p-inputgroup portal-picker-field">
      <InputText id={id} value={text} readOnly invalid={invalid} onClick={() => !readOnly && onOpen()} />
      {!readOnly && text && (
        <Button
          type="button"
          icon="pi pi-times"
          outlined
          aria-label={t('kitPickers.clear')}
          onClick={onClear}
        />
      )}
      <Button
        type="button"
        icon="pi pi-search"
        aria-label={t('kitPickers.open')}
        data-picker={picker}
        disabled={readOnly}
        onClick={onOpen}
      />
    </div>
  );
}
