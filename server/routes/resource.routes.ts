import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok, okJson, PortalError } from '../http/envelope';
import { participantWrites } from '../opportunities/opportunity-participants.service';
import { orderWrites } from '../orders/order-entry.routes';
import { rebateTaskWrites } from '../rebates/rebate-task-form';
import { addedByCommands, engineResources } from '../resources/registry';
import { searchAnswer } from '../resources/search';
import { createRecord, deleteRecords, getRecord, updateRecord } from '../resources/write';

type Body = Record<string, unknown>;
/** What Fastify names an answer it encodes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';
type OwnWrite = (db: Db, caller: ReturnType<typeof callerOf>, body: Body) => Promise<unknown>;
const ownWrites: Record<string, { create: OwnWrite; update: OwnWrite } | undefined> = {
  order: orderWrites,
  rebateTask: rebateTaskWrites,
  opportunityParticipant: participantWrites,
};
/** A body is a JSON object (or absent); a list, a text or a number is refused rather than read as empty. */
function bodyOf(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body === 'object' && !Array.isArray(body)) return body as Body;
  throw new PortalError(400, 'server.input.notAnObject');
}

/**
 * The endpoint family of every catalogue resource (SPEC §7 "Generic table"): search, getOne, create,
 * update (ObjectID + changed fields) and delete, each checked against the caller's menus and scope.
 */
export function resourceRoutes(app: FastifyInstance, db: Db) {
  for (const def of engineResources()) {
    const config = { config: { access: { resource: def.name } } };
    const base = `/portal/${def.name}`;
    app.post(`${base}/search`, config, async (request, reply) => {
      const { rowsJson, total, estimated } = await searchAnswer(
        db,
        def,
        callerOf(request),
        bodyOf(request.body),
      );
      return reply.type(JSON_TYPE).send(okJson(rowsJson, { totalSize: total, totalEstimated: estimated }));
    });
    app.post(`${base}/getOne`, config, async (request) =>
      ok([
        await getRecord(
          db,
          def,
          callerOf(request),
          bodyOf(request.body).ObjectID ?? bodyOf(request.body).objectID,
        ),
      ]),
    );
    // A resource whose writes are commands of its own (an order is entered with its lines) uses them.
    const own = ownWrites[def.name];
    const commands = addedByCommands(def.name);
    if (!commands)
      app.post(`${base}/create`, config, async (request) =>
        ok(
          await (own?.create(db, callerOf(request), bodyOf(request.body)) ??
            createRecord(db, def, callerOf(request), bodyOf(request.body))),
          { message: 'server.saved' },
        ),
      );
    app.post(`${base}/update`, config, async (request) =>
      ok(
        await (own?.update(db, callerOf(request), bodyOf(request.body)) ??
          updateRecord(db, def, callerOf(request), bodyOf(request.body))),
        { message: 'server.updated' },
      ),
    );
    if (!commands)
      app.post(`${base}/delete`, config, async (request) =>
        ok(
          { deleted: await deleteRecords(db, def, callerOf(request), request.body) },
          { message: 'server.deleted' },
        ),
      );
  }
}
