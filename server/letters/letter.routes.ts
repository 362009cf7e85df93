import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody, plainBody } from '../http/validate';
import { recordReadRoutes } from '../routes/record-reads.routes';
import { decidedMessage } from '../workflows/decided-words';
import { decide } from '../workflows/decisions';
import { modifyLetter, reissueLetter, requestLetter } from './letter.service';
import { lettersOfLine } from './letter-line';

const lineQuery = z.object({
  opportunityId: z.string().trim().min(1).max(60),
  pn: z.string().trim().max(60).optional(),
  parentRelationship: z.string().trim().max(60).optional(),
});

const withdrawal = z.object({
  ObjectID: z.string().uuid(),
  reason: z.string().trim().max(500).optional(),
  WorkflowVersion: z.coerce.number().int().min(1).optional(),
});

/**
 * Commitment letters on the wire (SPEC §7): read like every resource, written only through their
 * commands — request, correct, re-issue — and decided on the workflow layer (`workflow/decide`,
 * commitmentLetter): approvals, co-sign, OA, stamp, receipt, revoke.
 */
export function letterRoutes(app: FastifyInstance, db: Db) {
  const read = { config: { access: { resource: 'commitmentLetter' } } };
  const write = (action: 'create' | 'update') => ({
    config: { access: { resource: 'commitmentLetter', action } },
  });
  recordReadRoutes(app, db, 'commitmentLetter');
  app.post('/portal/commitmentLetter/create', write('create'), async (request) =>
    ok(await requestLetter(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/commitmentLetter/update', write('update'), async (request) =>
    ok(await modifyLetter(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  app.post('/portal/commitmentLetter/reissue', write('create'), async (request) =>
    ok(await reissueLetter(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/commitmentLetter/getByOppProductLine', read, async (request) =>
    ok(await lettersOfLine(db, callerOf(request), parseBody(lineQuery, request.body))),
  );
  // SPEC §7 names rejectCustomerCommit among the product calls: as on the customer, the applicant takes
  // a pending request back — here a letter request on an opportunity's product line.
  app.post('/portal/product/rejectCustomerCommit', write('create'), async (request) => {
    const body = parseBody(withdrawal, request.body);
    const result = await decide(db, callerOf(request), {
      workflow: 'commitmentLetter',
      subjectId: body.ObjectID,
      command: 'withdraw',
      payload: body.reason ? { reason: body.reason } : {},
      version: body.WorkflowVersion,
    });
    return ok(result, {
      message: decidedMessage(langOf(request.headers['accept-language']), result, 'withdraw'),
    });
  });
}
