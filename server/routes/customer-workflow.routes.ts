import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ChannelType } from '../../domain/codes/customers.codes';
import { MIN_BLACKLIST_DAYS, RENEWAL_TERMS } from '../../machines/workflows/customer-change.rules';
import { lockedRsps, processCustomers, renewalDue } from '../customers/customer-queues';
import { applicationsOf, applyForChange, decide, withdraw } from '../customers/customer-workflow.service';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';

const objectId = z.guid();
const reason = z.string().trim().min(1).max(500);
const version = z.number().int().min(1).optional();
const paging = {
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
};

const renewal = z.object({
  ObjectID: objectId,
  termMonths: z
    .number()
    .int()
    .refine((n) => (RENEWAL_TERMS as readonly number[]).includes(n), {
      message: RENEWAL_TERMS.join('/'),
    }),
  reason: reason.optional(),
});
const certification = z.object({ ObjectID: objectId, reason: reason.optional() });
const conversion = z.object({
  ObjectID: objectId,
  to: z.enum([ChannelType.rsp, ChannelType.ccp]),
  reason: reason.optional(),
});
const suspension = z.object({ ObjectID: objectId, reason });
const blacklist = z.object({
  ObjectID: objectId,
  reason,
  days: z.number().int().min(MIN_BLACKLIST_DAYS).max(3650),
});
const reinstatement = z.object({ ObjectID: objectId, reason: reason.optional() });
const decision = z.object({
  ObjectID: objectId,
  action: z.enum(['agree', 'reject', 'return', 'forward', 'resubmit']),
  reason: z.string().trim().max(500).optional(),
  to: z.string().trim().max(60).optional(),
  WorkflowVersion: version,
});
const withdrawal = z.object({ ObjectID: objectId, reason: reason.optional(), WorkflowVersion: version });
const lockSearch = z.object({ ...paging, keyword: z.string().trim().max(100).optional() });
const dueSearch = z.object({
  ...paging,
  window: z.union([z.literal(30), z.literal(60), z.literal(90)]).optional(),
  channelType: z.enum([ChannelType.rsp, ChannelType.ccp]).optional(),
});

type Kind = Parameters<typeof applyForChange>[2]['kind'];
const APPLICATIONS: ['post' | 'patch', string, z.ZodType<{ ObjectID: string }>, Kind][] = [
  ['post', 'renewal', renewal, 'renewal'],
  ['post', 'seniorCertification', certification, 'seniorCertification'],
  ['patch', 'convert', conversion, 'conversion'],
  ['post', 'suspend', suspension, 'suspension'],
  ['post', 'blacklist', blacklist, 'blacklist'],
  ['post', 'reinstate', reinstatement, 'reinstatement'],
];

/**
 * The lifecycle of an existing agent (SPEC §7 /customer/…): applications for renewal, senior
 * certification, RSP↔CCP conversion, suspension, blacklist and reinstatement, decided along the
 * configured chain; the locked RSPs; the agreements due for renewal. Open to whoever holds a page of
 * the agents module, within their data scope. See docs/customer-workflows.md.
 */
export function customerWorkflowRoutes(app: FastifyInstance, db: Db) {
  const agents = { config: { access: { resource: 'customer' } } } as const;
  const applied = { message: 'server.customerWorkflow.applied' };

  // Each application is its form and its kind; the change it asks for is the rest of the form.
  for (const [method, name, form, kind] of APPLICATIONS) {
    app[method](`/portal/customer/${name}`, agents, async (request) => {
      const { ObjectID, ...change } = parseBody(form, request.body);
      return ok(await applyForChange(db, callerOf(request), { customerId: ObjectID, kind, change }), applied);
    });
  }

  app.post('/portal/customer/processApproval', agents, async (request) => {
    const body = parseBody(decision, request.body);
    const result = await decide(db, callerOf(request), {
      customerId: body.ObjectID,
      action: body.action,
      reason: body.reason,
      to: body.to,
      version: body.WorkflowVersion,
    });
    return ok(result, { message: 'server.customerWorkflow.decided' });
  });

  app.post('/portal/customer/rejectCustomerCommit', agents, async (request) => {
    const body = parseBody(withdrawal, request.body);
    const result = await withdraw(db, callerOf(request), {
      customerId: body.ObjectID,
      reason: body.reason,
      version: body.WorkflowVersion,
    });
    return ok(result, { message: 'server.customerWorkflow.withdrawn' });
  });

  app.post('/portal/customer/applications', agents, async (request) =>
    ok(
      await applicationsOf(
        db,
        callerOf(request),
        parseBody(z.object({ ObjectID: objectId }), request.body).ObjectID,
      ),
    ),
  );

  app.post('/portal/customer/searchLockRsp', agents, async (request) => {
    const { rows, total } = await lockedRsps(db, callerOf(request), parseBody(lockSearch, request.body));
    return ok(rows, { totalSize: total });
  });

  app.post('/portal/customer/searchProcessCustomer', agents, async (request) => {
    const { rows, total } = await processCustomers(
      db,
      callerOf(request),
      parseBody(lockSearch, request.body),
    );
    return ok(rows, { totalSize: total });
  });

  app.post('/portal/customer/renewalDue', agents, async (request) => {
    const { rows, total } = await renewalDue(db, callerOf(request), parseBody(dueSearch, request.body));
    return ok(rows, { totalSize: total });
  });
}
