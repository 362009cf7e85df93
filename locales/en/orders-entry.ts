import type { ordersEntry as zh } from '../zh/orders-entry';

/** Order entry: the lines of an order form and what the server says about an order and its lines. */
export const ordersEntry: typeof zh = {
  unknownForm: 'Not an order entry form',
  formNamesNoCityManager: 'This order entry form has no city manager to choose',
  formNamesNoOpportunity: 'This order entry form has no opportunity to choose',
  noLines: 'Add at least one order line',
  tooManyLines: 'An order has at most {{max}} lines',
  selfBuiltStandardOnly:
    'A self-built order is a standard order; enter special-price and service orders on their own pages',
  otherCompany: 'You can order only for your own company',
  agentNotActive: 'This agent cannot order now (not in active cooperation)',
  amountTooLarge: 'The order amount is over the limit',
  rspOnly: 'Only a regional agent (RSP) places RSP hardware orders',
  rebateOverAmount: 'cannot exceed the order amount less the cash discount',
  cityManagerOfOtherCity: 'must be a city manager of the agent’s city',
  unknownSupplier: 'must be a general distributor in active cooperation',
  loanToSaleLines: 'The lines of a loan-to-sale order are the loaned units sold, and cannot be changed',
  notDraft: 'Only a draft or returned order can be changed',
  linesLocked: '{{field}} can be changed only while the order is a draft or returned',
  /** What the entry page says of a saved order's approval: where it stands and why it came back. */
  approval: {
    status: 'Order status',
    reason: 'Reason for return',
    refused: 'Not submitted: {{message}}',
  },
  line: {
    required: 'Line {{line}}: {{field}} is required',
    unknownProduct: 'Line {{line}}: {{field}} {{code}} does not exist',
    noStandardPrice: 'Line {{line}}: product {{code}} has no standard price and cannot be ordered',
    quantity: 'Line {{line}}: {{field}} must be a whole number from 1 to {{max}}',
    price: 'Line {{line}}: {{field}} must be an amount of at least 0 with at most two decimals',
    belowStandard:
      'Line {{line}}: {{field}} is below the standard price of {{price}} yuan; order it through an execution order (New order (special price))',
    belowApproved: "Line {{line}}: {{field}} is below the execution order's approved price of {{price}} yuan",
    overDraw: "Line {{line}}: {{field}} exceeds the execution order's remaining quantity of {{remaining}}",
  },
  execution: {
    otherAgent: 'the execution order belongs to another agent',
    closed: 'the execution order is fully executed or closed',
    expired: 'the execution order expired on {{day}}',
    noLines: 'the execution order has no approved lines',
    otherOpportunity: "does not match the execution order's opportunity",
  },
  /** An execution order's approved lines on its record page (views/pages/orders/execution-order-page.tsx). */
  executionLines: {
    title: 'Approved lines',
    lineNo: 'Line',
    product: 'Product',
    productName: 'Product name',
    approvedPrice: 'Approved price (CNY)',
    approvedQuantity: 'Approved quantity',
    drawnQuantity: 'Ordered',
    remainingQuantity: 'Left to order',
    empty: 'No approved lines',
  },
  service: {
    otherAgent: 'the related order belongs to another agent',
    noConstraint:
      'Line {{line}}: service part {{code}} has no service-to-product constraint for the chosen service type',
    notOnRelatedOrder:
      'Line {{line}}: the products service part {{code}} covers are not on the related hardware order',
    controlledPart:
      'Line {{line}}: {{code}} is a controlled part number and cannot be ordered with this service type',
    endBeforeStart: 'cannot be before the service start date',
  },
  lines: {
    title: 'Order lines',
    lineNo: 'Line',
    product: 'Product',
    productName: 'Product name',
    standardPrice: 'Standard price (yuan)',
    unitPrice: 'Unit price (yuan)',
    quantity: 'Quantity',
    lineAmount: 'Line amount (yuan)',
    executionOrderNo: 'Execution order',
    total: 'Order total (tax incl.): {{amount}} yuan',
    add: 'Add a line',
    remove: 'Remove',
    choose: 'Choose a product',
    search: 'Product code, name or model',
    empty: 'No lines yet',
    priceHint: 'Empty: the standard price (on a special-price order, the approved price)',
  },
  usableRebate: {
    title: 'Usable rebate (own brand)',
    chooseAgent: 'Choose the agent to see the rebate this order may use',
    available: 'Available rebate balance: {{amount}} yuan',
    limit: 'By the maximum use ratios, this order’s lines may deduct up to: {{amount}} yuan',
    usable: 'This order may use at most: {{amount}} yuan of rebate',
    asking: 'Working out the usable rebate…',
    failed: 'The usable rebate cannot be worked out now: {{message}}',
  },
};
