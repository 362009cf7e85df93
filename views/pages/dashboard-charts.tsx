import { useMemo } from 'react';
import type { DashboardCharts } from '../../machines/shell/dashboard.machine';
import { useT } from '../app-context';
import { ChartCard } from './dashboard-chart';
import { chartSpecs } from './dashboard-chart-specs';

/**
 * The dashboard's charts, loaded after login with chart.js in their own chunk: the login page never
 * carries them. Each chart is drawn from the figures the server computed from its report.
 */
export default function DashboardChartsPanel({ charts }: { charts: DashboardCharts }) {
  const t = useT();
  const specs = useMemo(() => chartSpecs(charts, t), [charts, t]);
  if (specs.length === 0) return null;
  return (
    <section className="portal-charts" aria-label={t('dashboardCharts.title')}>
      <h3>{t('dashboardCharts.title')}</h3>
      <div className="portal-chart-grid">
        {specs.map((spec) => (
          <ChartCard key={spec.id} spec={spec} />
        ))}
      </div>
    </section>
  );
}
