import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatDate } from '../../domain/format';
import type { Translate } from '../app-context';

type Row = Record<string, unknown>;

interface PickerTableProps {
  rows: Row[];
  total: number;
  currentPage: number;
  pageSize: number;
  rowKey: string;
  columns: readonly string[];
  busy: boolean;
  onPage: (page: number) => void;
  t: Translate;
  /** Checkbox (multiple) or radio (single) selection, for picker dialogs with a confirm button. */
  selection?: { rows: Row[]; multiple: boolean; onChange: (rows: Row[]) => void };
  /** A "use" button per row, for lists where one click chooses. */
  onChoose?: (row: Row) => void;
  label?: string;
}

/**
 * SPEC §3: a time shows as its day — the business day of an instant, so a letter made at 07:30 in
 * Beijing (23:30 UTC the evening before) reads as the day it was made; yes/no values as words.
 */
export function pickerCell(value: unknown, t: Translate): string {
  if (value === true) return t('kitPickers.yes');
  if (value === false) return t('kitPickers.no');
  if (value === undefined || value === null) return '';
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? formatDate(text) : text;
}

/** The lazy, server-paged table of a picker: a fixed page size, no size choice (SPEC §9). */
export function PickerTable(props: PickerTableProps) {
  const { rows, total, currentPage, pageSize, rowKey, columns, busy, onPage, t, selection, onChoose } = props;
  const selectionProps = selection
    ? {
        selectionMode: (selection.multiple ? 'checkbox' : 'radiobutton') as 'checkbox',
        selection: selection.multiple ? selection.rows : (selection.rows[0] ?? null),
        onSelectionChange: (e: { value: unknown }) =>
          selection.onChange(Array.isArray(e.value) ? (e.value as Row[]) : e.value ? [e.value as Row] : []),
      }
    : {};
  return (
    <DataTable
      value={rows}
      dataKey={rowKey}
      lazy
      loading={busy}
      paginator
      rows={pageSize}
      first={(currentPage - 1) * pageSize}
      totalRecords={total}
      onPage={(e) => onPage((e.page ?? 0) + 1)}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
      currentPageReportTemplate={t('kitPickers.total', { total })}
      emptyMessage={t('kitPickers.empty')}
      size="small"
      stripedRows
      scrollable
      scrollHeight="50vh"
      className="portal-grid portal-picker-table"
      aria-label={props.label}
      {...(selectionProps as object)}
    >
      {selection && (
        <Column selectionMode={selection.multiple ? 'multiple' : 'single'} headerStyle={{ width: '3rem' }} />
      )}
      {columns.map((field) => (
        <Column
          key={field}
          field={field}
          header={t(`kitPickers.fields.${field}`)}
          body={(row: Row) => pickerCell(row[field], t)}
        />
      ))}
      {onChoose && (
        <Column
          header=""
          body={(row: Row) => (
            <Button
              type="button"
              size="small"
              text
              label={t('kitPickers.choose')}
              onClick={() => onChoose(row)}
            />
          )}
        />
      )}
    </DataTable>
  );
}
