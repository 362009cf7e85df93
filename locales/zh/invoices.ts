import { ordersSetup } from './pages/ordersSetup';

/** Invoicing (开票): applications, finance's review, the invoice details per order. */
export const invoices = {
  pages: {
    invoiceEdit: '开票申请',
    invoiceReview: '开票审核',
  },
  fields: {
    invoice: {
      ...ordersSetup.fields.invoice,
      AgentName: '代理商',
      BankName: '开户行',
      BankAccount: '银行账号',
      RegisteredAddress: '注册地址',
      RegisteredPhone: '注册电话',
      ApprovalNode: '审批节点',
      ApprovedOn: '开票审核日期',
    },
    invoiceDetail: {
      InvoiceNumber: '发票号码',
      InvoiceApplyNo: '开票申请编号',
      OrderNo: '订单号',
      AgentName: '代理商',
      InvoiceType: '发票类型',
      InvoiceAmount: '开票金额（元）',
      DiscountAmount: '返利折扣金额（元）',
      TaxAmount: '税额（元）',
      InvoiceDate: '开票日期',
      TrackingNo: '快递单号',
      ApplicationStatus: '申请状态',
    },
  },
  /** What the application form tells under a field (views/kit/record-page.tsx); lists keep the label. */
  hints: {
    OrderNo: '可填多张订单，逗号分隔',
    InvoiceAmount: '只申请一张订单时可填；留空则开出可开票的全部金额',
  },
  problems: {
    notEffective: '订单 {{no}} 尚未生效，不能开票',
    nothingInvoiceable:
      '订单 {{no}} 暂无可开票金额（先款后票：已确认回款 {{paid}}，已开票/申请中 {{invoiced}}），回款确认后再申请',
    amountNotPositive: '须大于 0',
    overInvoiceable:
      '订单 {{no}} 申请开票 {{amount}}，超过可开票金额 {{max}}（先款后票：已确认回款 {{paid}} − 已开票/申请中 {{invoiced}}）',
    otherAgent: '订单 {{no}} 不是 {{agent}} 的订单；一张开票申请只能包含同一代理商的订单',
    duplicateOrder: '订单 {{no}} 重复',
    noAgent: '订单 {{no}} 没有代理商',
    onePerOrder: '多张订单时不填开票金额，每张订单按可开票金额开票',
    tooMany: '一张开票申请最多 {{max}} 张订单',
    invoiceNumber: '发票号码最多 40 个字符',
  },
  /** The decision panel of an application (invoiceApproval). */
  decision: {
    title: '开票审核',
    commands: { agree: '开票' },
    states: { financeReview: '财务审核中', invoiced: '已开票' },
  },
  errors: {
    locked: '开票申请 {{no}} 已开票或已驳回，不能再修改',
    financeOnly: '发票号码和开票日期由财务录入',
  },
};
