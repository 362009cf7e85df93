import type { bookRules as zh } from '../zh/book-rules';

/** The rules of the books in English (see the Chinese file). */
export const bookRules: typeof zh = {
  orders: {
    amountIsSumOfLines: {
      title: "An order's amount is the sum of its lines",
      message: 'Order {{label}}: amount {{amount}}, lines sum to {{lines}}',
    },
    drawnIsSumOfLiveOrders: {
      title: "An execution order line's drawn quantity is what its live orders' lines take",
      message: 'Execution order {{label}}, line {{line}}: drawn {{drawn}}, live orders take {{ordered}}',
    },
    figuresFollowLines: {
      title: "An execution order's amounts and status follow its lines",
      message:
        'Execution order {{label}}: amount {{amount}}, executed {{executed}}, remaining {{remaining}}; its lines give {{linesAmount}}, {{linesExecuted}}, {{linesRemaining}} (status follows the drawn units)',
    },
    executionOrderOpportunityOfItsAgent: {
      title: "The opportunity an execution order names is one of its agent's own",
      message:
        'Execution order {{label}}: opportunity {{opportunityNo}} is not an opportunity of its agent {{agent}}',
    },
    shippedWithinOrdered: {
      title: 'No order line ships more than it orders',
      message: 'Order {{label}}, line {{line}}: ordered {{ordered}}, shipped {{shipped}}',
    },
    deliveryFollowsShipments: {
      title: "An order's shipped quantity and delivery status follow its shipments",
      message:
        'Order {{label}}: shipped {{shipped}}; shipments sum to {{shipments}} of {{ordered}} ordered (delivery status follows them)',
    },
    allocationsWithinReceipt: {
      title: "A receipt's allocations stay within the receipt",
      message: 'Receipt {{label}}: amount {{amount}}, allocations sum to {{allocations}}',
    },
    receiptFollowsAllocations: {
      title: "A receipt's allocated and unallocated amounts follow its allocations",
      message:
        'Receipt {{label}}: amount {{amount}}, allocated {{allocated}}, unallocated {{unallocated}}; allocations sum to {{allocations}}',
    },
    paidFollowsConfirmedAllocations: {
      title: "An order's paid and unpaid amounts and payment status follow its confirmed allocations",
      message:
        'Order {{label}}: paid {{paid}}, unpaid {{unpaid}}; due {{due}}, confirmed allocations {{confirmed}} (payment status follows them)',
    },
    invoicedWithinPaid: {
      title: "An order's invoiced amount stays within its confirmed payment",
      message:
        'Order {{label}}: invoiced {{invoiced}} (pending applications included), confirmed paid {{paid}}',
    },
    invoicingFollowsApplications: {
      title: "An order's invoiced amount and invoicing status follow its invoiced applications",
      message:
        'Order {{label}}: invoiced {{invoiced}}; invoiced applications sum to {{lines}} of {{due}} due (invoicing status follows them)',
    },
    outstandingFollowsRows: {
      title:
        "A loan's outstanding units are lent less returned, compensated and converted, each as its rows say",
      message:
        'Loan {{label}}: lent {{lent}}, returned {{returned}}, compensated {{compensated}}, converted {{converted}}; its rows say lent {{rowsLent}}, returned {{rowsReturned}}, compensated {{rowsCompensated}}, converted {{rowsConverted}}',
    },
    conversionsAreLiveSales: {
      title: 'A conversion counts only through a loan-to-sale order that is neither cancelled nor rejected',
      message:
        'Loan {{label}}: {{units}} units converted on order {{orderNo}}, which is cancelled, rejected or gone',
    },
    orderOpportunityOfItsAgent: {
      title: "The opportunity an order names is one of its agent's own",
      message: 'Order {{label}}: opportunity {{opportunityNo}} is not an opportunity of its agent {{agent}}',
    },
    yearCountsFollowOrders: {
      title: 'The order counts the lists keep by number year and scope equal the orders there are',
      message: '{{label}}: {{kept}} orders counted, {{counted}} there',
    },
    opportunityOfItsAgent: {
      title: "The opportunity a loan names is one of its agent's own",
      message: 'Loan {{label}}: opportunity {{opportunityNo}} is not an opportunity of its agent {{agent}}',
    },
    serialsFollowUnits: {
      title:
        'A loan line keeps a serial for every unit still out, and marks no more serials back or sold than units came back or were sold',
      message:
        'Loan line {{label}}: {{out}} units out, {{back}} back, {{sold}} sold; serials out {{serialsOut}}, back {{serialsBack}}, sold {{serialsSold}}',
    },
  },
  rebates: {
    balanceIsSumOfFlows: {
      title: "A rebate account's balance is the sum of its flows",
      message:
        "{{agent}}'s account (last entry {{label}}): available {{available}}, frozen {{frozen}}, pending {{pending}}; its entries sum to available {{available_flows}}, frozen {{frozen_flows}}, pending {{pending_flows}}",
    },
    flowsNumberedInTurn: {
      title:
        "A rebate account's entries are numbered 1, 2, 3… without a gap: the last number is how many the ledger lists",
      message: "{{agent}}'s account (last entry {{label}}): {{flows}} entries, numbered up to {{last_seq}}",
    },
    summaryAddsUpToBalance: {
      title:
        'Rebate summary: posted + STI − used ± reversed ± adjusted − expired − paid out = balance = available + frozen',
      message:
        "{{agent}}'s account (last entry {{label}}): posted {{posted}} + STI {{sti}} − used {{used}} ± reversed {{reversed}} ± adjusted {{adjusted}} − expired {{expired}} − paid out {{paid_out}} = {{columns}}, balance {{balance}} (available {{available}} + frozen {{frozen}})",
    },
    frozenBelongsToOrderInApproval: {
      title: 'Frozen rebate belongs to an order in approval',
      message:
        'Order {{label}}: {{frozen}} of rebate of {{agent}} is frozen for it, but the order is no longer in approval (deleted, cancelled or decided)',
    },
    rebateUsedFollowsLedger: {
      title:
        "An order's rebate used is its use entries less their reversal (under its original number after a change): what the order shows used while in force, 0 once cancelled or rejected",
      message:
        'Order {{label}} ({{agent}}): should hold {{expected}} of rebate, the order shows {{held}} used, its entries use {{used}} and give back {{reversed}}',
    },
    settlementPostsItsLines: {
      title: 'A settlement posts its calculated rebate plus its adjustment',
      message:
        'Settlement {{label}}: payable {{payable}} (calculated {{calculated}} + adjustment {{adjusted}}), posted {{posted}}',
    },
    sheetLinesAreTheirFlows: {
      title:
        "A settlement sheet's published lines are their post flows; an unpublished or void sheet holds none",
      message: 'Settlement sheet {{label}}: task {{task}} line {{amount}}, flow {{flow}} posted {{posted}}',
    },
  },
  salesTasks: {
    stiPostedOnce: {
      title:
        'RSP STI: a posted STI is one flow of its amount on the rebate account, and no STI flow lacks its STI',
      message: 'STI {{label}}: amount {{amount}}, {{count}} STI flow(s) totalling {{total}}',
    },
    stiOnlyForTargetsSetBefore: {
      title: 'RSP STI: posted only for quarters that began after the province target was approved',
      message: 'STI {{label}}: the quarter began on {{start}}; the target in force was approved {{approved}}',
    },
    targetQuartersAddUp: {
      title: "A province target's quarters add up to its annual target",
      message: 'Province target {{label}}: annual target {{annual}}, quarters sum to {{quarters}}',
    },
    taskSplitAddsUp: {
      title: "A task's quarters add up to its annual target and its months to their quarter",
      message: 'Task {{label}}: {{period}} {{amount}}, its parts sum to {{parts}}',
    },
    lineQuartersAddUp: {
      title: "An RSP's or a city manager's quarters add up to its share of the year",
      message: '{{label}}: the year {{annual}}, quarters sum to {{quarters}}',
    },
    oneTargetPerKey: {
      title: 'One province target per year, province, brand line and indicator',
      message:
        'Province target {{label}}: {{count}} targets share its year, province, brand line and indicator',
    },
    lineBelongsToTarget: {
      title: 'Every RSP line belongs to a live province target, once per RSP',
      message:
        'RSP line {{label}}: {{targets}} province targets match it, and the RSP has {{lines}} lines on it',
    },
    confirmationStandsForItsFigure: {
      title: "An RSP's answer stands only for the figure it answered",
      message: 'RSP line {{label}}: answered for {{confirmed}}, now {{amount}}',
    },
    confirmationIsOfItsTarget: {
      title:
        "An RSP line's confirmation belongs to the target it is under now: moved to another target, its answer no longer stands and the round of the target it left waits for it no more",
      message:
        'RSP line {{label}}: confirmation round {{round}} ({{status}}) is not of the target it is under now',
    },
    targetOutAsksEveryLine: {
      title:
        'A province target out for confirmation has RSP lines, and asks each of them of its RSP until it is answered',
      message:
        'Province target {{label}} is out for confirmation with {{lines}} RSP line(s); lines no RSP is asked about: {{unasked}}',
    },
    loadBearingIsLinesOverTarget: {
      title: "A province's load bearing is the sum of its RSP lines over its target",
      message:
        'Province target {{label}}: RSPs carry {{allocated}} (lines sum to {{lines}}), load bearing {{rate}}% (should be {{expected}}%)',
    },
    allocatedIsLinesOfKey: {
      title:
        "Task management: allocated = the RSP lines of the task's key, unallocated = the rest of its year (never below zero)",
      message:
        'Task {{label}}: allocated {{allocated}} (RSP lines sum to {{lines}}), unallocated {{unallocated}} (should be {{expected}})',
    },
    cityManagerAllocatedIsTasks: {
      title: "A province target's share allocated to city managers is the sum of their tasks of its key",
      message:
        'Province target {{label}}: allocated to city managers {{allocated}}, their tasks sum to {{tasks}}',
    },
  },
  reports: {
    openingIsLastClosing: {
      title: "A stock line's opening is the previous month's closing, both ways",
      message:
        'Stock report {{label}} ({{agent}}, {{period}}) model {{model}}: opening {{opening}}, closing of {{previous}} {{expected}}',
    },
    countsTheLinesItLists: {
      title: "A report's line count and total quantity are those of the lines it lists",
      message:
        'Report {{label}} ({{agent}}, {{period}}): counts {{counted}} lines of quantity {{counted_quantity}}, lists {{listed}} lines of quantity {{listed_quantity}}',
    },
    oneLinePerKey: {
      title: 'An agent holds one line per report key',
      message: 'Report {{label}} ({{agent}}, {{period}}): "{{line_key}}" has {{lines}} lines',
    },
    linesNameAKnownModel: {
      title: 'Every report line names a known product model',
      message:
        'Report {{label}} ({{agent}}, {{period}}): {{lines}} lines name "{{model}}", which is no known product model',
    },
    reconciliationCountsEachLineOnce: {
      title: 'Monthly shipment report: supplied and purchased equal the shipments and purchase lines',
      message:
        '{{label}}: shipped {{shipped}}, report supplied {{supplied}}; purchase lines {{reported}}, report purchased {{purchased}}',
    },
    ownLineMonthFigures: {
      title: 'Dashboard and report month figures (own line) equal the sums of their sources',
      message:
        '{{label}} (own line): kept {{keptCount}} orders, amount {{keptAmount}}, paid {{keptPaid}}, invoiced {{keptInvoiced}}, shipped {{keptShipped}}/{{keptOrdered}}; the documents sum to {{count}} orders, amount {{amount}}, paid {{paid}}, invoiced {{invoiced}}, shipped {{shipped}}/{{ordered}}',
    },
    partnerLineMonthFigures: {
      title: 'Dashboard and report month figures (partner line) equal the sums of their sources',
      message:
        '{{label}} (partner line): kept {{keptCount}} orders, amount {{keptAmount}}, paid {{keptPaid}}, invoiced {{keptInvoiced}}, shipped {{keptShipped}}/{{keptOrdered}}; the documents sum to {{count}} orders, amount {{amount}}, paid {{paid}}, invoiced {{invoiced}}, shipped {{shipped}}/{{ordered}}',
    },
    ownLineCollections: {
      title: "Sales tasks' collections (own line) equal the confirmed allocations they sum",
      message:
        '{{label}} (own line): kept {{keptCount}} allocations, collected {{keptPaid}}; the confirmed receipts allocate {{count}}, {{paid}}',
    },
    partnerLineCollections: {
      title: "Sales tasks' collections (partner line) equal the confirmed allocations they sum",
      message:
        '{{label}} (partner line): kept {{keptCount}} allocations, collected {{keptPaid}}; the confirmed receipts allocate {{count}}, {{paid}}',
    },
  },
  agents: {
    limitIsLastApproved: {
      title: "An agent's credit limits = those of its last approved credit limit change",
      message:
        'Agent {{label}}: own-line limit {{limit}}, partner line {{partnerLimit}}; the last approved request gave {{approved}}, {{approvedPartner}}',
    },
    supplierIsRspOfProvince: {
      title:
        "A CCP's supplying agent is an RSP of its province that cooperates, is due for renewal, or is suspended or blacklisted",
      message:
        'CCP {{label}} ({{province}}): its supplying agent {{supplier}} ({{supplierProvince}}) is not an RSP of that province that cooperates, is due for renewal, or is suspended or blacklisted',
    },
    supplierNameIsSupplier: {
      title: "A CCP shows its supplying agent by that agent's name",
      message: 'CCP {{label}}: shows {{kept}} as its supplying agent, which is {{supplier}}',
    },
  },
  opportunities: {
    recordsInDealScope: {
      title:
        "An opportunity's products and progress records follow its owner: the same agent, province and city",
      message:
        'Opportunity {{label}}: held by {{owner}}, {{records}} of its products or progress records by {{recordOwner}}',
    },
  },
  specialPrices: {
    executedIsExecutionLines: {
      title: "A special price line's executed quantity is what its execution orders' lines approve",
      message:
        'Special price {{label}}, line {{line}}: executed {{executed}}, its execution orders take {{executionLines}}',
    },
    totalsAreSumOfLines: {
      title: "A special price's standard, requested and approved totals = its lines' prices × quantities",
      message:
        'Special price {{label}}: standard total {{listTotal}} (lines {{linesList}}), requested {{applyTotal}} (lines {{linesApply}}), approved {{approvedTotal}} (lines {{linesApproved}})',
    },
  },
  system: {
    stepsFollowEvents: {
      title: "A workflow's recorded steps = its events",
      message: 'Workflow {{label}}: recorded at step {{steps}}, {{events}} events',
    },
    stateIsLastReached: {
      title: "A workflow's recorded state = the state its last decision reached",
      message: 'Workflow {{label}}: its recorded state is not the one step {{step}} reached',
    },
  },
};
