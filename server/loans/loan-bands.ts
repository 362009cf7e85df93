import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import {
  amountBandWords,
  type Band,
  bandOf,
  CHAIN_FIELDS,
  covers,
  overlap,
  yuanText,
} from '../orders/order-approval-config';
import type { ResourceDef } from '../resources/registry';
import type { ConfiguredChain } from '../workflows/configured-chains';

/** The resource of the loan approval configuration (/ordersSetup/loan-approval-config): one row per value band. */
export const LOAN_BAND_RESOURCE = 'loanApprovalConfig';

const AGENT_ROLES: readonly string[] = [ROLE.rspAgent, ROLE.ccpAgent, ROLE.distributor];
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

async function enabledBands(db: Db, except?: string): Promise<Band[]> {
  const rows = await sql<{ id: string; data: Record<string, unknown> }>`select object_id::text as id, data
    from record where resource = ${LOAN_BAND_RESOURCE} and (data->>'Enabled')::boolean is true
      ${except ? sql`and object_id::text <> ${except}` : sql``}
    order by object_id`.execute(db);
  return rows.rows.map((r) => bandOf(r.id, r.data));
}

/**
 * The approval chain of a loan by its value (notes §4.7 rule 1): the roles of the enabled band that
 * covers it, in order. Without one nobody could decide the loan: refused naming the value.
 */
export async function loanChainFor(db: Db, valueFen: number): Promise<string[]> {
  const band = (await enabledBands(db)).find((b) => covers(b, valueFen));
  if (!band?.roles.length) throw new PortalError(409, 'loans.errors.noBand', { amount: yuanText(valueFen) });
  return band.roles;
}

/**
 * A band is checked as it is saved, so a loan never meets a chain nobody can decide or two chains at
 * once: a ceiling above the floor, steps in order without gaps, each a vendor role, and no other
 * enabled band sharing a value.
 */
export async function afterLoanBandWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  if (blank(record.MinAmount)) throw fieldMissing(def.name, 'MinAmount');
  const band = bandOf(String(record.ObjectID), record);
  if (band.maxFen !== null && band.maxFen <= band.minFen)
    throw fieldError(def.name, 'MaxAmount', 'orderApproval.config.ceilingBelowFloor');
  const filled = CHAIN_FIELDS.map((f) => !blank(record[f]));
  const gap = filled.findIndex((present, i) => !present && (i === 0 || filled.slice(i + 1).some(Boolean)));
  if (gap >= 0) throw fieldMissing(def.name, CHAIN_FIELDS[gap]);
  const known = new Set(
    (await sql<{ code: string }>`select code from role`.execute(trx)).rows.map((r) => r.code),
  );
  for (const field of CHAIN_FIELDS) {
    const role = record[field];
    if (!blank(role) && (!known.has(String(role)) || AGENT_ROLES.includes(String(role))))
      throw fieldError(def.name, field, 'orderApproval.config.notVendorRole');
  }
  if (record.Enabled !== true) return;
  const twin = (await enabledBands(trx, band.id)).find((other) => overlap(band, other));
  if (twin)
    throw fieldError(def.name, 'MinAmount', {
      key: 'orderApproval.config.overlap',
      params: { min: yuanText(twin.minFen), max: yuanText(twin.maxFen) },
    });
}

/** The enabled bands as the chart's readers see them (configured-chains.ts), lowest value first. */
export async function loanApprovalChains(db: Db): Promise<ConfiguredChain[]> {
  return (await enabledBands(db))
    .sort((a, b) => a.minFen - b.minFen)
    .map((band) => ({ when: amountBandWords(band, 'loan'), steps: band.roles }));
}
