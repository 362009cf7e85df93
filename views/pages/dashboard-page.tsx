import { useSelector } from '@xstate/react';
import { selectEmployee } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';

export default function DashboardPage() {
  const { session } = useApp();
  const t = useT();
  const employee = useSelector(session, selectEmployee);
  return (
    <section className="portal-page">
      <h2>{t('app.dashboard.welcome', { name: employee?.LastName ?? '' })}</h2>
      <p>{t('app.dashboard.role', { role: employee?.ExtRoleName_SDK ?? '' })}</p>
    </section>
  );
}
