import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { recordReadRoutes } from '../routes/record-reads.routes';
import { applicationWithLines, applyForInvoice, recordInvoice } from './invoice.service';

/**
 * Invoice applications on the wire (SPEC §7 shapes): read like every resource (an application with
 * its lines), written only through their commands — apply, record the invoice; decided on the
 * workflow layer (`workflow/decide`, invoiceApproval). The invoice details list is a generic view.
 */
export function invoiceRoutes(app: FastifyInstance, db: Db) {
  recordReadRoutes(app, db, 'invoice', { record: (caller, id) => applicationWithLines(db, caller, id) });
  const writes = (action: 'create' | 'update') => ({ config: { access: { resource: 'invoice', action } } });
  app.post('/portal/invoice/create', writes('create'), async (request) =>
    ok(await applyForInvoice(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/invoice/update', writes('update'), async (request) =>
    ok(await recordInvoice(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
}
