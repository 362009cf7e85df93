import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/database';
import { type Caller, callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { likePattern } from '../resources/expressions';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { linesOfExecutionOrder } from './execution-order-lines';
import { submitOrder } from './order-approval.service';
import { checkEntryFormOpen } from './order-entry.rules';
import { createOrder, type OrderEntryInput, orderWithLines, updateDraftOrder } from './order-entry.service';
import { linesOfOrder } from './order-lines';
import { usableRebateOfOrder } from './order-usable-rebate';

/**
 * The order resource's writes go through order entry instead of the generic engine: an order is
 * created with its lines and priced by the server, and only a draft is edited.
 */
export const orderWrites = {
  async create(db: Db, caller: Caller, body: Record<string, unknown>) {
    await checkEntryFormOpen(db, caller, body.PageID);
    return createOrder(db, caller, body as OrderEntryInput);
  },
  async update(db: Db, caller: Caller, body: Record<string, unknown>) {
    return updateDraftOrder(db, caller, body);
  },
};

/** Fields of an update body that change nothing by themselves: which order, which version, which form. */
const UPDATE_KEYS = new Set(['ObjectID', 'Version', 'PageID']);

/**
 * Saves what an entry form holds and submits the order for approval, in one transaction: a new order
 * is entered, a draft or returned one saved with its changes (an unchanged one only checked for its
 * version), then submitted by submitOrder, the approval's one submission. A refusal of either step
 * (a field, a line, the credit, no band) leaves nothing written, so the form keeps what was typed.
 */
export function saveAndSubmitOrder(db: Db, caller: Caller, body: Record<string, unknown>) {
  return inTransaction(db, async (trx) => {
    const changed = Object.keys(body).some((key) => !UPDATE_KEYS.has(key));
    let orderId: string;
    let version: number | undefined;
    if (body.ObjectID === undefined) orderId = String((await orderWrites.create(trx, caller, body)).ObjectID);
    else if (changed) orderId = String((await orderWrites.update(trx, caller, body)).ObjectID);
    else {
      // Nothing to save: the submission itself refuses a version the person did not see (409).
      orderId = String(body.ObjectID);
      version = typeof body.Version === 'string' ? Number(body.Version) : (body.Version as number);
    }
    await submitOrder(trx, caller, { orderId, version });
    return orderWithLines(trx, caller, orderId);
  });
}

const PRODUCT_PAGE = 20;

/**
 * An entry form's save-and-submit, the lines of an order (its detail page) and of an execution order, the products an entry form's line picker offers, and the
 * rebate an order may deduct (the entry form and the approval page show it).
 */
export function orderEntryRoutes(app: FastifyInstance, db: Db) {
  const access = { config: { access: { resource: 'order' } } };
  app.post('/portal/order/submit', access, async (request) =>
    ok(await saveAndSubmitOrder(db, callerOf(request), plainBody(request.body)), {
      message: 'orderApproval.submitted',
    }),
  );
  app.post('/portal/order/lines', access, async (request) => {
    const body = plainBody(request.body);
    const order = await getRecord(db, resourceDef('order')!, callerOf(request), body.ObjectID);
    return ok(await linesOfOrder(db, String(order.ObjectID)));
  });
  // An execution order's approved lines, read once the execution order is read within the caller's scope.
  app.post(
    '/portal/executionOrder/lines',
    { config: { access: { resource: 'executionOrder' } } },
    async (request) => {
      const body = plainBody(request.body);
      const found = await getRecord(db, resourceDef('executionOrder')!, callerOf(request), body.ObjectID);
      return ok(await linesOfExecutionOrder(db, String(found.ObjectID)));
    },
  );
  app.post('/portal/order/usableRebate', access, async (request) =>
    ok(await usableRebateOfOrder(db, callerOf(request), plainBody(request.body))),
  );
  app.post('/portal/order/products', access, async (request) => {
    const body = plainBody(request.body);
    const keyword = typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 100) : '';
    const pattern = likePattern(keyword);
    const rows = await sql<
      Record<string, unknown>
    >`select product_code as "ProductCode", name as "ProductName",
        data->>'ProductModel' as "ProductModel", category as "Category", standard_price::text as "StandardPrice"
      from product where standard_price is not null
        and (${keyword} = '' or product_code ilike ${pattern} or name ilike ${pattern} or data->>'ProductModel' ilike ${pattern})
      order by product_code limit ${PRODUCT_PAGE}`.execute(db);
    return ok(rows.rows);
  });
}
