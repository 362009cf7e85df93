import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { retryOrderError, retryShippingError } from './partner-retry.service';

/**
 * The partner pull's commands on the wire: re-process a row of the order error log, or of the shipping
 * instruction error log (docs/partner-pull.md, "Retrying a row"). The logs are
 * read through the resource engine like every list; the rows are written only by the pull and this.
 */
export function partnerRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/portal/partnerOrderError/retry',
    { config: { access: { resource: 'partnerOrderError' } } },
    async (request) => {
      await retryOrderError(db, callerOf(request), plainBody(request.body));
      return ok(null, { message: 'partner.server.retried' });
    },
  );
  app.post(
    '/portal/partnerShippingError/retry',
    { config: { access: { resource: 'partnerShippingError' } } },
    async (request) => {
      await retryShippingError(db, callerOf(request), plainBody(request.body));
      return ok(null, { message: 'partner.server.retried' });
    },
  );
}
