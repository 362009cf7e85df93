import { useSelector } from '@xstate/react';
import { selectEmployee } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';

export default function ProfilePage() {
  const { session } = useApp();
  const t = useT();
  const employee = useSelector(session, selectEmployee);
  const rows: [string, unknown][] = [
    ['app.profile.username', employee?.ExtUserName_SDK],
    ['app.profile.name', employee?.LastName],
    ['app.profile.role', employee?.ExtRoleName_SDK],
    ['app.profile.roleCode', employee?.ExtRoleCode_SDK],
    ['app.profile.email', employee?.Email],
  ];
  return (
    <section className="portal-page portal-narrow">
      <h2>{t('route.profile')}</h2>
      <dl className="portal-description">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{String(value ?? '')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
