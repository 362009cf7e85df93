import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { assignTask } from './rebate-task.service';

/**
 * Rebate tasks are set by command: the task form's create and update (rebate-task-form.ts, in place of
 * the generic engine's) and `POST /portal/rebateTask/assign` (`PolicyID`, `AgentID`, `Period`,
 * `TaskAmount`) for integrations, both by the rebate desk and granted by the same form. Their
 * settlement is decided through /portal/workflow/decide (workflow `rebateSettlement`).
 */
export function rebateTaskRoutes(app: FastifyInstance, db: Db) {
  const sets = { config: { access: { resource: 'rebateTask', action: 'create' as const } } };
  app.post('/portal/rebateTask/assign', sets, async (request) =>
    ok(await assignTask(db, callerOf(request), request.body), { message: 'rebateSettlement.assigned' }),
  );
}
