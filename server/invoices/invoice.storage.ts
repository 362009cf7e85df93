import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where invoicing lives (migration 024): applications in their own table, the invoice details list as
 * a view over the application lines, so the invoice numbers per order are read, never copied.
 */
export const invoiceStorages = {
  invoice: {
    table: 'invoice_application',
    columns: {
      InvoiceApplyNo: col('invoice_apply_no'),
      AgentID: col('agent_id', 'uuid'),
      AgentName: col('agent_name'),
      InvoiceType: col('invoice_type'),
      InvoiceTitle: col('invoice_title'),
      TaxpayerID: col('taxpayer_id'),
      BankName: col('bank_name'),
      BankAccount: col('bank_account'),
      RegisteredAddress: col('registered_address'),
      RegisteredPhone: col('registered_phone'),
      OrderNo: col('order_nos'),
      InvoiceAmount: col('invoice_amount', 'numeric'),
      DiscountAmount: col('discount_amount', 'numeric'),
      InvoiceNumber: col('invoice_number'),
      InvoiceDate: col('invoice_date', 'date'),
      AppliedOn: col('applied_on', 'date'),
    },
    number: { field: 'InvoiceApplyNo', prefix: NUMBER_PREFIX.invoice },
    defaultSort: '-CreationOn',
    keywordFields: ['InvoiceApplyNo', 'AgentName', 'OrderNo', 'InvoiceNumber'],
  },
  invoiceDetail: {
    table: 'invoice_detail',
    columns: {
      InvoiceNumber: col('invoice_number'),
      InvoiceApplyNo: col('invoice_apply_no'),
      OrderNo: col('order_no'),
      AgentName: col('agent_name'),
      InvoiceType: col('invoice_type'),
      InvoiceAmount: col('invoice_amount', 'numeric'),
      DiscountAmount: col('discount_amount', 'numeric'),
      TaxAmount: col('tax_amount', 'numeric'),
      InvoiceDate: col('invoice_date', 'date'),
      TrackingNo: col('tracking_no'),
      ApplicationStatus: col('application_status'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['InvoiceNumber', 'InvoiceApplyNo', 'OrderNo', 'AgentName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
