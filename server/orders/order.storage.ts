import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/** Orders have a table of their own: the lists filter and sort them at volume (migration 003). */
export const orderStorages = {
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
      // Kept by the database from the approval and delivery statuses (migration 088).
      OrderStatus: col('order_status'),
      SynchState: col('synch_state'),
      cityManagerName: col('city_manager_name'),
    },
    // A year's numbers are a third of a line's orders: indexed and counted by their year (migration 131).
    number: { field: 'OrderNo', prefix: NUMBER_PREFIX.order, yearIndexed: true },
    keptCount: {
      table: 'sales_order_year_count',
      count: 'order_count',
      fields: ['OrderChannel'],
      byNumberYear: true,
    },
    defaultSort: '-CreationOn',
    keywordFields: ['OrderNo', 'AgentName', 'EndUserName', 'ContractNo'],
    awaiting: true,
    // No createRequires: orders are entered through server/orders/order-entry.service.ts, which sets the channel.
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
