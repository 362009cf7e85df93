import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  type Scale,
  Tooltip,
} from 'chart.js';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { formatPrice } from '../../domain/format';
import { useT } from '../app-context';
import { ColumnHeads } from '../kit/column-heads';
import type { ChartSpec, ChartUnit } from './dashboard-chart-specs';

// Only what a bar chart needs: chart.js leaves out every controller and scale not registered.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const wholeYuan = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
/** A figure as the tooltip and the table show it: yuan with two decimals (SPEC §9), a count, a percentage. */
const valueText = (unit: ChartUnit, value: number | null) =>
  value === null
    ? ''
    : unit === 'price'
      ? formatPrice(value)
      : unit === 'percent'
        ? `${value}%`
        : String(value);
/** An axis tick: yuan grouped without decimals, so a phone's narrow axis still reads. */
const tickText = (unit: ChartUnit, value: number) =>
  unit === 'price' ? wholeYuan.format(value) : unit === 'percent' ? `${value}%` : String(value);
/** Long names (agents) are cut on the axis; the tooltip and the table keep them whole. */
const shortLabel = (label: string) => (label.length > 10 ? `${label.slice(0, 9)}…` : label);

function palette(): string[] {
  const primary = getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim();
  return [primary || '#409eff', '#67c23a', '#e6a23c', '#909399'];
}

function configOf(spec: ChartSpec): ChartConfiguration<'bar'> {
  const colours = palette();
  const stacked = spec.series.some((s) => s.stack);
  const horizontal = Boolean(spec.horizontal);
  const valueAxis = {
    type: 'linear' as const,
    stacked,
    beginAtZero: true,
    // A rate reads against its whole: the axis shows 100% even while every bar is low.
    suggestedMax: spec.unit === 'percent' ? 100 : undefined,
    ticks: { callback: (value: string | number) => tickText(spec.unit, Number(value)) },
  };
  // Names along the vertical axis are cut to leave the bars room; along the horizontal they tilt instead.
  const categoryAxis = {
    type: 'category' as const,
    stacked,
    ticks: {
      autoSkip: true,
      callback(this: Scale, value: string | number) {
        const label = String(this.getLabelForValue(Number(value)));
        return horizontal ? shortLabel(label) : label;
      },
    },
  };
  return {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series, i) => ({
        label: series.label,
        data: series.values,
        stack: series.stack,
        backgroundColor: colours[i % colours.length],
        maxBarThickness: 28,
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: horizontal ? 'y' : 'x',
      scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label}: ${valueText(spec.unit, horizontal ? item.parsed.x : item.parsed.y)}`,
          },
        },
      },
    },
  };
}

/** A row of the figures table: the first cell names the row, the others are its figures. */
function FigureRow({ head, cells }: { head: string[]; cells: string[] }) {
  return (
    <tr>
      {cells.map((cell, j) =>
        j === 0 ? (
          <th key={head[j]} scope="row">
            {cell}
          </th>
        ) : (
          <td key={head[j]}>{cell}</td>
        ),
      )}
    </tr>
  );
}

/**
 * One chart card: its title (opening the report it summarises), the bars on a canvas, and the same
 * figures in a table only screen readers see, so the numbers are never locked in pixels.
 */
export function ChartCard({ spec }: { spec: ChartSpec }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const titleId = useId();
  const empty = spec.labels.length === 0;

  useEffect(() => {
    if (empty || !canvas.current) return;
    const chart = new Chart(canvas.current, configOf(spec));
    return () => chart.destroy();
  }, [spec, empty]);

  return (
    <figure className="portal-chart" aria-labelledby={titleId} data-chart={spec.id}>
      <figcaption className="portal-recent-head">
        <h4 id={titleId}>{spec.title}</h4>
        {spec.reportPath && (
          <Link href={spec.reportPath} className="portal-recent-all">
            {t('dashboardCharts.openReport')} <i className="pi pi-angle-right" />
          </Link>
        )}
      </figcaption>
      {empty ? (
        <p className="portal-hint">{t('dashboardCharts.empty')}</p>
      ) : (
        <div className="portal-chart-canvas">
          <canvas ref={canvas} role="img" aria-label={spec.title} />
        </div>
      )}
      <table className="portal-visually-hidden">
        <caption>{spec.title}</caption>
        <ColumnHeads keys={spec.table.head} label={(head) => head} />
        <tbody>
          {spec.table.rows.map((row) => (
            <FigureRow key={row.join('|')} head={spec.table.head} cells={row} />
          ))}
        </tbody>
        {spec.table.foot && (
          <tfoot>
            <FigureRow head={spec.table.head} cells={spec.table.foot} />
          </tfoot>
        )}
      </table>
    </figure>
  );
}
