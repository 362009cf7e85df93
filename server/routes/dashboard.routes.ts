import type { FastifyInstance } from 'fastify';
import { pageById, pages } from '../../catalogue/catalogue';
import { SpecialPriceStatus } from '../../domain/codes/opportunities.codes';
import { OrderChangeStatus } from '../../domain/codes/orders.codes';
import { RebateSettlementStatus } from '../../domain/codes/rebates.codes';
import { RECEIVERS, SHIPPERS } from '../../domain/shipments';
import type { Db } from '../db/database';
import { SHIPMENT_STATUS } from '../deliveries/delivery-status';
import { allowedPageIds } from '../http/access';
import { type Caller, callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { isSystemAdmin } from '../identity/roles';
import { dashboardCharts } from '../reports/dashboard-charts';
import { FIGURE_LINES, figurePeriod, orderFiguresOf } from '../reports/order-figures';
import { resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';

/**
 * The work queues a dashboard counts. A workflow's queue is the to-do card: the records of the lists that
 * declare it as their inbox whose stream waits for the caller (role, person, scope) — counted by the
 * very search the list runs, so the card and the list agree. Approvals not yet on a workflow are a
 * status filter of their approval page until their module moves onto one. A task package waiting for
 * the caller is counted once, on the list it is decided from: its lines on the RSP task approval list,
 * by the lens the sales task area declares (server/sales-tasks/package-awaiting.ts).
 */
const INBOXES = pages.filter((p) => p.kind === 'list' && p.inbox);

interface StatusQueue {
  pageId: string;
  field: string;
  values: string[];
  /** What the card counts, where the page's title alone does not say it. */
  labelKey?: string;
  /** Whose to-do it is, where not everyone holding the page acts on those rows. */
  whose?: (caller: Caller) => boolean;
}

/** The agent's own staff answer a shipment's receipt: the vendor's desks see it, but do not owe it. */
const agentReceivers = (caller: Caller) =>
  caller.dataScope === 'company' && RECEIVERS.includes(caller.roleCode);
/** Those who ship settle a receipt exception. */
const shippers = (caller: Caller) => SHIPPERS.includes(caller.roleCode);

/** Shipments an agent has to answer, and exceptions the vendor has to settle, on both delivery lists. */
const DELIVERY_QUEUES: StatusQueue[] = [
  'ordersSetup.ownLineDeliveryConfirm',
  'ordersSetup.partnerDeliveryConfirm',
].flatMap((pageId) => [
  {
    pageId,
    field: 'ShipmentStatus',
    values: [SHIPMENT_STATUS.dispatched],
    labelKey: 'app.dashboard.queueLabels.awaitingReceipt',
    whose: agentReceivers,
  },
  {
    pageId,
    field: 'ShipmentStatus',
    values: [SHIPMENT_STATUS.exception],
    labelKey: 'app.dashboard.queueLabels.receiptException',
    whose: shippers,
  },
]);

const STATUS_QUEUES: StatusQueue[] = [
  { pageId: 'ordersSetup.orderChangeConfirm', field: 'ChangeStatus', values: [OrderChangeStatus.toConfirm] },
  {
    pageId: 'business.specialPriceApproval',
    field: 'ExtSpecialPriceStatus_SDK',
    values: [SpecialPriceStatus.awaitingComplianceReview, SpecialPriceStatus.inApproval],
  },
  {
    pageId: 'rebates.rebateTasks',
    field: 'SettlementStatus',
    values: [RebateSettlementStatus.awaitingAgent],
  },
  ...DELIVERY_QUEUES,
];

/** A page whose list is a workflow's inbox is counted as its to-do card, never twice. */
const QUEUES = STATUS_QUEUES.filter((queue) => !pageById(queue.pageId)?.inbox);

/** The newest orders are own-line orders of any entry form: ordersSetup.ownLineOrders lists them all. */
const RECENT = [
  { key: 'orders', pageId: 'ordersSetup.ownLineOrders', resource: 'order' },
  { key: 'opportunities', pageId: 'business.opportunityList', resource: 'opportunity' },
];

async function countQueue(db: Db, caller: Caller, queue: StatusQueue) {
  const page = pageById(queue.pageId)!;
  const def = resourceDef(page.resource!)!;
  const { total } = await searchRecords(db, def, caller, {
    PageID: page.id,
    pageSize: 1,
    [queue.field]: queue.values.join(','),
  });
  return {
    pageId: page.id,
    field: queue.field,
    values: queue.values,
    labelKey: queue.labelKey ?? null,
    count: total,
  };
}

/** The logged-in user's dashboard: their queues and the newest orders and opportunities they may see. */
/** Whether the caller's role holds a page: the dashboard shows what a page of the role's menu shows. */
async function pagesOf(db: Db, caller: Caller) {
  const allowed = await allowedPageIds(db, caller.roleCode);
  return (pageId: string) => isSystemAdmin(caller.roleCode) || allowed.has(pageId);
}

export function dashboardRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/dashboard/summary', { config: { access: 'session' } }, async (request) => {
    const caller = callerOf(request);
    // The month of the order figures: the body's OrderPeriod (YYYY-MM), else this month.
    const period = figurePeriod((request.body as Record<string, unknown> | null)?.OrderPeriod);
    const may = await pagesOf(db, caller);
    const queues = [];
    for (const page of INBOXES.filter((p) => may(p.id)))
      queues.push(await countQueue(db, caller, { pageId: page.id, field: 'AwaitingMe', values: ['1'] }));
    for (const queue of QUEUES.filter((q) => may(q.pageId) && (q.whose?.(caller) ?? true)))
      queues.push(await countQueue(db, caller, queue));
    const recent: Record<string, { pageId: string; rows: Record<string, unknown>[] }> = {};
    for (const item of RECENT.filter((r) => may(r.pageId))) {
      // The newest of what the card's page lists (its fixed lens too), so the card and the page agree.
      const { rows } = await searchRecords(db, resourceDef(item.resource)!, caller, {
        PageID: item.pageId,
        pageSize: 5,
        sort: '-CreationOn',
      });
      recent[item.key] = { pageId: item.pageId, rows };
    }
    // Each order line's figures of the month, to whoever holds that line's order report.
    const orderFigures = [];
    for (const line of FIGURE_LINES.filter((l) => may(l.pageId)))
      orderFigures.push({ PageID: line.pageId, ...(await orderFiguresOf(db, caller, line.channel, period)) });
    return ok({ queues, recent, orderFigures });
  });

  // The charts beside the to-do cards, each from its report's query; OrderPeriod ends the order months.
  app.post('/portal/dashboard/charts', { config: { access: 'session' } }, async (request) => {
    const caller = callerOf(request);
    const period = figurePeriod((request.body as Record<string, unknown> | null)?.OrderPeriod);
    return ok(await dashboardCharts(db, caller, await pagesOf(db, caller), period));
  });
}
