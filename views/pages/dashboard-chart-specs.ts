import { pageById } from '../../catalogue/catalogue';
import { formatPrice } from '../../domain/format';
import type { DashboardCharts } from '../../machines/shell/dashboard.machine';
import type { Translate } from '../app-context';

/** What a chart's axis counts: money in yuan, a number of things, or a percentage. */
export type ChartUnit = 'price' | 'count' | 'percent';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** Series with the same stack sit on top of each other. */
  stack?: string;
}

/** One dashboard chart: what to draw, and the same figures as a table for screen readers. */
export interface ChartSpec {
  id: string;
  title: string;
  /** The report page the chart summarises, opened from its card. */
  reportPath?: string;
  unit: ChartUnit;
  /** Bars along the vertical axis, for long names (agents, accounts). */
  horizontal?: boolean;
  labels: string[];
  series: ChartSeries[];
  table: { head: string[]; rows: string[][]; foot?: string[] };
}

const amount = (value: unknown) => Number(value ?? 0);
const K = 'dashboardCharts';

/** Each order line's orders and payments per month: the line's order report, month by month. */
function orderSpecs(charts: DashboardCharts, t: Translate): ChartSpec[] {
  return charts.orderTrend.map((line) => {
    const page = pageById(line.PageID);
    const report = page ? t(page.titleKey) : line.PageID;
    return {
      id: `orders-${line.OrderChannel}`,
      title: t(`${K}.orders.title`, { report, months: line.Months.length }),
      reportPath: page?.path,
      unit: 'price',
      labels: line.Months.map((m) => m.Period),
      series: [
        { label: t(`${K}.orders.amount`), values: line.Months.map((m) => amount(m.OrderAmount)) },
        { label: t(`${K}.orders.paid`), values: line.Months.map((m) => amount(m.PaidAmount)) },
      ],
      table: {
        head: [
          t(`${K}.orders.month`),
          t(`${K}.orders.count`),
          t(`${K}.orders.amount`),
          t(`${K}.orders.paid`),
        ],
        rows: line.Months.map((m) => [
          m.Period,
          String(m.OrderCount),
          formatPrice(m.OrderAmount),
          formatPrice(m.PaidAmount),
        ]),
      },
    };
  });
}

/** The opportunity report's stages: how many opportunities each holds. */
function stageSpec(charts: DashboardCharts, t: Translate): ChartSpec[] {
  const stages = charts.opportunityStages;
  if (!stages) return [];
  const words = charts.words.OpportunityStage ?? {};
  const labels = stages.Rows.map((r) => (r.key === null ? t(`${K}.noValue`) : (words[r.key] ?? r.key)));
  return [
    {
      id: 'opportunity-stages',
      title: t(`${K}.stages.title`),
      reportPath: pageById(stages.PageID)?.path,
      unit: 'count',
      labels,
      series: [{ label: t(`${K}.stages.count`), values: stages.Rows.map((r) => r.count) }],
      table: {
        head: [
          t(`${K}.stages.stage`),
          t(`${K}.stages.count`),
          t(`${K}.stages.amount`),
          t(`${K}.stages.wonCount`),
        ],
        rows: stages.Rows.map((r, i) => [
          labels[i],
          String(r.count),
          formatPrice(r.amount),
          String(r.wonCount),
        ]),
      },
    },
  ];
}

