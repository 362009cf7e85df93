import '../styles/kit.css';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import { editPageOf, writesThrough } from '../../catalogue/page-actions';
import { mayImportLines } from '../../domain/reporting';
import { exportParamsOf } from '../../machines/kit/export.machine';
import { recallPageState, rememberPageState } from '../../machines/kit/page-memory';
import { cacheRow, sessionRowNameOf } from '../../machines/kit/row-cache';
import { dictionaryCodesOf, type TableView, tableLogicFor } from '../../machines/kit/table.actors';
import { selectEmployee } from '../../machines/session/session.selectors';
import { useApp, useLang, useT } from '../app-context';
import type { PageProps } from '../pages/page-view';
import { AwaitingLens, awaitingMeOf } from './awaiting-lens';
import { DataGrid } from './data-grid';
import { ExportButton } from './export-button';
import { ExportLogButton } from './export-log-dialog';
import { type FilterForm, filtersFromQuery, formOf } from './filter-input';
import { ImportButton } from './import-dialog';
import { fieldLabel } from './labels';
import { scrollToTop } from './scroll-to-top';
import { TableSearchBar } from './search-bar';
import { useNoticeToasts } from './use-notice-toasts';
import { usePageOffer } from './use-page-offer';

/** The generic list page of a catalogue entry: search bar, toolbar, paged table (ARCHITECTURE.md §7). */
export default function ListPage({ page, query }: PageProps) {
  const { session } = useApp();
  const t = useT();
  const lang = useLang();
  const [, navigate] = useLocation();
  const username = useSelector(session, (s) => selectEmployee(s)?.ExtUserName_SDK ?? '');
  const { roleCode, canOpen, offered } = usePageOffer(page);
  const memoryKey = `${page.id}?${query}`;
  const awaitingMe = awaitingMeOf(query);
  const remembered = useMemo(
    () =>
      recallPageState<TableView>(username, memoryKey) ?? {
        filters: filtersFromQuery(query, page.filters ?? []),
      },
    [username, memoryKey, query, page.filters],
  );
  const langRef = useRef(lang);
  langRef.current = lang;
  const table = useActorRef(
    tableLogicFor(page, () => langRef.current),
    {
      input: {
        // The to-do lens stays on whatever the filters: it is the list the dashboard card counted.
        initial: { ...(page.fixed ?? {}), ...(awaitingMe ? { AwaitingMe: '1' } : {}) },
        dictionaryCodes: dictionaryCodesOf(page),
        view: remembered,
        cells: page,
        role: roleCode,
      },
    },
  );
  const root = useRef<HTMLElement>(null);
  const [form, setForm] = useState<FilterForm>(() => formOf(remembered?.filters ?? {}));
  const dictionaries = useSelector(table, (s) => s.context.dictionaries);
  const confirming = useSelector(table, (s) => s.matches({ data: 'confirmingDelete' }));
  const failure = useSelector(table, (s) => (s.matches({ data: 'failed' }) ? s.context.error : undefined));
  const exportParams = useSelector(table, (s) => exportParamsOf(s.context), shallowEqual);
  const labelOf = (field: string) => fieldLabel(t, page.resource, field);
  const refresh = useCallback(() => table.send({ type: 'table.refresh' }), [table]);
  const editPage = editPageOf(page);
  // A new record starts with the list's fixed values its form has, e.g. the typed list's template type.
  const preset = new URLSearchParams({ action: 'add' });
  for (const [name, value] of Object.entries(page.fixed ?? {})) {
    if (editPage?.fields?.some((f) => f.field === name && !f.readOnly)) preset.set(name, value);
  }

  useNoticeToasts(table);
  useEffect(() => {
    const subs = [
      table.on('scrollTop', () => scrollToTop(root.current)),
      table.on('viewChanged', (e) => rememberPageState(username, memoryKey, e.view)),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [table, username, memoryKey]);

  // The row goes along in session storage (sessionRowName) so the detail page shows it at once; a
  // row about another record (a request about its agent) opens that record, read afresh.
  const open = (pageId: string, row: Record<string, unknown>, objectId?: string) => {
    const target = pageById(pageId);
    if (!target) return;
    // A list opened from a row (a report's lines) is that list filtered by the row's values of its
    // primary filters (the report's number), as a link with those filters would open it.
    if (target.kind === 'list') {
      const filters = (target.filters ?? []).filter((f) => f.primary && row[f.field] != null);
      navigate(`${target.path}?${new URLSearchParams(filters.map((f) => [f.field, String(row[f.field])]))}`);
      return;
    }
    const rowName = sessionRowNameOf(target.resource ?? page.resource ?? 'record');
    const action = target.kind === 'detail' ? 'detail' : 'edit';
    if (objectId) {
      navigate(`${target.path}?${new URLSearchParams({ objectID: objectId, action })}`);
      return;
    }
    cacheRow(rowName, row);
    navigate(`${target.path}?objectID=${row.ObjectID}&action=${action}&sessionRowName=${rowName}`);
  };

  return (
    <section ref={root} className="portal-page portal-list-page" aria-label={t(page.titleKey)}>
      {(page.filters ?? []).length > 0 && (
        <TableSearchBar
          table={table}
          filters={page.filters ?? []}
          labelOf={labelOf}
          dictionaries={dictionaries}
          form={form}
          onFormChange={setForm}
          t={t}
        />
      )}
      {awaitingMe && <AwaitingLens path={page.path} />}
      <div className="portal-toolbar">
        {offered.has('create') && editPage && (
          <Button
            size="small"
            icon="pi pi-plus"
            label={t('app.kit.toolbar.create')}
            onClick={() => navigate(`${editPage.path}?${preset}`)}
          />
        )}
        {offered.has('delete') && (
          <Button
            size="small"
            severity="danger"
            outlined
            label={t('app.kit.toolbar.batchDelete')}
            onClick={() => table.send({ type: 'rows.delete' })}
          />
        )}
        {page.toolbar?.includes('refresh') && (
          <Button
            size="small"
            text
            icon="pi pi-refresh"
            label={t('app.kit.toolbar.refresh')}
            onClick={() => table.send({ type: 'table.refresh' })}
          />
        )}
        {page.toolbar?.includes('import') &&
          writesThrough(page, roleCode) &&
          mayImportLines(page.import?.reportType, roleCode) && (
            <ImportButton page={page} onImported={refresh} />
          )}
        {page.export && offered.has('export') && <ExportButton page={page} filters={exportParams} />}
        {(page.toolbar?.includes('exportLog') || page.export?.mode === 'job') && (
          <ExportLogButton configCode={page.export?.configCode} />
        )}
      </div>
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('app.kit.loadFailed', { message: t(failure) || failure })}{' '}
          <Button
            size="small"
            text
            label={t('app.kit.retry')}
            onClick={() => table.send({ type: 'table.refresh' })}
          />
        </div>
      )}
      <DataGrid
        page={page}
        table={table}
        labelOf={labelOf}
        canOpen={canOpen}
        editsCells={offered.has('update')}
        onOpen={open}
        t={t}
      />
      <ConfirmDialog
        visible={confirming}
        header={t('app.kit.confirmDeleteTitle')}
        message={t('app.kit.confirmDelete')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('app.kit.confirm')}
        rejectLabel={t('app.kit.cancel')}
        accept={() => table.send({ type: 'delete.confirm' })}
        reject={() => table.send({ type: 'delete.cancel' })}
        onHide={() => confirming && table.send({ type: 'delete.cancel' })}
      />
    </section>
  );
}
