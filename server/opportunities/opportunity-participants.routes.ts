import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import {
  addParticipant,
  changeParticipantRole,
  participantsOf,
  removeParticipants,
} from './opportunity-participants.service';

/**
 * The agents of an opportunity (商机渠道管理): added, given another role and removed by whoever keeps
 * the deal, each command checking that on the opportunity itself. `create` and `delete` are these
 * commands (the engine serves neither for this resource); the engine's `update` is `modify`.
 */
export function opportunityParticipantRoutes(app: FastifyInstance, db: Db) {
  // Who keeps a deal's agents is decided on the deal (its owner, vendor staff of its scope).
  const keeper = { config: { access: { resource: 'opportunity' } } };
  app.post('/portal/opportunityParticipant/create', keeper, async (request) =>
    ok(await addParticipant(db, callerOf(request), request.body), { message: 'server.saved' }),
  );
  // The agents of one deal for its page, for whoever sees the deal (rows share its scope), with whether
  // the caller keeps them now — the page offers its changes by that, not by a rule of its own.
  app.post('/portal/opportunityParticipant/ofOpportunity', keeper, async (request) =>
    ok(await participantsOf(db, callerOf(request), request.body)),
  );
  app.post('/portal/opportunityParticipant/modify', keeper, async (request) =>
    ok(await changeParticipantRole(db, callerOf(request), request.body), { message: 'server.updated' }),
  );
  app.post('/portal/opportunityParticipant/delete', keeper, async (request) =>
    ok(
      { deleted: await removeParticipants(db, callerOf(request), request.body) },
      { message: 'server.deleted' },
    ),
  );
}
