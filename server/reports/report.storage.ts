import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where the computed reports are read from (migration 034): views over the records they summarise,
 * so no report row is ever stored. Both are read-only: no page offers a write on them.
 */
export const reportStorages = {
  // The order reports of both lines: the lines of the orders in force (effective or being changed, the
  // current revision) with what is shipped, paid and invoiced of them.
  orderItem: {
    table: 'order_item_report',
    columns: {
      OrderNo: col('order_no'),
      OrderChannel: col('order_channel'),
      OrderDate: col('order_date', 'date'),
      ApprovalStatus: col('approval_status'),
      AgentName: col('agent_name'),
      EndUserName: col('end_user_name'),
      CustomerName: col('end_user_name'),
      ProvinceName: col('province_name'),
      LineNo: col('line_no', 'integer'),
      ProductCode: col('product_code'),
      ProductModel: col('product_model'),
      Quantity: col('quantity', 'integer'),
      UnitPrice: col('unit_price', 'numeric'),
      LineAmount: col('line_amount', 'numeric'),
      ShippedQuantity: col('shipped_quantity', 'integer'),
      PaidAmount: col('paid_amount', 'numeric'),
      InvoicedAmount: col('invoiced_amount', 'numeric'),
      ItemPaymentStatus: col('item_payment_status'),
    },
    // Newest order first when a request names no sort, as the report pages declare: a month's lines are
    // then read backwards through the orders' (channel, date) index and only the first day's lines
    // are sorted. Sorting a month by the lines' creation walked every line created after the month.
    defaultSort: '-OrderDate',
    keywordFields: ['OrderNo', 'AgentName', 'EndUserName', 'ProductCode'],
  },
  // Supplied against reported purchases, per buyer, period, model and supplier (the vendor: none).
  reportReconciliation: {
    table: 'report_reconciliation',
    columns: {
      Period: col('period'),
      AgentName: col('agent_name'),
      ProvinceName: col('province_name'),
      VendorSupplied: col('vendor_supplied', 'boolean'),
      SupplierName: col('supplier_name'),
      ProductModel: col('product_model'),
      SuppliedQuantity: col('supplied_quantity', 'integer'),
      SuppliedAmount: col('supplied_amount', 'numeric'),
      PurchasedQuantity: col('purchased_quantity', 'integer'),
      PurchasedAmount: col('purchased_amount', 'numeric'),
      DifferenceQuantity: col('difference_quantity', 'integer'),
      DifferenceRate: col('difference_rate', 'numeric'),
      SerialMismatch: col('serial_mismatch', 'integer'),
      ReconcileStatus: col('reconcile_status'),
    },
    defaultSort: '-Period',
    keywordFields: ['AgentName', 'SupplierName', 'ProductModel'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
