import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ActorRefFrom } from 'xstate';
import type { employeeAdminMachine } from '../../machines/admin/employee-admin.machine';
import { useT } from '../app-context';
import { Dialog } from '../kit/dialog';

/** A temporary password for one employee, who must change it at the next login. */
export function EmployeeResetDialog({ admin }: { admin: ActorRefFrom<typeof employeeAdminMachine> }) {
  const t = useT();
  const open = useSelector(admin, (s) => s.matches('resetForm') || s.matches('resetting'));
  const name = useSelector(admin, (s) => String(s.context.target?.LastName ?? ''));
  const password = useSelector(admin, (s) => s.context.form.Password);
  const error = useSelector(admin, (s) => s.context.error);
  const busy = useSelector(admin, (s) => s.hasTag('busy'));
  if (!open) return null;
  const submit = () => admin.send({ type: 'form.submit' });

  return (
    <Dialog
      visible
      header={t('employees.resetTitle', { name })}
      onHide={() => admin.send({ type: 'form.cancel' })}
      style={{ width: 'min(480px, 96vw)' }}
      footer={
        <>
          <Button
            outlined
            label={t('employees.cancel')}
            onClick={() => admin.send({ type: 'form.cancel' })}
          />
          <Button label={t('employees.reset')} loading={busy} onClick={submit} />
        </>
      }
    >
      <p className="portal-employee-hint">{t('employees.resetHint')}</p>
      <form
        className="portal-employee-field"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="employee-reset-password">{t('employees.fields.TemporaryPassword')}</label>
        <InputText
          id="employee-reset-password"
          type="password"
          autoComplete="new-password"
          className={error ? 'p-invalid' : undefined}
          value={password}
          onChange={(e) => admin.send({ type: 'form.change', field: 'Password', value: e.target.value })}
        />
        <small className={error ? 'p-error' : 'portal-employee-hint'} role={error ? 'alert' : undefined}>
          {t(error ?? 'employees.passwordRule')}
        </small>
      </form>
    </Dialog>
  );
}
