import { useSelector } from '@xstate/react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { placeholderPageIds } from '../../catalogue/catalogue';
import { openedBy } from '../../catalogue/column-opens';
import { mayEditCell } from '../../catalogue/define';
import type { PageEntry } from '../../catalogue/types';
import { EXACT_COUNT_LIMIT, PAGE_SIZES } from '../../domain/constants';
import type { tableMachine } from '../../machines/kit/table.machine';
import type { Translate } from '../app-context';
import { paginatorPt, selectionColumnPt } from './a11y-pt';
import { CellValue } from './cell-value';
import { CommitmentLetterChooser } from './commitment-letter-chooser';
import { EditableCell } from './editable-cell';

interface DataGridProps {
  page: PageEntry;
  table: ActorRefFrom<typeof tableMachine>;
  labelOf: (field: string) => string;
  /** Opens a page with the row's record, or with `objectId`, the record the row is about. */
  onOpen: (pageId: string, row: Record<string, unknown>, objectId?: string) => void;
  /** Whether the reader may open a page: a value links only to those (`usePageOffer`). */
  canOpen: (pageId: string) => boolean;
  /** Whether the page offers its reader to edit cells in the row (`usePageOffer`'s update). */
  editsCells: boolean;
  t: Translate;
  /** A last column of per-row actions, for pages whose rows do more than open. */
  rowActions?: { header: string; render: (row: Record<string, unknown>) => ReactNode };
}

