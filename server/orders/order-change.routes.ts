import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { orderChangeDeclaration } from '../../machines/workflows/order-change.workflow';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { plainBody } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { recordReadRoutes } from '../routes/record-reads.routes';
import { subjectStreamId } from '../workflows/decisions';
import { loadStream } from '../workflows/engine';
import { changeWithLines, modifyChange, requestChange } from './order-change.service';
import { currentLines } from './order-change-lines';
import { yuanOf } from './pricing';

/** The change's history: every event after its start, who, when, with what words. */
async function historyOf(db: Db, changeId: string) {
  const state = await loadStream(db, subjectStreamId(orderChangeDeclaration, changeId));
  return state.events.slice(1).map((e) => ({
    Seq: e.seq,
    Type: e.type,
    ActorName: e.actor_name,
    Role: e.role,
    At: new Date(e.at).toISOString(),
    Reason: (e.payload.reason as string | undefined) ?? (e.payload.comment as string | undefined) ?? null,
  }));
}

/**
 * Order changes on the wire: read like every resource (the list pages), the record with its lines and
 * history, the order's current lines for the change form, and the writes through their commands —
 * ask (create) and edit a draft (update); submit, confirm, refuse and approve go through
 * /portal/workflow/decide (workflow orderChange).
 */
export function orderChangeRoutes(app: FastifyInstance, db: Db) {
  const read = { config: { access: { resource: 'orderChange' } } } as const;
  recordReadRoutes(app, db, 'orderChange', {
    record: async (caller, id) => {
      const change = await changeWithLines(db, caller, String(id ?? ''));
      return { ...change, History: await historyOf(db, String(change.ObjectID)) };
    },
  });
  // The order's lines as they stand, with what is shipped of each: what the change form starts from.
  app.post('/portal/orderChange/orderLines', read, async (request) => {
    const body = plainBody(request.body);
    const caller = callerOf(request);
    const where = typeof body.OrderNo === 'string' ? body.OrderNo.trim() : '';
    const found = await sql<{ id: string }>`select object_id::text as id from sales_order
      where order_no = ${where}`.execute(db);
    if (!found.rows[0]) throw new PortalError(404, 'server.recordNotFound');
    const order = await getRecord(db, resourceDef('order')!, caller, found.rows[0].id);
    const lines = await currentLines(db, String(order.ObjectID));
    const names = await sql<{ code: string; name: string }>`select product_code as code, name from product
      where product_code in (${sql.join(lines.length ? lines.map((l) => l.productCode) : [''])})`.execute(db);
    const nameOf = new Map(names.rows.map((r) => [r.code, r.name]));
    return ok({
      Order: order,
      Lines: lines.map((l) => ({
        LineNo: l.lineNo,
        ProductCode: l.productCode,
        ProductName: nameOf.get(l.productCode) ?? '',
        Quantity: l.quantity,
        UnitPrice: yuanOf(l.unitFen),
        ShippedQuantity: l.shipped,
      })),
    });
  });
  const writes = (action: 'create' | 'update') => ({
    config: { access: { resource: 'orderChange', action } },
  });
  app.post('/portal/orderChange/create', writes('create'), async (request) =>
    ok(await requestChange(db, callerOf(request), plainBody(request.body)), {
      message: 'orderChanges.saved',
    }),
  );
  app.post('/portal/orderChange/update', writes('update'), async (request) =>
    ok(await modifyChange(db, callerOf(request), plainBody(request.body)), { message: 'orderChanges.saved' }),
  );
}
