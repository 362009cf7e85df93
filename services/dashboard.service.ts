import { fetchDictionaries } from './dictionary.service';
import { request } from './http.service';

export interface DashboardQueue {
  pageId: string;
  field: string;
  values: string[];
  count: number;
}

/** One order line's figures of a month, computed from its orders, payments, invoices and shipments. */
export interface DashboardOrderFigures {
  PageID: string;
  OrderChannel: string;
  Period: string;
  OrderCount: number;
  OrderAmount: string;
  PaidAmount: string;
  InvoicedAmount: string;
  OrderedQuantity: number;
  ShippedQuantity: number;
}

export interface DashboardSummary {
  queues: DashboardQueue[];
  orderFigures?: DashboardOrderFigures[];
  recent: Record<string, { pageId: string; rows: Record<string, unknown>[] }>;
}

export const fetchDashboard = () => request<DashboardSummary>('/dashboard/summary', {});

/** One month of an order line's figures on the dashboard's order chart. */
export type DashboardOrderMonth = Omit<DashboardOrderFigures, 'PageID'>;

/** An opportunity stage: how many, for how much, and how many of them won (the opportunity report's row). */
export interface DashboardStageRow {
  key: string | null;
  count: number;
  amount: string;
  wonCount: number;
  wonAmount: string;
}

export interface DashboardAttainmentRow {
  Key: string | null;
  IndicatorType: string | null;
  TaskAmount: string;
  CompletedAmount: string;
  CompletionRate: string | null;
}

export interface DashboardRebateFigures {
  AvailableBalance: string;
  FrozenAmount: string;
  Balance: string;
}

/** The dashboard's charts as the server computed them from their reports (docs/reports.md). */
export interface DashboardCharts {
  Period: string;
  orderTrend: { PageID: string; OrderChannel: string; Months: DashboardOrderMonth[] }[];
  opportunityStages?: { PageID: string; Rows: DashboardStageRow[] };
  taskAttainment?: {
    PageID: string;
    Year: string;
    GroupedBy: 'ProvinceName' | 'Brand';
    Rows: DashboardAttainmentRow[];
  };
  rebateBalance?: DashboardRebateFigures & {
    PageID: string;
    GroupedBy: 'Account' | 'Agent';
    AgentCount: number;
    Rows: (DashboardRebateFigures & { AgentName?: string; Brand?: string; AccountType?: string })[];
  };
  /** Dictionary words of the codes the charts name (stages, brands, indicators, accounts), in the reader's language. */
  words: Record<string, Record<string, string>>;
}

const CHART_DICTIONARIES = ['OpportunityStage', 'Brand', 'TaskIndicatorType', 'RebateAccountType'];

/** POST /dashboard/charts, with the words of the codes its charts name. */
export async function fetchDashboardCharts(lang: string): Promise<DashboardCharts> {
  const [charts, dictionaries] = await Promise.all([
    request<Omit<DashboardCharts, 'words'>>('/dashboard/charts', {}),
    fetchDictionaries(CHART_DICTIONARIES, lang),
  ]);
  const words = Object.fromEntries(
    Object.entries(dictionaries).map(([code, options]) => [
      code,
      Object.fromEntries(options.map((o) => [o.keyword, o.content])),
    ]),
  );
  return { ...charts, words };
}
