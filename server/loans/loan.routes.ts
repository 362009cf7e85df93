import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { recordReadRoutes } from '../routes/record-reads.routes';
import { createLoan, loanWithLines } from './loan-entry.service';
import { modifyLoan } from './loan-modify.service';
import { createLoanReturn, returnableLines } from './loan-return.service';
import { saveLoanSerials } from './loan-serials';

/**
 * Loans on the wire (SPEC §7 shapes): read like every resource (a loan with its lines), written only
 * through their commands — ask for a loan, change its terms, record the serials it ships with, take goods back; the rest of a loan's life
 * is decided on the workflow layer (`workflow/decide`, loanOrder). The loan report and the write-off
 * records are generic views.
 */
export function loanRoutes(app: FastifyInstance, db: Db) {
  recordReadRoutes(app, db, 'loanOrder', { record: (caller, id) => loanWithLines(db, caller, id) });
  recordReadRoutes(app, db, 'loanReturn');
  const writes = (resource: string, action: 'create' | 'update') => ({
    config: { access: { resource, action } },
  });
  app.post('/portal/loanOrder/create', writes('loanOrder', 'create'), async (request) =>
    ok(await createLoan(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/loanOrder/update', writes('loanOrder', 'update'), async (request) =>
    ok(await modifyLoan(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  // The warehouse records the serial of each unit while the loan waits to ship.
  app.post('/portal/loanOrder/serials', writes('loanOrder', 'update'), async (request) =>
    ok(await saveLoanSerials(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/loanReturn/create', writes('loanReturn', 'create'), async (request) =>
    ok(await createLoanReturn(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  // What the return form offers of the loan it names: the lines still out and their serials still out.
  app.post('/portal/loanReturn/lines', writes('loanReturn', 'create'), async (request) =>
    ok(await returnableLines(db, callerOf(request), plainBody(request.body))),
  );
}
