import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where the payment resources live (migration 020): receipts and allocations in typed tables, the
 * multi-line payment flow as a view summed from them, so no report row is ever stored.
 */
export const paymentStorages = {
  payment: {
    table: 'payment_receipt',
    columns: {
      PaymentNo: col('payment_no'),
      AgentID: col('agent_id', 'uuid'),
      AgentName: col('agent_name'),
      PayerName: col('payer_name'),
      PaymentMethod: col('payment_method'),
      PaymentAmount: col('payment_amount', 'numeric'),
      AllocatedAmount: col('allocated_amount', 'numeric'),
      UnallocatedAmount: col('unallocated_amount', 'numeric'),
      PaymentDate: col('payment_date', 'date'),
      ArrivalDate: col('arrival_date', 'date'),
      BankSerialNo: col('bank_serial_no'),
      ThirdPartyPayment: col('third_party', 'boolean'),
    },
    number: { field: 'PaymentNo', prefix: NUMBER_PREFIX.payment },
    defaultSort: '-CreationOn',
    keywordFields: ['PaymentNo', 'AgentName', 'PayerName', 'BankSerialNo'],
    awaiting: true,
  },
  paymentAllocation: {
    table: 'payment_allocation',
    columns: {
      PaymentNo: col('payment_no'),
      OrderNo: col('order_no'),
      AgentName: col('agent_name'),
      AllocatedAmount: col('amount', 'numeric'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['PaymentNo', 'OrderNo', 'AgentName'],
  },
  paymentFlow: {
    table: 'payment_flow',
    columns: {
      PaymentNo: col('payment_no'),
      AgentName: col('agent_name'),
      ProvinceName: col('province_name'),
      OrderChannel: col('order_channel'),
      OrderNo: col('order_nos'),
      PaymentMethod: col('payment_method'),
      PaymentAmount: col('payment_amount', 'numeric'),
      AllocatedAmount: col('allocated_amount', 'numeric'),
      UnallocatedAmount: col('unallocated_amount', 'numeric'),
      PaymentDate: col('payment_date', 'date'),
      ConfirmedOn: col('confirmed_on', 'timestamptz'),
      ConfirmStatus: col('confirm_status'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['PaymentNo', 'AgentName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
