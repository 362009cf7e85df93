import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { type Caller, callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';
import { getRecord } from '../resources/write';

/** How a resource written by its own commands answers getOne, where the stored record is not enough. */
export interface RecordReadOptions {
  /** The record with what its page shows beside it (lines, history), read through the caller's scope. */
  record?: (caller: Caller, id: unknown) => Promise<unknown>;
  /** A page that answers getOne with a view of its own rather than a list of one record. */
  page?: (caller: Caller, id: unknown) => Promise<unknown>;
  /** Whether the list says its total is estimated past the exact count (the table then shows "about"). */
  estimatedTotal?: boolean;
}

/**
 * `search` and `getOne` of a resource whose writes are commands of its own (SPEC §7 shapes): the list
 * reads like every resource's, through the caller's menus and scope; getOne answers the record (or
 * the page's view) read through that scope, 404 outside it.
 */
export function recordReadRoutes(
  app: FastifyInstance,
  db: Db,
  resource: string,
  options: RecordReadOptions = {},
) {
  const read = { config: { access: { resource } } };
  const def = () => resourceDef(resource)!;
  app.post(`/portal/${resource}/search`, read, async (request) => {
    const { rows, total, estimated } = await searchRecords(
      db,
      def(),
      callerOf(request),
      plainBody(request.body),
    );
    return {
      ...ok(rows, { totalSize: total }),
      ...(estimated && options.estimatedTotal !== false ? { totalEstimated: true } : {}),
    };
  });
  app.post(`/portal/${resource}/getOne`, read, async (request) => {
    const body = plainBody(request.body);
    const id = body.ObjectID ?? body.objectID;
    const caller = callerOf(request);
    if (options.page) return ok(await options.page(caller, id));
    return ok([await (options.record ? options.record(caller, id) : getRecord(db, def(), caller, id))]);
  });
}
