import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useLang, useT } from '../app-context';
import type { RoleMenusActor } from './role-menus-page';

/** The roles, each with its code, its name in the current language and how many employees have it. */
export function RoleMenusList({ actor }: { actor: RoleMenusActor }) {
  const t = useT();
  const lang = useLang();
  const roles = useSelector(actor, (s) => s.context.roles);
  const current = useSelector(actor, (s) => s.context.role?.ObjectID);
  const loading = useSelector(actor, (s) => s.matches('loadingRoles'));
  const canCreate = useSelector(actor, (s) => s.can({ type: 'role.create' }));

  return (
    <aside className="portal-role-list">
      <header>
        <h3>{t('admin.roleMenus.roles')}</h3>
        <Button
          size="small"
          icon="pi pi-plus"
          label={t('admin.roleMenus.newRole')}
          disabled={!canCreate}
          onClick={() => actor.send({ type: 'role.create' })}
        />
      </header>
      {loading && <ProgressSpinner className="portal-role-spinner" strokeWidth="4" />}
      <ul aria-label={t('admin.roleMenus.roles')}>
        {roles.map((role) => (
          <li key={role.ObjectID}>
            <button
              type="button"
              className={`portal-role-item ${role.ObjectID === current ? 'is-active' : ''}`}
              aria-current={role.ObjectID === current ? 'true' : undefined}
              onClick={() => actor.send({ type: 'role.select', roleId: role.ObjectID })}
            >
              <span className="portal-role-code">{role.RoleCode}</span>
              <span className="portal-role-name">{lang === 'en' ? role.RoleNameEn : role.RoleName}</span>
              <span className="portal-role-count">
                {t('admin.roleMenus.employees', { count: role.EmployeeCount })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
