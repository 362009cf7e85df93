import { type CodeOf, defineCodes } from './code';

/** Payments and invoices (SPEC §3 "Order"): payment statuses and methods, confirmations, refunds, invoicing. */

export const PaymentStatus = defineCodes({
  unpaid: ['101', '未回款', 'Unpaid'],
  partlyPaid: ['111', '部分回款', 'Partly paid'],
  paid: ['121', '已回款', 'Paid'],
  overpaid: ['131', '超额回款(转预收)', 'Overpaid (to prepayment)'],
});
export type PaymentStatus = CodeOf<typeof PaymentStatus>;

export const ItemPaymentStatus = defineCodes({
  unpaid: ['101', '未回款', 'Unpaid'],
  partlyPaid: ['111', '部分回款', 'Partly paid'],
  paid: ['121', '已回款', 'Paid'],
});
export type ItemPaymentStatus = CodeOf<typeof ItemPaymentStatus>;

export const InvoicingStatus = defineCodes({
  notInvoiced: ['101', '未开票', 'Not invoiced'],
  partlyInvoiced: ['111', '部分开票', 'Partly invoiced'],
  invoiced: ['121', '已开票', 'Invoiced'],
  reversed: ['131', '已红冲', 'Reversed (red invoice)'],
});
export type InvoicingStatus = CodeOf<typeof InvoicingStatus>;

export const PaymentMethod = defineCodes({
  wireTransfer: ['101', '电汇', 'Wire transfer'],
  bankAcceptanceBill: ['111', '银行承兑汇票', 'Bank acceptance bill'],
  onlineBanking: ['121', '网银转账', 'Online banking'],
});
export type PaymentMethod = CodeOf<typeof PaymentMethod>;

export const RspPaymentMethod = defineCodes({
  payBeforeDelivery: ['101', '先款后货', 'Pay before delivery'],
  net30: ['111', '账期30天', 'Net 30'],
  net60: ['121', '账期60天', 'Net 60'],
});
export type RspPaymentMethod = CodeOf<typeof RspPaymentMethod>;

export const ServicePaymentMethod = defineCodes({
  oneOff: ['101', '一次性付款', 'One-off'],
  yearly: ['111', '按年付款', 'Yearly'],
  quarterly: ['121', '按季度付款', 'Quarterly'],
});
export type ServicePaymentMethod = CodeOf<typeof ServicePaymentMethod>;

export const PaymentConfirmStatus = defineCodes({
  toSubmit: ['101', '待提交', 'To submit'],
  awaitingFinance: ['111', '待财务确认', 'Awaiting finance'],
  confirmed: ['121', '已确认', 'Confirmed'],
  returned: ['131', '已退回', 'Returned'],
  rejected: ['141', '已驳回', 'Rejected'],
  partlyAllocated: ['151', '部分核销', 'Partly allocated'],
  allocated: ['161', '已核销', 'Allocated'],
});
export type PaymentConfirmStatus = CodeOf<typeof PaymentConfirmStatus>;

export const InvoiceType = defineCodes({
  vatSpecialInvoice: ['101', '增值税专用发票', 'VAT special invoice'],
  vatGeneralInvoice: ['111', '增值税普通发票', 'VAT general invoice'],
  digitalSpecialInvoice: ['121', '数电专票', 'Digital special invoice'],
  digitalGeneralInvoice: ['131', '数电普票', 'Digital general invoice'],
});
export type InvoiceType = CodeOf<typeof InvoiceType>;

export const InvoicingApplicationStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  pendingReview: ['111', '待审核', 'Pending review'],
  financeReview: ['121', '财务审核中', 'Finance review'],
  invoiced: ['131', '已开票', 'Invoiced'],
  sent: ['141', '已寄出', 'Sent'],
  received: ['151', '已签收', 'Received'],
  returned: ['161', '已退回', 'Returned'],
  rejected: ['171', '已驳回', 'Rejected'],
  reversing: ['181', '红冲中', 'Reversing'],
  reversed: ['191', '已红冲', 'Reversed'],
});
export type InvoicingApplicationStatus = CodeOf<typeof InvoicingApplicationStatus>;

export const CashDiscountType = defineCodes({
  paidBeforeDelivery: ['101', '先款后货', 'Paid before delivery'],
  paidWithin15Days: ['111', '开票后15天内回款', 'Paid within 15 days of invoice'],
  notApplicable: ['121', '不适用', 'Not applicable'],
});
export type CashDiscountType = CodeOf<typeof CashDiscountType>;

export const RefundDirection = defineCodes({
  toCustomerAccount: ['101', '退回客户账户', 'Refund to customer account'],
  toPrepayment: ['111', '转预收款', 'Move to prepayment'],
  offsetReceivables: ['121', '冲抵应收', 'Offset against receivables'],
  toRebateAccount: ['131', '转入返利账户', 'Credit to rebate account'],
});
export type RefundDirection = CodeOf<typeof RefundDirection>;
