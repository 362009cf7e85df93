import '../styles/kit.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { isSystemAdmin } from '../../domain/roles';
import { cacheAdminMachine } from '../../machines/admin/cache-admin.machine';
import { dictionaryCodesOf, tableLogicFor } from '../../machines/kit/table.actors';
import { useLang, useT } from '../app-context';
import { DataGrid } from '../kit/data-grid';
import type { FilterForm } from '../kit/filter-input';
import { fieldLabel } from '../kit/labels';
import { TableSearchBar } from '../kit/search-bar';
import { useNoticeToasts } from '../kit/use-notice-toasts';
import { usePageOffer } from '../kit/use-page-offer';
import type { PageProps } from './page-view';

/**
 * The server's caches (docs/cache.md): the kit's table of caches, whose TTL, on/off and remark edit in
 * the row, and a clear action for each.
 */
export default function CacheConfigPage({ page }: PageProps) {
  const offer = usePageOffer(page);
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const table = useActorRef(
    tableLogicFor(page, () => langRef.current),
    {
      input: { initial: page.fixed ?? {}, dictionaryCodes: dictionaryCodesOf(page), cells: page },
    },
  );
  const admin = useActorRef(cacheAdminMachine);
  const [form, setForm] = useState<FilterForm>({});
  const dictionaries = useSelector(table, (s) => s.context.dictionaries);
  const clearing = useSelector(admin, (s) => s.context.clearing);
  const labelOf = (field: string) => fieldLabel(t, page.resource, field);

  useNoticeToasts(admin);
  useNoticeToasts(table);
  useEffect(() => {
    const sub = admin.on('rows.changed', () => table.send({ type: 'table.refresh' }));
    return () => sub.unsubscribe();
  }, [admin, table]);

  const actions = (row: Record<string, unknown>) => {
    const key = String(row.CacheKey);
    return (
      <Button
        size="small"
        text
        severity="danger"
        icon="pi pi-trash"
        label={t('caches.clear')}
        aria-label={t('caches.clearLabel', { name: String(row.Name) })}
        loading={clearing === key}
        disabled={clearing !== undefined}
        onClick={() => admin.send({ type: 'cache.clear', key })}
      />
    );
  };

  return (
    <section className="portal-page portal-list-page" aria-label={t(page.titleKey)}>
      <TableSearchBar
        table={table}
        filters={page.filters ?? []}
        labelOf={labelOf}
        dictionaries={dictionaries}
        form={form}
        onFormChange={setForm}
        t={t}
      />
      <div className="portal-toolbar">
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          label={t('app.kit.toolbar.refresh')}
          onClick={() => table.send({ type: 'table.refresh' })}
        />
        <span className="portal-hint">{t('caches.perServer')}</span>
      </div>
      <DataGrid
        page={page}
        canOpen={offer.canOpen}
        // The caches are the system administrator's alone: the server refuses everybody else's change.
        editsCells={isSystemAdmin(offer.roleCode)}
        table={table}
        labelOf={labelOf}
        onOpen={() => {}}
        t={t}
        rowActions={{ header: t('caches.actions'), render: actions }}
      />
    </section>
  );
}
