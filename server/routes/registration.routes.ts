import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { progressQuery, registrationForm, reviewCommand } from '../registration/registration.schema';
import {
  progress,
  register,
  resubmit,
  review,
  reviewOptions,
  signAgreement,
  withdraw,
} from '../registration/registration.service';

const byId = z.object({ ObjectID: z.string().uuid() });
// Public endpoints are limited per address: enough for an applicant, too few for a script.
const publicLimit = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '10 minutes' } });

/** Agent registration: the public application and progress, and the reviewers' decisions (SPEC §2, §7). */
export function registrationRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/registrationInfo/register', { config: publicLimit(30) }, async (request) =>
    ok(await register(db, parseBody(registrationForm, request.body)), {
      message: 'server.registration.submitted',
    }),
  );

  app.post('/portal/registrationInfo/progress', { config: publicLimit(120) }, async (request) => {
    const { RegistrationNo, ContactPhone } = parseBody(progressQuery, request.body);
    return ok(await progress(db, RegistrationNo, ContactPhone));
  });

  app.post('/portal/registrationInfo/resubmit', { config: publicLimit(30) }, async (request) => {
    const { RegistrationNo, ContactPhone } = parseBody(progressQuery, request.body);
    const changes = parseBody(registrationForm.partial(), request.body);
    return ok(await resubmit(db, RegistrationNo, ContactPhone, changes), {
      message: 'server.registration.resubmitted',
    });
  });

  // The applicant proves the application by number and contact phone, as on the progress page.
  app.post('/portal/registrationInfo/withdraw', { config: publicLimit(30) }, async (request) => {
    const { RegistrationNo, ContactPhone } = parseBody(progressQuery, request.body);
    return ok(await withdraw(db, RegistrationNo, ContactPhone), {
      message: 'server.registration.withdrawn',
    });
  });

  const reviewers = { config: { access: { resource: 'registrationInfo' } } } as const;

  app.post('/portal/registrationInfo/reviewOptions', reviewers, async (request) =>
    ok(await reviewOptions(db, callerOf(request), parseBody(byId, request.body).ObjectID)),
  );

  app.post('/portal/registrationInfo/processApproval', reviewers, async (request) => {
    const command = parseBody(reviewCommand, request.body);
    const result = await review(db, callerOf(request), {
      objectId: command.ObjectID,
      action: command.action,
      reason: command.reason,
      to: command.to,
      version: command.WorkflowVersion,
    });
    return ok(result, { message: 'server.registration.decided' });
  });

  app.post('/portal/registrationInfo/signAgreement', reviewers, async (request) =>
    ok(await signAgreement(db, callerOf(request), parseBody(byId, request.body).ObjectID), {
      message: 'server.registration.activated',
    }),
  );
}
