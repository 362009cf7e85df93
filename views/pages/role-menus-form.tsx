import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useState } from 'react';
import { dataScopes, type RoleForm } from '../../machines/admin/role-menus.rules';
import { useT } from '../app-context';
import { Dialog } from '../kit/dialog';
import type { RoleMenusActor } from './role-menus-page';

const emptyForm: RoleForm = { RoleCode: '', RoleName: '', RoleNameEn: '', DataScope: 'company' };
const textFields = ['RoleCode', 'RoleName', 'RoleNameEn'] as const;
const label = (field: keyof RoleForm) => `admin.roleMenus.fields.${field}`;

/** The new-role form: code, both names and data scope; its pages are ticked afterwards. */
export function RoleMenusForm({ actor }: { actor: RoleMenusActor }) {
  const t = useT();
  const open = useSelector(actor, (s) => s.hasTag('form'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errors = useSelector(actor, (s) => s.context.formErrors);
  const failure = useSelector(actor, (s) => (s.hasTag('form') ? s.context.error : undefined));
  const [form, setForm] = useState<RoleForm>(emptyForm);

  useEffect(() => {
    if (open) setForm(emptyForm);
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit', form });
  };
  const message = (field: keyof RoleForm) => {
    const error = errors[field];
    if (!error) return null;
    const text = error === 'required' ? `${t(label(field))}${t('app.form.required')}` : t(error);
    return <small className="portal-field-error">{text}</small>;
  };

  return (
    <Dialog
      visible={open}
      header={t('admin.roleMenus.newRole')}
      onHide={() => actor.send({ type: 'form.cancel' })}
      style={{ width: '420px' }}
    >
      <form onSubmit={submit} noValidate aria-label={t('admin.roleMenus.newRole')}>
        {textFields.map((field) => (
          <div className="portal-field" key={field}>
            <label htmlFor={`role-${field}`}>{t(label(field))}</label>
            <InputText
              id={`role-${field}`}
              value={form[field]}
              invalid={Boolean(errors[field])}
              placeholder={field === 'RoleCode' ? 'JS020' : undefined}
              onChange={(e) => setForm({ ...form, [field]: e.target.value })}
            />
            {message(field)}
          </div>
        ))}
        <div className="portal-field">
          <label htmlFor="role-DataScope">{t(label('DataScope'))}</label>
          <Dropdown
            inputId="role-DataScope"
            value={form.DataScope}
            options={dataScopes.map((scope) => ({
              value: scope,
              label: t(`admin.roleMenus.dataScope.${scope}`),
            }))}
            invalid={Boolean(errors.DataScope)}
            onChange={(e) => setForm({ ...form, DataScope: e.value })}
          />
          {message('DataScope')}
        </div>
        {failure && (
          <div className="portal-form-error" role="alert">
            {t(failure)}
          </div>
        )}
        <div className="portal-dialog-actions">
          <Button
            type="button"
            outlined
            label={t('admin.roleMenus.cancel')}
            onClick={() => actor.send({ type: 'form.cancel' })}
          />
          <Button type="submit" label={t('admin.roleMenus.create')} loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
