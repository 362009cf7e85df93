import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where the agents' reports (one per agent × period × report type) and their late-report requests
 * live (migration 040): tables of their own, their states written by their workflows.
 */
export const reportStateStorages = {
  agentReport: {
    table: 'agent_report',
    columns: {
      ReportNo: col('report_no'),
      AgentName: col('agent_name'),
      ProvinceName: col('province_name'),
      Period: col('period'),
      ReportType: col('report_type'),
      ReportStatus: col('report_status'),
      LineCount: col('line_count', 'integer'),
      TotalQuantity: col('total_quantity', 'numeric'),
      SubmittedOn: col('submitted_on', 'timestamptz'),
      SubmittedBy: col('submitted_by_name'),
      ReviewedOn: col('reviewed_on', 'timestamptz'),
      ReviewerName: col('reviewer_name'),
      ReviewOpinion: col('review_opinion'),
      LateReport: col('late_report', 'boolean'),
      LateUntil: col('late_until', 'timestamptz'),
      // Kept by the stock chain's check (server/reports/stock-continuity.ts).
      OpeningMismatch: col('opening_mismatch', 'boolean'),
    },
    defaultSort: '-Period',
    keywordFields: ['ReportNo', 'AgentName'],
  },
  // A report's lines as its lines page lists them (migration 093): the view over the line lists,
  // read-only, in the report's scope.
  agentReportLine: {
    table: 'agent_report_line',
    columns: {
      ReportID: col('report_id', 'uuid'),
      ReportNo: col('report_no'),
      ReportType: col('report_type'),
      ReportStatus: col('report_status'),
      AgentName: col('agent_name'),
      Period: col('period'),
      ProductModel: col('product_model'),
      CounterpartyName: col('counterparty_name'),
      Quantity: col('quantity', 'integer'),
      UnitPrice: col('unit_price', 'numeric'),
      Amount: col('amount', 'numeric'),
      LineDate: col('line_date', 'date'),
      OpeningQuantity: col('opening_quantity', 'integer'),
      PurchaseQuantity: col('purchase_quantity', 'integer'),
      SalesQuantity: col('sales_quantity', 'integer'),
      ClosingQuantity: col('closing_quantity', 'integer'),
      LateReport: col('late_report', 'boolean'),
    },
    defaultSort: 'ProductModel',
    keywordFields: ['ProductModel', 'CounterpartyName'],
  },
  lateReportRequest: {
    table: 'late_report_request',
    columns: {
      RequestNo: col('request_no'),
      AgentName: col('agent_name'),
      ProvinceName: col('province_name'),
      Period: col('period'),
      ReportType: col('report_type'),
      Reason: col('reason'),
      RequestStatus: col('request_status'),
      ApplicantName: col('applicant_name'),
      WindowEnd: col('window_end', 'timestamptz'),
      DeciderName: col('decider_name'),
      DecisionReason: col('decision_reason'),
    },
    number: { field: 'RequestNo', prefix: NUMBER_PREFIX.lateReport },
    defaultSort: '-CreationOn',
    keywordFields: ['RequestNo', 'AgentName'],
    createRequires: ['AgentName', 'Period', 'ReportType', 'Reason'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
