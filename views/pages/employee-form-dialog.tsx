import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { employeeAdminMachine } from '../../machines/admin/employee-admin.machine';
import { type FormField, roleScopeOf } from '../../machines/admin/employee-admin.rules';
import { useT } from '../app-context';
import { Dialog } from '../kit/dialog';

type AdminActor = ActorRefFrom<typeof employeeAdminMachine>;

/** The new-employee and edit dialog: the account's editable fields, the refused one marked. */
export function EmployeeFormDialog({ admin }: { admin: AdminActor }) {
  const t = useT();
  const open = useSelector(admin, (s) => s.matches('form'));
  const mode = useSelector(admin, (s) => s.context.mode);
  const form = useSelector(admin, (s) => s.context.form);
  const roles = useSelector(admin, (s) => s.context.roles);
  const provinces = useSelector(admin, (s) => s.context.provinces);
  const cities = useSelector(admin, (s) => s.context.cities);
  const companies = useSelector(admin, (s) => s.context.companies);
  const target = useSelector(admin, (s) => s.context.target);
  const error = useSelector(admin, (s) => (s.matches('form') ? s.context.error : undefined));
  const errorField = useSelector(admin, (s) => s.context.errorField);
  const busy = useSelector(admin, (s) => s.hasTag('busy'));
  const agentRole = useSelector(admin, (s) => roleScopeOf(s.context) === 'company');
  if (!open) return null;

  const change = (field: FormField, value: string | boolean) =>
    admin.send({ type: 'form.change', field, value });
  // The company the account has stays choosable even before a search finds it.
  const companyChoices =
    target?.ExtCompanyID_SDK && !companies.some((c) => c.value === target.ExtCompanyID_SDK)
      ? [
          { value: String(target.ExtCompanyID_SDK), label: String(target.ExtCompanyName_SDK ?? '') },
          ...companies,
        ]
      : companies;
  const field = (name: FormField, input: ReactNode, labelKey = name) => (
    <div className="portal-employee-field">
      <label htmlFor={`employee-${name}`}>{t(`employees.fields.${labelKey}`)}</label>
      {input}
      {errorField === name && error && (
        <small className="p-error" role="alert">
          {t(error)}
        </small>
      )}
    </div>
  );
  const invalid = (name: FormField) => (errorField === name ? 'p-invalid' : undefined);
  const text = (name: FormField, type = 'text') =>
    field(
      name,
      <InputText
        id={`employee-${name}`}
        type={type}
        className={invalid(name)}
        value={String(form[name] ?? '')}
        onChange={(e) => change(name, e.target.value)}
      />,
    );
  const choice = (name: FormField, options: { value: string; label: string }[], extra = {}) =>
    field(
      name,
      <Dropdown
        inputId={`employee-${name}`}
        className={invalid(name)}
        value={form[name] || null}
        options={options}
        optionLabel="label"
        optionValue="value"
        showClear
        placeholder={t('employees.choose')}
        onChange={(e) => change(name, e.value ?? '')}
        {...extra}
      />,
    );

  return (
    <Dialog
      visible
      header={
        mode === 'create' ? t('employees.createTitle') : t('employees.editTitle', { name: target?.LastName })
      }
      onHide={() => admin.send({ type: 'form.cancel' })}
      style={{ width: 'min(640px, 96vw)' }}
      footer={
        <>
          <Button
            outlined
            label={t('employees.cancel')}
            onClick={() => admin.send({ type: 'form.cancel' })}
          />
          <Button
            label={mode === 'create' ? t('employees.create') : t('employees.save')}
            loading={busy}
            onClick={() => admin.send({ type: 'form.submit' })}
          />
        </>
      }
    >
      {error && !errorField && (
        <div className="portal-form-error" role="alert">
          {t(error)}
        </div>
      )}
      <div className="portal-employee-form">
        {text('LastName')}
        {text('ExtUserName_SDK')}
        {choice('ExtRoleCode_SDK', roles)}
        {text('Email')}
        {text('Phone')}
        {choice('ProvinceCode', provinces, { filter: true })}
        {choice('CityCode', cities, { filter: true })}
        {agentRole &&
          choice('ExtCompanyID_SDK', companyChoices, {
            filter: true,
            filterPlaceholder: t('employees.companySearch'),
            onFilter: (e: { filter: string }) => admin.send({ type: 'company.search', keyword: e.filter }),
          })}
        {mode === 'create' && text('Password', 'password')}
        <div className="portal-employee-field portal-employee-check">
          <Checkbox
            inputId="employee-Enabled"
            checked={form.Enabled}
            onChange={(e) => change('Enabled', e.checked === true)}
          />
          <label htmlFor="employee-Enabled">{t('employees.fields.Enabled')}</label>
        </div>
      </div>
    </Dialog>
  );
}
