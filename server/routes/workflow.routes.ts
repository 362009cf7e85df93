import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { checkResourceAccess } from '../http/access';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { decidedMessage } from '../workflows/decided-words';
import { decide, decisionOptions, requireWorkflow } from '../workflows/decisions';

const target = {
  workflow: z.string().trim().min(1).max(40),
  ObjectID: z.guid(),
  StreamID: z.string().trim().min(1).max(120).optional(),
};
const optionsQuery = z.object(target);
const decisionCommand = z.object({
  ...target,
  command: z.string().trim().min(1).max(40),
  payload: z.record(z.string().max(40), z.unknown()).default({}),
  WorkflowVersion: z.number().int().min(1).max(1_000_000).optional(),
});

/**
 * The one decision layer on the wire (docs/workflows.md): what a person may do on a record's workflow,
 * and doing it. Open to a role holding a page of the workflow's subject; the record itself is read
 * through the caller's data scope by the layer.
 */
export function workflowRoutes(app: FastifyInstance, db: Db) {
  const session = { config: { access: 'session' } } as const;

  app.post('/portal/workflow/options', session, async (request) => {
    const q = parseBody(optionsQuery, request.body);
    const caller = callerOf(request);
    await checkResourceAccess(db, caller, requireWorkflow(q.workflow).subject.resource);
    return ok(
      await decisionOptions(db, caller, {
        workflow: q.workflow,
        subjectId: q.ObjectID,
        streamId: q.StreamID,
      }),
    );
  });

  app.post('/portal/workflow/decide', session, async (request) => {
    const body = parseBody(decisionCommand, request.body);
    const caller = callerOf(request);
    await checkResourceAccess(db, caller, requireWorkflow(body.workflow).subject.resource);
    const result = await decide(db, caller, {
      workflow: body.workflow,
      subjectId: body.ObjectID,
      streamId: body.StreamID,
      command: body.command,
      payload: body.payload,
      version: body.WorkflowVersion,
    });
    return ok(result, {
      message: decidedMessage(langOf(request.headers['accept-language']), result, body.command),
    });
  });
}
