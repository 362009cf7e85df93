import '../styles/kit.css';
import '../styles/employees.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState } from 'react';
import { employeeAdminMachine } from '../../machines/admin/employee-admin.machine';
import { type EmployeeRecord, isAccountAdmin, mayReset } from '../../machines/admin/employee-admin.rules';
import { dictionaryCodesOf, tableLogicFor } from '../../machines/kit/table.actors';
import { selectEmployee, selectMenus } from '../../machines/session/session.selectors';
import { useApp, useLang, useT } from '../app-context';
import { DataGrid } from '../kit/data-grid';
import type { FilterForm } from '../kit/filter-input';
import { fieldLabel } from '../kit/labels';
import { TableSearchBar } from '../kit/search-bar';
import { useNoticeToasts } from '../kit/use-notice-toasts';
import { usePageOffer } from '../kit/use-page-offer';
import { EmployeeFormDialog } from './employee-form-dialog';
import { EmployeeResetDialog } from './employee-reset-dialog';
import type { PageProps } from './page-view';

/**
 * Employee administration (docs/employees-and-addresses.md): the kit's paged table of accounts, a
 * reset action for every holder of the page, and create, edit and undo for account administrators.
 */
export default function EmployeesPage({ page }: PageProps) {
  const offer = usePageOffer(page);
  const { session } = useApp();
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const accountAdmin = useSelector(session, (s) => isAccountAdmin(selectMenus(s)));
  const table = useActorRef(
    tableLogicFor(page, () => langRef.current),
    { input: { initial: page.fixed ?? {}, dictionaryCodes: dictionaryCodesOf(page), cells: page } },
  );
  const selfId = useSelector(session, (s) => selectEmployee(s)?.ObjectID);
  const admin = useActorRef(employeeAdminMachine, { input: { accountAdmin, selfId } });
  const [form, setForm] = useState<FilterForm>({});
  const dictionaries = useSelector(table, (s) => s.context.dictionaries);
  const canCreate = useSelector(admin, (s) => s.matches('idle') && s.can({ type: 'employee.create' }));
  // The machine's guard decides; rows keep their buttons while a dialog is open.
  const canAdminister = useSelector(admin, (s) => s.context.accountAdmin);
  const confirmingUndo = useSelector(admin, (s) => s.matches('confirmingUndo'));
  const undoName = useSelector(admin, (s) => String(s.context.target?.LastName ?? ''));
  const labelOf = (field: string) => fieldLabel(t, page.resource, field);

  useNoticeToasts(admin);
  useNoticeToasts(table);
  useEffect(() => {
    const sub = admin.on('rows.changed', () => table.send({ type: 'table.refresh' }));
    return () => sub.unsubscribe();
  }, [admin, table]);

  const actions = (row: Record<string, unknown>) => {
    const record = row as EmployeeRecord;
    const name = String(row.LastName);
    return (
      <div className="portal-employee-actions">
        {row.Enabled === false && <Tag severity="secondary" value={t('employees.disabled')} />}
        {row.ExtIsFistTime_SDK === true && <Tag severity="warning" value={t('employees.firstLogin')} />}
        {canAdminister && (
          <Button
            size="small"
            text
            label={t('employees.edit')}
            aria-label={`${t('employees.edit')} ${name}`}
            onClick={() => admin.send({ type: 'employee.edit', row: record })}
          />
        )}
        {mayReset({ accountAdmin: canAdminister, selfId }, record) && (
          <Button
            size="small"
            text
            label={t('employees.resetPassword')}
            aria-label={`${t('employees.resetPassword')} ${name}`}
            onClick={() => admin.send({ type: 'password.reset', row: record })}
          />
        )}
        {canAdminister && (
          <Button
            size="small"
            text
            severity="secondary"
            label={t('employees.undo')}
            aria-label={`${t('employees.undo')} ${name}`}
            onClick={() => admin.send({ type: 'change.undo', row: record })}
          />
        )}
      </div>
    );
  };

  return (
    <section className="portal-page portal-list-page portal-employees" aria-label={t(page.titleKey)}>
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
        {canCreate && (
          <Button
            size="small"
            icon="pi pi-plus"
            label={t('employees.newEmployee')}
            onClick={() => admin.send({ type: 'employee.create' })}
          />
        )}
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          label={t('app.kit.toolbar.refresh')}
          onClick={() => table.send({ type: 'table.refresh' })}
        />
      </div>
      <DataGrid
        page={page}
        canOpen={offer.canOpen}
        // An employee is changed in the dialog its row opens, never in a cell.
        editsCells={false}
        table={table}
        labelOf={labelOf}
        onOpen={() => {}}
        t={t}
        rowActions={{ header: t('employees.actions'), render: actions }}
      />
      <EmployeeFormDialog admin={admin} />
      <EmployeeResetDialog admin={admin} />
      <ConfirmDialog
        visible={confirmingUndo}
        header={t('employees.undoTitle')}
        message={t('employees.undoConfirm', { name: undoName })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('employees.confirm')}
        rejectLabel={t('employees.cancel')}
        accept={() => admin.send({ type: 'undo.confirm' })}
        reject={() => admin.send({ type: 'undo.cancel' })}
        onHide={() => confirmingUndo && admin.send({ type: 'undo.cancel' })}
      />
    </section>
  );
}
