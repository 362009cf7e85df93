/**
 * The figures of the dashboard's charts and the opportunity report as server and client both speak of
 * them (docs/reports.md "Dashboard charts"): amounts in yuan as numeric(18, 2) text, quantities in units.
 */

/**
 * One group of the opportunity report: its deals (rejected and withdrawn registrations are none) and
 * their estimated amount; of them the pipeline (running) with its estimate, the won with the amounts
 * they were won for, the lost and the void (expired, released, closed as invalid).
 */
export interface SummaryRow {
  key: string | null;
  count: number;
  amount: string;
  pipelineCount: number;
  pipelineAmount: string;
  wonCount: number;
  wonAmount: string;
  lostCount: number;
  voidCount: number;
}

/** A month's figures of one order line, computed from its orders, payments, invoices and shipments. */
export interface OrderFigures {
  OrderChannel: string;
  PageID: string;
  Period: string;
  OrderCount: number;
  OrderAmount: string;
  PaidAmount: string;
  InvoicedAmount: string;
  OrderedQuantity: number;
  ShippedQuantity: number;
}

/** The order chart of one line: a month of its figures per bar. */
export interface OrderTrend {
  PageID: string;
  OrderChannel: string;
  Months: Omit<OrderFigures, 'PageID'>[];
}

/** One bar of the attainment chart: a province's (or an RSP's brand's) target of one indicator. */
export interface AttainmentRow {
  Key: string | null;
  IndicatorType: string | null;
  TaskAmount: string;
  CompletedAmount: string;
  /** Completed ÷ task in percent, two decimals; null without a target. */
  CompletionRate: string | null;
}

export interface TaskAttainment {
  PageID: string;
  Year: string;
  /** ProvinceName: the provincial task report's provinces; Brand: an RSP's own task lines. */
  GroupedBy: 'ProvinceName' | 'Brand';
  Rows: AttainmentRow[];
}

export interface RebateFigures {
  AvailableBalance: string;
  FrozenAmount: string;
  Balance: string;
}

export interface RebateBalance extends RebateFigures {
  PageID: string;
  /** Account: an agent's own accounts (brand × account type); Agent: the top agents of the scope. */
  GroupedBy: 'Account' | 'Agent';
  AgentCount: number;
  Rows: (RebateFigures & { AgentName?: string; Brand?: string; AccountType?: string })[];
}

/** The dashboard's charts as the server computes them from their reports; each only for its page's holders. */
export interface DashboardChartFigures {
  Period: string;
  orderTrend: OrderTrend[];
  opportunityStages?: { PageID: string; Rows: SummaryRow[] };
  taskAttainment?: TaskAttainment;
  rebateBalance?: RebateBalance;
}