/** Completion per province (or, for an RSP, per brand of its lines), one bar per indicator. */
function attainmentSpec(charts: DashboardCharts, t: Translate): ChartSpec[] {
  const tasks = charts.taskAttainment;
  if (!tasks) return [];
  const brands = charts.words.Brand ?? {};
  const indicators = charts.words.TaskIndicatorType ?? {};
  const keyOf = (key: string | null) =>
    key === null ? t(`${K}.noValue`) : tasks.GroupedBy === 'Brand' ? (brands[key] ?? key) : key;
  const indicatorOf = (code: string | null) =>
    code === null ? t(`${K}.noValue`) : (indicators[code] ?? code);
  const keys = [...new Set(tasks.Rows.map((r) => r.Key))];
  const codes = [...new Set(tasks.Rows.map((r) => r.IndicatorType))];
  const rateOf = (key: string | null, code: string | null) => {
    const row = tasks.Rows.find((r) => r.Key === key && r.IndicatorType === code);
    return row?.CompletionRate == null ? null : Number(row.CompletionRate);
  };
  return [
    {
      id: 'task-attainment',
      title: t(`${K}.attainment.${tasks.GroupedBy === 'Brand' ? 'titleOwn' : 'title'}`, { year: tasks.Year }),
      reportPath: pageById(tasks.PageID)?.path,
      unit: 'percent',
      labels: keys.map(keyOf),
      series: codes.map((code) => ({
        label: indicatorOf(code),
        values: keys.map((key) => rateOf(key, code)),
      })),
      table: {
        head: [
          t(`${K}.attainment.${tasks.GroupedBy}`),
          t(`${K}.attainment.indicator`),
          t(`${K}.attainment.task`),
          t(`${K}.attainment.completed`),
          t(`${K}.attainment.rate`),
        ],
        rows: tasks.Rows.map((r) => [
          keyOf(r.Key),
          indicatorOf(r.IndicatorType),
          formatPrice(r.TaskAmount),
          formatPrice(r.CompletedAmount),
          r.CompletionRate == null ? '' : `${r.CompletionRate}%`,
        ]),
      },
    },
  ];
}

/** Available and frozen rebate, stacked to the balance: an agent's accounts, or the top agents. */
function rebateSpec(charts: DashboardCharts, t: Translate): ChartSpec[] {
  const rebate = charts.rebateBalance;
  if (!rebate) return [];
  const own = rebate.GroupedBy === 'Account';
  const brands = charts.words.Brand ?? {};
  const accounts = charts.words.RebateAccountType ?? {};
  // A cash-discount account belongs to no brand: its label is the account type alone.
  const accountOf = (brand?: string, type?: string) =>
    [brand && (brands[brand] ?? brand), type && (accounts[type] ?? type)].filter(Boolean).join(' · ');
  const labels = rebate.Rows.map((r) => (own ? accountOf(r.Brand, r.AccountType) : (r.AgentName ?? '')));
  return [
    {
      id: 'rebate-balance',
      title: own ? t(`${K}.rebate.titleOwn`) : t(`${K}.rebate.titleTop`, { count: rebate.Rows.length }),
      reportPath: pageById(rebate.PageID)?.path,
      unit: 'price',
      horizontal: true,
      labels,
      series: [
        {
          label: t(`${K}.rebate.available`),
          values: rebate.Rows.map((r) => amount(r.AvailableBalance)),
          stack: 'b',
        },
        {
          label: t(`${K}.rebate.frozen`),
          values: rebate.Rows.map((r) => amount(r.FrozenAmount)),
          stack: 'b',
        },
      ],
      table: {
        head: [
          t(`${K}.rebate.${own ? 'account' : 'agent'}`),
          t(`${K}.rebate.available`),
          t(`${K}.rebate.frozen`),
          t(`${K}.rebate.balance`),
        ],
        rows: rebate.Rows.map((r, i) => [
          labels[i],
          formatPrice(r.AvailableBalance),
          formatPrice(r.FrozenAmount),
          formatPrice(r.Balance),
        ]),
        foot: [
          own ? t(`${K}.rebate.ownTotal`) : t(`${K}.rebate.total`, { count: rebate.AgentCount }),
          formatPrice(rebate.AvailableBalance),
          formatPrice(rebate.FrozenAmount),
          formatPrice(rebate.Balance),
        ],
      },
    },
  ];
}

/** Every chart the server answered, in the dashboard's order. */
export const chartSpecs = (charts: DashboardCharts, t: Translate): ChartSpec[] => [
  ...orderSpecs(charts, t),
  ...stageSpec(charts, t),
  ...attainmentSpec(charts, t),
  ...rebateSpec(charts, t),
];
