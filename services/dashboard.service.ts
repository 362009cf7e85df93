import { request } from './http.service';

export interface DashboardQueue {
  pageId: string;
  field: string;
  values: string[];
  count: number;
}

export interface DashboardSummary {
  queues: DashboardQueue[];
  recent: Record<string, { pageId: string; rows: Record<string, unknown>[] }>;
}

export const fetchDashboard = () => request<DashboardSummary>('/dashboard/summary', {});
