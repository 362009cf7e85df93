import '../styles/dashboard.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Link } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import { formatDate, formatPrice } from '../../domain/format';
import { selectEmployee } from '../../machines/session/session.selectors';
import { dashboardLogic } from '../../machines/shell/dashboard.actors';
import { useApp, useT } from '../app-context';

const recentColumns: Record<string, [string, 'text' | 'price' | 'date'][]> = {
  orders: [
    ['OrderNo', 'text'],
    ['AgentName', 'text'],
    ['OrderAmount', 'price'],
    ['OrderDate', 'date'],
  ],
  opportunities: [
    ['ExtOpportunityNOText_SDK', 'text'],
    ['Name', 'text'],
    ['ExtOppCustomerName_SDK', 'text'],
    ['CreationOn', 'date'],
  ],
};
const show = (kind: string, value: unknown) =>
  kind === 'price' ? formatPrice(value) : kind === 'date' ? formatDate(value as string) : String(value ?? '');

/** The logged-in user's start page: what waits for them, and the newest orders and opportunities. */
export default function DashboardPage() {
  const { session } = useApp();
  const t = useT();
  const employee = useSelector(session, selectEmployee);
  const dashboard = useActorRef(dashboardLogic);
  const summary = useSelector(dashboard, (s) => s.context.summary);
  const failure = useSelector(dashboard, (s) => (s.matches('failed') ? s.context.error : undefined));

  return (
    <section className="portal-page portal-dashboard">
      <header className="portal-dashboard-head">
        <div>
          <h2>{t('app.dashboard.welcome', { name: employee?.LastName ?? '' })}</h2>
          <p>{t('app.dashboard.role', { role: employee?.ExtRoleName_SDK ?? '' })}</p>
        </div>
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          label={t('app.kit.toolbar.refresh')}
          onClick={() => dashboard.send({ type: 'dashboard.refresh' })}
        />
      </header>
      {failure && <div className="portal-form-error">{t('app.kit.loadFailed', { message: failure })}</div>}
      <h3>{t('app.dashboard.queues')}</h3>
      <div className="portal-queue-cards">
        {summary?.queues.length === 0 && <p className="portal-hint">{t('app.dashboard.noQueues')}</p>}
        {summary?.queues.map((queue) => {
          const page = pageById(queue.pageId)!;
          return (
            <Link
              key={queue.pageId}
              href={`${page.path}?${queue.field}=${queue.values.join(',')}`}
              className="portal-queue-card"
            >
              <span className="portal-queue-count">{queue.count}</span>
              <span>{t(page.titleKey)}</span>
            </Link>
          );
        })}
      </div>
      {Object.entries(summary?.recent ?? {}).map(([key, recent]) => {
        const page = pageById(recent.pageId)!;
        return (
          <div key={key} className="portal-recent">
            <h3>
              <Link href={page.path}>{t(`app.dashboard.recent.${key}`)}</Link>
            </h3>
            <table className="portal-table">
              <tbody>
                {recent.rows.map((row) => (
                  <tr key={String(row.ObjectID)}>
                    {recentColumns[key].map(([field, kind]) => (
                      <td key={field} className={kind === 'price' ? 'portal-number' : undefined}>
                        {show(kind, row[field])}
                      </td>
                    ))}
                  </tr>
                ))}
                {recent.rows.length === 0 && (
                  <tr>
                    <td className="portal-table-empty">{t('app.kit.empty')}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}
