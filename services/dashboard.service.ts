import type { DashboardChartFigures, OrderFigures } from '../domain/report-figures';
import { fetchDictionaries } from './dictionary.service';
import { request } from './http.service';

export interface DashboardQueue {
  pageId: string;
  field: string;
  values: string[];
  /** What the card counts where the page's title alone does not say it (a locale key). */
  labelKey: string | null;
  count: number;
}

export interface DashboardSummary {
  queues: DashboardQueue[];
  orderFigures?: OrderFigures[];
  recent: Record<string, { pageId: string; rows: Record<string, unknown>[] }>;
}

export const fetchDashboard = () => request<DashboardSummary>('/dashboard/summary', {});

/** The dashboard's charts, with the words of the codes they name (stages, brands, indicators, accounts). */
export interface DashboardCharts extends DashboardChartFigures {
  /** Dictionary words of the codes the charts name, in the reader's language. */
  words: Record<string, Record<string, string>>;
}

const CHART_DICTIONARIES = ['OpportunityStage', 'Brand', 'TaskIndicatorType', 'RebateAccountType'];

/** POST /dashboard/charts, with the words of the codes its charts name. */
export async function fetchDashboardCharts(lang: string): Promise<DashboardCharts> {
  const [charts, dictionaries] = await Promise.all([
    request<DashboardChartFigures>('/dashboard/charts', {}),
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
