import type { FastifyInstance } from 'fastify';
import { pageById, pages } from '../../catalogue/catalogue';
import type { Db } from '../db/database';
import { allowedPageIds } from '../http/access';
import { type Caller, callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { isSystemAdmin } from '../identity/roles';
import { resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';

/**
 * The work queues a dashboard counts. A workflow's queue is the to-do card: the records of the lists that
 * declare it as their inbox whose stream waits for the caller (role, person, scope) — counted by the
 * very search the list runs, so the card and the list agree. Approvals not yet on a workflow are a
 * status filter of their approval page until their module moves onto one.
 */
const INBOXES = pages.filter((p) => p.kind === 'list' && p.inbox);

const QUEUES: { pageId: string; field: string; values: string[] }[] = [
  { pageId: 'ordersSetup.approvalQuery', field: 'ApprovalStatus', values: ['111'] },
  { pageId: 'ordersSetup.paymentApproval', field: 'ConfirmStatus', values: ['111'] },
  { pageId: 'ordersSetup.invoiceApproval', field: 'ApplicationStatus', values: ['111', '121'] },
  { pageId: 'ordersSetup.orderChangeConfirm', field: 'ChangeStatus', values: ['111'] },
  { pageId: 'business.specialPriceApproval', field: 'ExtSpecialPriceStatus_SDK', values: ['111', '121'] },
  { pageId: 'salesTask.rspTaskApproval', field: 'TaskApprovalStatus', values: ['111'] },
  { pageId: 'salesTask.cityManagerTaskApproval', field: 'TaskApprovalStatus', values: ['111'] },
  { pageId: 'rebates.rebateTasks', field: 'SettlementStatus', values: ['121'] },
];

const RECENT = [
  { key: 'orders', pageId: 'ordersSetup.selfBuiltOrders', resource: 'order' },
  { key: 'opportunities', pageId: 'business.opportunityList', resource: 'opportunity' },
];

async function countQueue(
  db: Db,
  caller: Caller,
  queue: { pageId: string; field: string; values: string[] },
) {
  const page = pageById(queue.pageId)!;
  const def = resourceDef(page.resource!)!;
  const { total } = await searchRecords(db, def, caller, {
    PageID: page.id,
    pageSize: 1,
    [queue.field]: queue.values.join(','),
  });
  return { pageId: page.id, field: queue.field, values: queue.values, count: total };
}

/** The logged-in user's dashboard: their queues and the newest orders and opportunities they may see. */
export function dashboardRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/dashboard/summary', { config: { access: 'session' } }, async (request) => {
    const caller = callerOf(request);
    const allowed = await allowedPageIds(db, caller.roleCode);
    const may = (pageId: string) => isSystemAdmin(caller.roleCode) || allowed.has(pageId);
    const queues = [];
    for (const page of INBOXES.filter((p) => may(p.id)))
      queues.push(await countQueue(db, caller, { pageId: page.id, field: 'AwaitingMe', values: ['1'] }));
    for (const queue of QUEUES.filter((q) => may(q.pageId))) queues.push(await countQueue(db, caller, queue));
    const recent: Record<string, { pageId: string; rows: Record<string, unknown>[] }> = {};
    for (const item of RECENT.filter((r) => may(r.pageId))) {
      const { rows } = await searchRecords(db, resourceDef(item.resource)!, caller, {
        pageSize: 5,
        sort: '-CreationOn',
      });
      recent[item.key] = { pageId: item.pageId, rows };
    }
    return ok({ queues, recent });
  });
}
