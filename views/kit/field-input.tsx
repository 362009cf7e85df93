import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { FieldDef } from '../../catalogue/types';
import type { DictionaryOption } from '../../domain/dictionary';
import { formatDate } from '../../domain/format';
import { stripNonDigits } from '../../domain/validators';
import { hiddenSelectPt, switchPt } from './a11y-pt';
import { businessLocalValue, instantOfBusinessLocal } from './business-time-input';

interface FieldInputProps {
  field: FieldDef;
  id: string;
  value: unknown;
  options?: DictionaryOption[];
  invalid: boolean;
  onChange: (value: unknown) => void;
  /** The name a screen reader gives an input with no label of its own (a dropdown in a table row). */
  ariaLabel?: string;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The input of one form field by its kind; the integer input strips non-digits (SPEC §5). */
export function FieldInput({ field, id, value, options, invalid, onChange, ariaLabel }: FieldInputProps) {
  switch (field.kind) {
    case 'longText':
      return (
        <InputTextarea
          id={id}
          value={text(value)}
          rows={3}
          autoResize
          invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'dict':
      return (
        <Dropdown
          inputId={id}
          ariaLabel={ariaLabel}
          value={value ?? null}
          options={(options ?? []).map((o) => ({ label: o.content, value: o.keyword }))}
          showClear
          pt={hiddenSelectPt}
          filter={(options?.length ?? 0) > 10}
          invalid={invalid}
          onChange={(e) => onChange(e.value ?? null)}
        />
      );
    case 'boolean':
      return (
        <InputSwitch
          inputId={id}
          checked={value === true}
          onChange={(e) => onChange(e.value)}
          pt={switchPt}
        />
      );
    case 'date':
      return (
        <InputText
          id={id}
          type="date"
          value={formatDate(text(value))}
          invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'dateTime':
      return (
        <InputText
          id={id}
          type="datetime-local"
          value={businessLocalValue(value)}
          invalid={invalid}
          onChange={(e) => onChange(instantOfBusinessLocal(e.target.value))}
        />
      );
    case 'number':
      return (
        <InputText
          id={id}
          inputMode="numeric"
          value={text(value)}
          invalid={invalid}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
          onKeyUp={(e) => onChange(stripNonDigits((e.target as HTMLInputElement).value) || null)}
          onBlur={(e) =>
            onChange(stripNonDigits(e.target.value) ? Number(stripNonDigits(e.target.value)) : null)
          }
        />
      );
    default:
      return (
        <InputText
          id={id}
          inputMode={field.kind === 'price' || field.kind === 'percent' ? 'decimal' : undefined}
          value={text(value)}
          invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
