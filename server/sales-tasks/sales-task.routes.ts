import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { postRspSti, rspStiQuarters } from './sti-posting.service';

/** Sales task commands outside the generic engine and the decision layer. */
export function salesTaskRoutes(app: FastifyInstance, db: Db) {
  // An RSP line's STI by quarter, as its page shows it to HQ before posting.
  app.post(
    '/portal/rspTaskAllocation/sti',
    { config: { access: { resource: 'rspTaskAllocation' } } },
    async (request) => ok(await rspStiQuarters(db, callerOf(request), plainBody(request.body))),
  );
  // HQ posts an RSP's STI for a finished quarter of its approved line to the rebate ledger.
  app.post(
    '/portal/rspTaskAllocation/postSti',
    { config: { access: { resource: 'rspTaskAllocation' } } },
    async (request) =>
      ok(await postRspSti(db, callerOf(request), plainBody(request.body)), {
        message: 'salesTasks.stiPosted',
      }),
  );
}
