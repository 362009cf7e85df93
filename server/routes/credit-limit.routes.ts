import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { creditLimitRequestSchema } from '../../machines/workflows/credit-limit-change.workflow';
import { creditLimitOverview, requestCreditLimit } from '../customers/credit-limit-requests';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';

const agent = z.object({ ObjectID: z.guid() });
const request = agent.extend(creditLimitRequestSchema.shape);

/**
 * An agent's credit limits (docs/credit-limits.md): the record page's overview and history, and the
 * sales operations desk's request; finance decides through the decision layer
 * (`/workflow/decide`, workflow creditLimitChange). Open to whoever holds a page of the agents module,
 * within their data scope.
 */
export function creditLimitRoutes(app: FastifyInstance, db: Db) {
  const agents = { config: { access: { resource: 'customer' } } } as const;

  app.post('/portal/customer/creditLimits', agents, async (req) =>
    ok(await creditLimitOverview(db, callerOf(req), parseBody(agent, req.body).ObjectID)),
  );

  app.post('/portal/customer/requestCreditLimit', agents, async (req) => {
    const { ObjectID, ...asked } = parseBody(request, req.body);
    const result = await requestCreditLimit(db, callerOf(req), { agentId: ObjectID, ...asked });
    return ok(result, { message: 'creditLimits.panel.sent' });
  });
}
