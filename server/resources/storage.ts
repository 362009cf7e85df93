import { activityStorages } from '../activity/activity.storage';
import { deliveryStorages } from '../deliveries/shipment.storage';
import { invoiceStorages } from '../invoices/invoice.storage';
import { letterStorages } from '../letters/letter.storage';
import { loanStorages } from '../loans/loan.storage';
import { opportunityReportStorages } from '../opportunities/opportunity-report.storage';
import { orderChangeStorages } from '../orders/order-change.storage';
import { partnerStorages } from '../partner/partner.storage';
import { paymentStorages } from '../payments/payment.storage';
import { rebateStorages } from '../rebates/ledger.storage';
import { reportStorages } from '../reports/report.storage';
import { reportReviewStorages } from '../reports/report-review.storage';
import { reportStateStorages } from '../reports/report-state.storage';
import { salesTaskStorages } from '../sales-tasks/sales-task.storage';

/**
 * Where a resource's records live. Most resources share the `record` table (keyed by resource); the
 * core entities that are filtered and sorted at volume have typed tables with indexed columns. In
 * both, a wire field without a column of its own is kept in the row's `data` jsonb, so the engine
 * that reads and writes them is one and the same.
 */
export type ColumnType = 'text' | 'numeric' | 'integer' | 'date' | 'timestamptz' | 'boolean' | 'uuid';

export interface ColumnMap {
  column: string;
  type: ColumnType;
}

export interface Storage {
  table: string;
  /** Shared-table storage: the rows of this resource carry its name in the `resource` column. */
  shared: boolean;
  /** Wire field → column, for the fields that have a column. */
  columns: Record<string, ColumnMap>;
  /** The business number the server assigns on create (DOMAIN.md numbering), e.g. OrderNo ← DD. */
  number?: { field: string; prefix: string };
  /** Default sort when the page asks for none. */
  defaultSort: string;
  /** Wire fields a general keyword search looks in. */
  keywordFields?: string[];
  /** Wire fields a new row cannot do without (its table's NOT NULL columns that the server does not fill). */
  createRequires?: string[];
  /**
   * The table keeps who its record's workflow waits for (`awaiting_role`, `awaiting_person`, written
   * by the projection; one stream per record), so the to-do lens reads the row instead of the streams.
   */
  awaiting?: true;
}

const col = (column: string, type: ColumnType = 'text'): ColumnMap => ({ column, type });

/** Every record has these, whatever its storage. */
export const baseColumns: Record<string, ColumnMap> = {
  ObjectID: col('object_id', 'uuid'),
  Version: col('version', 'integer'),
  CreationOn: col('created_at', 'timestamptz'),
  CreatedBy: col('created_by_name'),
  ModifiedOn: col('updated_at', 'timestamptz'),
  ModifiedBy: col('updated_by_name'),
};

const typed: Record<string, Omit<Storage, 'shared'>> = {
  ...activityStorages,
  ...paymentStorages,
  ...invoiceStorages,
  ...loanStorages,
  ...deliveryStorages,
  ...rebateStorages,
  ...partnerStorages,
  ...salesTaskStorages,
  ...orderChangeStorages,
  ...letterStorages,
  ...opportunityReportStorages,
  ...reportReviewStorages,
  ...reportStateStorages,
  order: {
    table: 'sales_order',
    columns: {
      OrderNo: col('order_no'),
      OrderChannel: col('order_channel'),
      OrderType: col('order_type'),
      AgentName: col('agent_name'),
      EndUserName: col('end_user_name'),
      ContractNo: col('contract_no'),
      OrderDate: col('order_date', 'date'),
      OrderAmount: col('order_amount', 'numeric'),
      ApprovalStatus: col('approval_status'),
      PaymentStatus: col('payment_status'),
      DeliveryStatus: col('delivery_status'),
      InvoicingStatus: col('invoicing_status'),
      SynchState: col('synch_state'),
      cityManagerName: col('city_manager_name'),
    },
    number: { field: 'OrderNo', prefix: 'DD' },
    defaultSort: '-CreationOn',
    keywordFields: ['OrderNo', 'AgentName', 'EndUserName', 'ContractNo'],
    awaiting: true,
    // No createRequires: orders are entered through server/orders/order-entry.service.ts, which sets the channel.
  },
  orderItem: {
    table: 'order_item',
    columns: {
      OrderNo: col('order_no'),
      ProductCode: col('product_code'),
      Quantity: col('quantity', 'integer'),
      UnitPrice: col('unit_price', 'numeric'),
    },
    defaultSort: '-CreationOn',
    // A line belongs to an order: its number names it (the row also keeps the order's id).
    createRequires: ['OrderNo'],
  },
  customer: {
    table: 'customer',
    columns: {
      Name: col('name'),
      AccountID: col('account_id'),
      ExtCreditCode_SDK: col('credit_code'),
      ExtCustomerType_SDK: col('customer_type'),
      ExtChannelSmallType_SDK: col('channel_type'),
      ExtCustomerStatus_SDK: col('status'),
    },
    number: { field: 'AccountID', prefix: 'KH' },
    defaultSort: '-CreationOn',
    keywordFields: ['Name', 'AccountID', 'ExtCreditCode_SDK'],
  },
  product: {
    table: 'product',
    columns: {
      pn: col('product_code'),
      Name: col('name'),
      ExtProductCategory_SDK: col('category'),
      ExtStandardPrice_SDK: col('standard_price', 'numeric'),
    },
    defaultSort: 'pn',
    keywordFields: ['pn', 'Name', 'ProductModel'],
    createRequires: ['pn', 'Name'],
  },
  // Last: the order reports read the order lines through their computed view (server/reports).
  ...reportStorages,
};

/** Numbers of the resources kept in the shared table (DOMAIN.md numbering). */
const sharedNumbers: Record<string, { field: string; prefix: string }> = {
  executionOrder: { field: 'ExecutionOrderNo', prefix: 'ZX' },
  salesTask: { field: 'TaskNo', prefix: 'RW' },
  payment: { field: 'PaymentNo', prefix: 'HK' },
  shipment: { field: 'ShipmentNo', prefix: 'FH' },
  orderChange: { field: 'ChangeNo', prefix: 'BG' },
  loanOrder: { field: 'LoanNo', prefix: 'JH' },
};

/**
 * A field → column map without a prototype: a request naming `constructor` or `toString` finds no
 * column instead of an inherited function.
 */
const columnsOf = (...maps: Record<string, ColumnMap>[]): Record<string, ColumnMap> =>
  Object.assign(Object.create(null), ...maps);

export function storageOf(resource: string): Storage {
  const own = typed[resource];
  if (own) return { ...own, shared: false, columns: columnsOf(baseColumns, own.columns) };
  return {
    table: 'record',
    shared: true,
    columns: columnsOf(baseColumns),
    number: sharedNumbers[resource],
    defaultSort: '-CreationOn',
  };
}

export const typedResources = Object.keys(typed);
