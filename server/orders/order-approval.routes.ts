import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { orderApprovalOptions, orderApprovalPage, submitOrder } from './order-approval.service';

const version = z.number().int().min(1).max(1_000_000).optional();
const target = z.object({ ObjectID: z.guid() });
const maybeTarget = z.object({ ObjectID: z.guid().optional() });
const submission = z.object({ ObjectID: z.guid(), Version: version, WorkflowVersion: version });

/**
 * Order approval on the wire: the approval page of an order, what the caller may do on it, and its submission (the first one starts
 * its approval). The decisions on a submitted order go through /portal/workflow/decide. Open to a role
 * holding a page of orders; the order itself is read through the caller's data scope.
 */
export function orderApprovalRoutes(app: FastifyInstance, db: Db) {
  const orders = { config: { access: { resource: 'order' } } } as const;

  app.post('/portal/orderApproval/getOne', orders, async (request) => {
    const body = parseBody(target, request.body);
    return ok(await orderApprovalPage(db, callerOf(request), body.ObjectID));
  });

  app.post('/portal/orderApproval/options', orders, async (request) => {
    const body = parseBody(maybeTarget, request.body);
    return ok(await orderApprovalOptions(db, callerOf(request), body.ObjectID));
  });

  app.post('/portal/orderApproval/submit', orders, async (request) => {
    const body = parseBody(submission, request.body);
    const result = await submitOrder(db, callerOf(request), {
      orderId: body.ObjectID,
      version: body.Version,
      workflowVersion: body.WorkflowVersion,
    });
    return ok(result, { message: 'orderApproval.submitted' });
  });
}
