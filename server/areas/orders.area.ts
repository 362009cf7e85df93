import { deliveryInvariants } from '../deliveries/delivery.invariants';
import { deliveryStorages } from '../deliveries/shipment.storage';
import { shipmentAutoConfirm } from '../deliveries/shipment-auto-confirm.job';
import { invoiceInvariants } from '../invoices/invoice.invariants';
import { invoiceStorages } from '../invoices/invoice.storage';
import { invoiceApprovalHooks } from '../invoices/invoice-approval.hooks';
import { loanInvariants } from '../loans/loan.invariants';
import { loanStorages } from '../loans/loan.storage';
import { afterLoanBandWrite } from '../loans/loan-bands';
import { loanOrderHooks } from '../loans/loan-order.hooks';
import { loanOverdue } from '../loans/loan-overdue.job';
import { executionOrderInvariants } from '../orders/execution-order.invariants';
import { orderInvariants } from '../orders/order.invariants';
import { orderStorages } from '../orders/order.storage';
import { orderApprovalHooks } from '../orders/order-approval.hooks';
import { afterOrderApprovalConfigWrite } from '../orders/order-approval-config';
import { orderChangeHooks } from '../orders/order-change.hooks';
import { orderChangeStorages } from '../orders/order-change.storage';
import { beforeOrderChange } from '../orders/order-delete.rules';
import { partnerStorages } from '../partner/partner.storage';
import { partnerOrderPull } from '../partner/partner-pull.job';
import { partnerInstructionPull, partnerShipmentPull } from '../partner/shipping-pull.jobs';
import { afterPayerAgreementWrite } from '../payments/payer-agreement';
import { paymentInvariants } from '../payments/payment.invariants';
import { paymentStorages } from '../payments/payment.storage';
import { paymentApprovalHooks } from '../payments/payment-approval.hooks';
import { type AreaParts, defineArea, stored } from './area';

/** Orders: entry, approval, payment, invoicing, delivery, changes, loans, the partner line. */
export const ordersArea = defineArea(
  'orders',
  (): AreaParts<'orders'> => ({
    resources: {
      // A deleted order gives back its draw on execution orders (server/orders/order-delete.rules.ts).
      ...stored(orderStorages, { order: { beforeChange: beforeOrderChange } }),
      ...stored(partnerStorages),
      // Receipts and allocations, invoices, shipments and delivery information, changes and loans are
      // written only through their commands (docs/payments.md, invoices.md, deliveries.md, loans.md).
      ...stored(paymentStorages, {
        payment: { routes: 'commands' },
        paymentAllocation: { routes: 'commands' },
      }),
      ...stored(invoiceStorages, { invoice: { routes: 'commands' } }),
      ...stored(deliveryStorages, { shipment: { routes: 'commands' }, deliveryInfo: { routes: 'commands' } }),
      ...stored(orderChangeStorages, { orderChange: { routes: 'commands' } }),
      ...stored(loanStorages, { loanOrder: { routes: 'commands' }, loanReturn: { routes: 'commands' } }),
      // Approval bands never leave an amount without a chain (docs/orders.md, docs/loans.md).
      orderApprovalConfig: { afterWrite: afterOrderApprovalConfigWrite, demo: 'story' },
      loanApprovalConfig: { afterWrite: afterLoanBandWrite, demo: 'story' },
      // Third-party payment agreements are kept for the agent they name, within the writer's scope
      // (server/payments/payer-agreement.ts); the demo's are entered with its payments.
      payerAgreement: { afterWrite: afterPayerAgreementWrite, demo: 'story' },
    },
    workflows: {
      orderApproval: orderApprovalHooks,
      orderChange: orderChangeHooks,
      paymentApproval: paymentApprovalHooks,
      invoiceApproval: invoiceApprovalHooks,
      loanOrder: loanOrderHooks,
    },
    jobs: { partnerOrderPull, partnerInstructionPull, partnerShipmentPull, shipmentAutoConfirm, loanOverdue },
    invariants: {
      ...orderInvariants,
      ...executionOrderInvariants,
      ...deliveryInvariants,
      ...paymentInvariants,
      ...invoiceInvariants,
      ...loanInvariants,
    },
  }),
);
