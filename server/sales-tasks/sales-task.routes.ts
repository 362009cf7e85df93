import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { calculateRspSti, rspStiQuarters } from './sti-posting.service';
import { type PackageLineResource, packageOfLine } from './task-package.view';

/** Sales task commands outside the generic engine and the decision layer. */
export function salesTaskRoutes(app: FastifyInstance, db: Db) {
  // The package a line belongs to, as the approval pages show it before the package is decided.
  for (const resource of ['rspTaskAllocation', 'cityManagerTask'] satisfies PackageLineResource[])
    app.post(`/portal/${resource}/package`, { config: { access: { resource } } }, async (request) =>
      ok(await packageOfLine(db, callerOf(request), resource, plainBody(request.body))),
    );
  // An RSP line's STI by quarter, as its page shows it: figures, and the STI calculated for each.
  app.post(
    '/portal/rspTaskAllocation/sti',
    { config: { access: { resource: 'rspTaskAllocation' } } },
    async (request) => ok(await rspStiQuarters(db, callerOf(request), plainBody(request.body))),
  );
  // HQ calculates an RSP's STI for a closed quarter of its approved line; it is then reviewed and posted.
  app.post(
    '/portal/rspTaskAllocation/calculateSti',
    { config: { access: { resource: 'rspTaskAllocation' } } },
    async (request) =>
      ok(await calculateRspSti(db, callerOf(request), plainBody(request.body)), {
        message: 'salesTasks.stiCalculated',
      }),
  );
}
