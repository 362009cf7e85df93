import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { yuanToFen } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import { type Caller, callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { dayOf, fieldError, fieldMissing, plainBody } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import { businessDay, correct } from './ledger.service';
import { ACCOUNT_TYPE, type AccountKey, FLOW } from './ledger.types';
import { draftNewVersion, policyVersions } from './policy-version.service';
import { ledgerOwners } from './rebate.scopes';
import { usableOnOrder } from './usable.service';

/** Adjustment numbers: the source document an adjustment flow names. */
const ADJUSTMENT_PREFIX = NUMBER_PREFIX.rebateAdjustment;
const MAX_REASON = 500;

/**
 * The agent a request names by its id (`AgentID`), read through the caller's scope: out of scope is
 * 404, like getOne; no id is a missing field, and anything but a record id is refused naming it.
 */
export async function agentInScope(db: Db, caller: Caller, id: unknown) {
  if (id === undefined || id === null || id === '') throw fieldMissing(undefined, 'AgentID');
  if (typeof id !== 'string' || !UUID_PATTERN.test(id))
    throw fieldError(undefined, 'AgentID', 'server.input.problems.objectId');
  const rows = await sql<{ id: string; tier: string }>`select t.object_id::text as id, t.customer_type as tier
    from customer t where t.object_id = ${id} and ${ledgerOwners(caller)}`.execute(db);
  if (!rows.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return rows.rows[0];
}

function fenOf(resource: string, field: string, value: unknown): number {
  if (value === undefined || value === null || value === '') throw fieldMissing(resource, field);
  try {
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError('not money');
    return yuanToFen(value);
  } catch {
    throw fieldError(resource, field, 'rebate.problems.nonZeroFen');
  }
}

function accountOf(companyId: string, body: Record<string, unknown>): AccountKey {
  const type = body.AccountType ?? ACCOUNT_TYPE.rebate;
  if (type === ACCOUNT_TYPE.cashDiscount) return { companyId, type: 'cashDiscount' };
  if (type !== ACCOUNT_TYPE.rebate) throw fieldError('rebateFlow', 'AccountType', 'server.problems.invalid');
  if (typeof body.Brand !== 'string' || !/^\d{3}$/.test(body.Brand))
    throw fieldMissing('rebateFlow', 'Brand');
  return { companyId, type: 'rebate', brand: body.Brand };
}

/**
 * The ledger's commands beside its read-only lists: finance adjusts an account with a reason (an
 * adjustment note numbered TZ…), and an order screen asks how much rebate an order may use. Beside
 * them, a published policy's correction: its new version, drafted by whoever enters policies.
 */
export function rebateRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/portal/rebateAnnouncement/newVersion',
    { config: { access: { resource: 'rebateAnnouncement', action: 'create' } } },
    async (request) =>
      ok(await draftNewVersion(db, callerOf(request), plainBody(request.body)), {
        message: 'rebate.policy.versionDrafted',
      }),
  );
  app.post(
    '/portal/rebateAnnouncement/versions',
    { config: { access: { resource: 'rebateAnnouncement' } } },
    async (request) => ok(await policyVersions(db, callerOf(request), plainBody(request.body))),
  );

  app.post(
    '/portal/rebateFlow/adjust',
    { config: { access: { resource: 'rebateFlow' } } },
    async (request) => {
      const caller = callerOf(request);
      if (caller.roleCode !== ROLE.finance) throw new PortalError(403, 'server.actionNotOffered');
      const body = plainBody(request.body);
      const agent = await agentInScope(db, caller, body.AgentID);
      const key = accountOf(agent.id, body);
      const amountFen = fenOf('rebateFlow', 'Amount', body.Amount);
      const reason = typeof body.Remark === 'string' ? body.Remark.trim() : '';
      if (!reason) throw fieldError('rebateFlow', 'Remark', 'rebate.problems.reasonRequired');
      if (reason.length > MAX_REASON)
        throw fieldError('rebateFlow', 'Remark', {
          key: 'server.problems.tooBig.string',
          params: { limit: MAX_REASON },
        });
      const expiryDate = body.ExpiryDate ? dayOf(body.ExpiryDate) : null;
      if (body.ExpiryDate && !expiryDate)
        throw fieldError('rebateFlow', 'ExpiryDate', 'server.problems.invalid');
      const flows = await db.transaction().execute(async (trx) => {
        const no = await nextNumber(trx, ADJUSTMENT_PREFIX);
        const actor = { employeeId: caller.employeeId, name: caller.lastName };
        return correct(
          trx,
          actor,
          key,
          FLOW.adjust,
          amountFen,
          { type: 'adjustment', no },
          { reason, expiryDate },
        );
      });
      return ok(flows, { message: 'rebate.adjusted' });
    },
  );

  app.post(
    '/portal/rebateSummary/usable',
    { config: { access: { resource: 'rebateSummary' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = plainBody(request.body);
      const agent = await agentInScope(db, caller, body.AgentID ?? caller.companyId);
      const key = accountOf(agent.id, { ...body, AccountType: ACCOUNT_TYPE.rebate });
      const eligibleFen = fenOf('rebateSummary', 'EligibleAmount', body.EligibleAmount);
      if (eligibleFen < 0) throw fieldError('rebateSummary', 'EligibleAmount', 'rebate.problems.positiveFen');
      // Optional: the eligible amount's product line, whose own maximum ratio then applies.
      const productLine = body.ProductLine === undefined || body.ProductLine === '' ? null : body.ProductLine;
      if (productLine !== null && !(Object.values(ProductLineInfo) as unknown[]).includes(productLine))
        throw fieldError('rebateSummary', 'ProductLine', 'server.problems.invalid');
      const usable = await usableOnOrder(
        db,
        key as Extract<AccountKey, { type: 'rebate' }>,
        [{ fen: eligibleFen, productLine: productLine as string | null }],
        { channelTier: agent.tier, day: businessDay(new Date()) },
      );
      return ok(usable);
    },
  );
}