/** The paged table: server-side paging, sorting and selection; cells edit in place where allowed. */
export function DataGrid({
  page,
  table,
  labelOf,
  onOpen,
  canOpen,
  editsCells,
  t,
  rowActions,
}: DataGridProps) {
  const rows = useSelector(table, (s) => s.context.rows);
  const total = useSelector(table, (s) => s.context.total);
  const totalEstimated = useSelector(table, (s) => s.context.totalEstimated);
  const currentPage = useSelector(table, (s) => s.context.currentPage);
  const pageSize = useSelector(table, (s) => s.context.pageSize);
  const sort = useSelector(table, (s) => s.context.sort);
  const selection = useSelector(table, (s) => s.context.selection);
  const dictionaries = useSelector(table, (s) => s.context.dictionaries);
  // The cells are offered to the reader's role, as the table's guard offers them.
  const role = useSelector(table, (s) => s.context.role);
  const busy = useSelector(table, (s) => s.hasTag('busy'));
  const edit = useSelector(table, (s) =>
    s.matches({ data: 'editingCell' }) || s.matches({ data: 'savingCell' }) ? s.context.edit : undefined,
  );
  const editError = useSelector(table, (s) =>
    s.matches({ data: 'editingCell' }) ? s.context.error : undefined,
  );
  const selectable = page.toolbar?.includes('batchDelete');
  const [letterRow, setLetterRow] = useState<Record<string, unknown>>();
  // A chosen letter is saved like an edited cell: same lock rules, same stale-write refusal.
  const saveLetter = (row: Record<string, unknown>, letterNo: string) => {
    table.send({ type: 'cell.edit', objectId: String(row.ObjectID), field: 'commitmentLetter' });
    table.send({ type: 'cell.change', value: letterNo });
    table.send({ type: 'cell.commit' });
  };

  const body = (column: NonNullable<PageEntry['columns']>[number]) => (row: Record<string, unknown>) => {
    const id = String(row.ObjectID);
    if (column.kind === 'commitmentLetter') {
      const saving = edit?.objectId === id && edit.field === column.field;
      return (
        <CellValue
          column={column}
          row={saving ? { ...row, [column.field]: edit.value } : row}
          dictionaries={dictionaries}
          t={t}
          onChooseLetter={
            editsCells && mayEditCell(page, column.field, row, role) && !edit
              ? () => setLetterRow(row)
              : undefined
          }
        />
      );
    }
    if (edit && edit.objectId === id && edit.field === column.field) {
      return (
        <EditableCell
          column={column}
          value={edit.value}
          options={column.dict ? dictionaries[column.dict] : undefined}
          error={editError}
          onChange={(value) => table.send({ type: 'cell.change', value })}
          onCommit={() => table.send({ type: 'cell.commit' })}
          onCancel={() => table.send({ type: 'cell.cancel' })}
          t={t}
        />
      );
    }
    const value = <CellValue column={column} row={row} dictionaries={dictionaries} t={t} />;
    // A screen not built yet is granted to no one, and one the reader may not open leads nowhere
    // either: its link would only lead to 'no permission'.
    const opened = openedBy(column, row);
    if (opened && !placeholderPageIds.has(opened.pageId) && canOpen(opened.pageId)) {
      return (
        <button
          type="button"
          className="portal-link-button"
          onClick={() => onOpen(opened.pageId, row, opened.objectId)}
        >
          {value}
        </button>
      );
    }
    if (column.editable && editsCells) {
      // The same question the table's guard asks: a cell its save would be refused for shows locked.
      const editable = mayEditCell(page, column.field, row, role);
      return (
        <button
          type="button"
          className={`portal-editable-cell ${editable ? '' : 'is-locked'}`}
          title={editable ? t('app.kit.editHint') : t('app.kit.locked')}
          aria-disabled={!editable}
          onClick={() => table.send({ type: 'cell.edit', objectId: id, field: column.field })}
        >
          {value}
        </button>
      );
    }
    return value;
  };

  // PrimeReact memoises a cell by its row's values alone, not by the words it is drawn with: when the
  // dictionaries arrive after the rows (or the language changes), a cell would keep showing the code.
  // Each row carries a stamp of the words it was drawn with, so every cell redraws when they change.
  const wordsDrawn = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new words are what moves the stamp on.
  const words = useMemo(() => ++wordsDrawn.current, [dictionaries, t]);
  const wordedRows = useMemo(() => rows.map((r) => ({ ...r, __words: words })), [rows, words]);
  // The row being edited gets a fresh object too, so it redraws with its editor (and again without it
  // when the edit ends), while the other rows keep theirs.
  const shownRows = useMemo(
    () =>
      wordedRows.map((r) =>
        edit && r.ObjectID === edit.objectId ? { ...r, __edit: edit.value, __error: editError } : r,
      ),
    [wordedRows, edit, editError],
  );

  return (
    <>
      {letterRow && (
        <CommitmentLetterChooser
          key={String(letterRow.ObjectID)}
          row={letterRow}
          onPicked={(letterNo) => saveLetter(letterRow, letterNo)}
          onClose={() => setLetterRow(undefined)}
          t={t}
        />
      )}
      <DataTable
        value={shownRows}
        dataKey="ObjectID"
        lazy
        loading={busy}
        paginator
        pt={paginatorPt}
        rows={pageSize}
        first={(currentPage - 1) * pageSize}
        totalRecords={total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        paginatorTemplate="RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={
          totalEstimated
            ? t('app.kit.totalMore', { limit: EXACT_COUNT_LIMIT.toLocaleString('en-US') })
            : t('app.kit.total', { total })
        }
        onPage={(e) => {
          if (e.rows !== pageSize) table.send({ type: 'size.change', size: e.rows });
          else table.send({ type: 'page.change', page: (e.page ?? 0) + 1 });
        }}
        sortField={sort?.field}
        sortOrder={sort ? (sort.descending ? -1 : 1) : 0}
        onSort={(e) =>
          table.send({
            type: 'sort.change',
            sort: e.sortField ? { field: e.sortField, descending: e.sortOrder === -1 } : undefined,
          })
        }
        removableSort
        selectionMode={selectable ? 'checkbox' : null}
        selection={rows.filter((r) => selection.includes(r.ObjectID))}
        onSelectionChange={(e: { value: unknown }) =>
          table.send({
            type: 'selection.change',
            ids: ((e.value as { ObjectID: string }[]) ?? []).map((r) => r.ObjectID),
          })
        }
        // While a page loads, its empty row says so: the empty-list words there would read as an answer.
        emptyMessage={busy ? t('app.loading') : t('app.kit.empty')}
        scrollable
        size="small"
        stripedRows
        className="portal-grid"
      >
        {selectable && (
          <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={selectionColumnPt} />
        )}
        {(page.columns ?? []).map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={labelOf(column.field)}
            sortable={column.sortable}
            body={body(column)}
          />
        ))}
        {rowActions && <Column header={rowActions.header} body={rowActions.render} />}
      </DataTable>
    </>
  );
}
