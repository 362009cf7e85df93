import type { FastifyInstance } from 'fastify';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { fieldError, plainBody } from '../http/validate';
import { recordReadRoutes } from '../routes/record-reads.routes';
import {
  addAllocation,
  allocateReceipt,
  allocateToOrders,
  openOrdersOfReceipt,
  removeAllocations,
  updateAllocation,
} from './allocation.service';
import { modifyReceipt, registerReceipt } from './receipt.service';

/** The ObjectIDs a delete names: one record, a list of ids, or the selected rows (SPEC §7). */
function idsOf(body: unknown): string[] {
  const list = Array.isArray(body)
    ? body.map((row) => (typeof row === 'string' ? row : (row as { ObjectID?: unknown })?.ObjectID))
    : Array.isArray((body as { ObjectIDs?: unknown })?.ObjectIDs)
      ? (body as { ObjectIDs: unknown[] }).ObjectIDs
      : [(body as { ObjectID?: unknown })?.ObjectID];
  if (!list.length || list.every((id) => id === undefined))
    throw new PortalError(400, 'server.nothingSelected');
  if (list.length > 100) throw fieldError(undefined, 'ObjectIDs', 'server.problems.tooMany');
  for (const id of list)
    if (typeof id !== 'string' || !UUID_PATTERN.test(id))
      throw fieldError(undefined, 'ObjectID', 'server.input.problems.objectId');
  return [...new Set(list as string[])];
}

/**
 * Payments on the wire (SPEC §7 shapes): receipts and allocations are read like every resource, and
 * written only through the commands that keep their rules — register, edit, allocate; decided on the
 * workflow layer (`workflow/decide`, paymentApproval).
 */
export function paymentRoutes(app: FastifyInstance, db: Db) {
  recordReadRoutes(app, db, 'payment');
  recordReadRoutes(app, db, 'paymentAllocation');
  const writes = (resource: string, action: 'create' | 'update' | 'delete') => ({
    config: { access: { resource, action } },
  });
  app.post('/portal/payment/create', writes('payment', 'create'), async (request) =>
    ok(await registerReceipt(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/payment/update', writes('payment', 'update'), async (request) =>
    ok(await modifyReceipt(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  app.post('/portal/payment/allocate', writes('payment', 'update'), async (request) =>
    ok(await allocateReceipt(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  // The "allocate to orders" page: the orders a receipt may pay, then several amounts in one save.
  app.post('/portal/payment/openOrders', writes('payment', 'update'), async (request) =>
    ok(await openOrdersOfReceipt(db, callerOf(request), plainBody(request.body))),
  );
  app.post('/portal/payment/allocateOrders', writes('payment', 'update'), async (request) =>
    ok(await allocateToOrders(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  app.post('/portal/paymentAllocation/create', writes('paymentAllocation', 'create'), async (request) =>
    ok(await addAllocation(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/paymentAllocation/update', writes('paymentAllocation', 'update'), async (request) =>
    ok(await updateAllocation(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  app.post('/portal/paymentAllocation/delete', writes('paymentAllocation', 'delete'), async (request) =>
    ok(
      { deleted: await removeAllocations(db, callerOf(request), idsOf(request.body)) },
      { message: 'server.deleted' },
    ),
  );
}
