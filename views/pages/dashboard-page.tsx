import '../styles/dashboard.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import { formatDate, formatPrice } from '../../domain/format';
import { selectEmployee } from '../../machines/session/session.selectors';
import { dashboardLogic } from '../../machines/shell/dashboard.actors';
import { useApp, useLang, useT } from '../app-context';
import { fieldLabel } from '../kit/labels';

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
// chart.js comes with the charts, after the to-do cards: never in the login page's scripts.
const loadChartsPanel = () => import('./dashboard-charts');
const DashboardChartsPanel = lazy(loadChartsPanel);

const show = (kind: string, value: unknown) =>
  kind === 'price' ? formatPrice(value) : kind === 'date' ? formatDate(value as string) : String(value ?? '');

/** The logged-in user's start page: what waits for them, and the newest orders and opportunities. */
export default function DashboardPage() {
  const { session } = useApp();
  const t = useT();
  const employee = useSelector(session, selectEmployee);
  const lang = useLang();
  const dashboard = useActorRef(dashboardLogic, { input: { lang } });
  const summary = useSelector(dashboard, (s) => s.context.summary);
  const failure = useSelector(dashboard, (s) =>
    s.matches({ summary: 'failed' }) ? s.context.error : undefined,
  );
  const charts = useSelector(dashboard, (s) => s.context.charts);
  const chartsFailure = useSelector(dashboard, (s) =>
    s.matches({ charts: 'failed' }) ? s.context.chartsError : undefined,
  );
  useEffect(() => dashboard.send({ type: 'dashboard.language', lang }), [dashboard, lang]);
  // The chart code downloads while the server computes the charts' figures.
  useEffect(() => void loadChartsPanel(), []);

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
              key={`${queue.pageId}:${queue.values.join(',')}`}
              href={`${page.path}?${queue.field}=${queue.values.join(',')}`}
              className="portal-queue-card"
            >
              <span className="portal-queue-count">{queue.count}</span>
              <span>
                {t(page.titleKey)}
                {queue.labelKey && ` · ${t(queue.labelKey)}`}
              </span>
            </Link>
          );
        })}
      </div>
      {summary?.orderFigures?.map((figures) => {
        const page = pageById(figures.PageID)!;
        return (
          <section key={figures.PageID} className="portal-figures" aria-label={t(page.titleKey)}>
            <h3>
              {t(page.titleKey)} · {t('app.dashboard.figures.title', { period: figures.Period })}
            </h3>
            <div className="portal-queue-cards">
              {(
                [
                  ['orders', String(figures.OrderCount)],
                  ['amount', formatPrice(figures.OrderAmount)],
                  ['paid', formatPrice(figures.PaidAmount)],
                  ['invoiced', formatPrice(figures.InvoicedAmount)],
                  ['shipped', `${figures.ShippedQuantity} / ${figures.OrderedQuantity}`],
                ] as const
              ).map(([key, value]) => (
                <Link key={key} href={page.path} className="portal-figure-card">
                  <span className="portal-queue-count">{value}</span>
                  <span>{t(`app.dashboard.figures.${key}`)}</span>
                </Link>
              ))}
            </div>
          </section>
        );
      })}
      {chartsFailure && (
        <div className="portal-form-error">{t('dashboardCharts.failed', { message: chartsFailure })}</div>
      )}
      {charts && (
        <Suspense fallback={<p className="portal-hint">{t('dashboardCharts.loading')}</p>}>
          <DashboardChartsPanel charts={charts} />
        </Suspense>
      )}
      {Object.entries(summary?.recent ?? {}).map(([key, recent]) => {
        const page = pageById(recent.pageId)!;
        return (
          <section key={key} className="portal-recent" aria-label={t(`app.dashboard.recent.${key}`)}>
            <header className="portal-recent-head">
              <h3>{t(`app.dashboard.recent.${key}`)}</h3>
              <Link href={page.path} className="portal-recent-all">
                {t('app.dashboard.showAll')} <i className="pi pi-angle-right" />
              </Link>
            </header>
            {/* The list kit's table look: labelled headers, small striped rows. */}
            <DataTable
              value={recent.rows}
              dataKey="ObjectID"
              size="small"
              stripedRows
              scrollable
              emptyMessage={t('app.kit.empty')}
              className="portal-grid"
            >
              {recentColumns[key].map(([field, kind]) => (
                <Column
                  key={field}
                  field={field}
                  header={fieldLabel(t, page.resource, field)}
                  body={(row: Record<string, unknown>) => show(kind, row[field])}
                  bodyClassName={kind === 'price' ? 'portal-number' : undefined}
                />
              ))}
            </DataTable>
          </section>
        );
      })}
    </section>
  );
}
