import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ColumnDef } from '../../catalogue/types';
import type { DictionaryOption } from '../../domain/dictionary';
import { formatDate } from '../../domain/format';
import { stripNonDigits } from '../../domain/validators';
import type { Translate } from '../app-context';
import { hiddenSelectPt } from './a11y-pt';
import { businessLocalValue, instantOfBusinessLocal } from './business-time-input';

interface EditableCellProps {
  column: ColumnDef;
  value: unknown;
  options?: DictionaryOption[];
  error?: string;
  onChange: (value: unknown) => void;
  onCommit: () => void;
  onCancel: () => void;
  t: Translate;
}

/** The input of a cell being edited in its row: Enter saves, Escape cancels, leaving it saves. */
export function EditableCell({
  column,
  value,
  options,
  error,
  onChange,
  onCommit,
  onCancel,
  t,
}: EditableCellProps) {
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') onCommit();
    if (e.key === 'Escape') onCancel();
  };
  if (column.kind === 'dict' || column.kind === 'boolean') {
    const choices =
      column.kind === 'boolean'
        ? [
            { label: t('app.kit.yes'), value: true },
            { label: t('app.kit.no'), value: false },
          ]
        : (options ?? []).map((o) => ({ label: o.content, value: o.keyword }));
    return (
      <div className="portal-cell-editor">
        <Dropdown
          value={value}
          options={choices}
          onChange={(e) => onChange(e.value)}
          onHide={onCommit}
          pt={hiddenSelectPt}
          autoFocus
          onKeyDown={keys}
        />
        {error && <small className="portal-field-error">{error}</small>}
      </div>
    );
  }
  // A day or a time is typed on the business clock, as in the record's form: 08:00 typed is 08:00 shown.
  if (column.kind === 'date' || column.kind === 'dateTime') {
    const instant = column.kind === 'dateTime';
    return (
      <div className="portal-cell-editor">
        <InputText
          autoFocus
          type={instant ? 'datetime-local' : 'date'}
          value={instant ? businessLocalValue(value) : formatDate(String(value ?? ''))}
          invalid={Boolean(error)}
          onChange={(e) =>
            onChange(instant ? instantOfBusinessLocal(e.target.value) : e.target.value || null)
          }
          onBlur={onCommit}
          onKeyDown={keys}
          aria-invalid={Boolean(error)}
        />
        {error && <small className="portal-field-error">{error}</small>}
      </div>
    );
  }
  // The integer input strips every non-digit on key-up and on blur (SPEC §5).
  const integer = column.kind === 'number';
  return (
    <div className="portal-cell-editor">
      <InputText
        autoFocus
        value={value === null || value === undefined ? '' : String(value)}
        inputMode={integer || column.kind === 'price' ? 'decimal' : undefined}
        invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
        onKeyUp={(e) => integer && onChange(stripNonDigits((e.target as HTMLInputElement).value))}
        onBlur={(e) => {
          if (integer) onChange(stripNonDigits(e.target.value));
          onCommit();
        }}
        onKeyDown={keys}
        aria-invalid={Boolean(error)}
      />
      {error && <small className="portal-field-error">{error}</small>}
    </div>
  );
}
