import { sql } from 'kysely';
import { endCustomerKey } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';

/** What two registrations collide on: the end customer and the product line. */
export interface ClaimKey {
  customerKey: string;
  productLine: string;
}

export const claimKeyOf = (record: Record<string, unknown>): ClaimKey => ({
  customerKey: endCustomerKey(String(record.ExtOppCustomerName_SDK ?? '')),
  productLine: String(record.ProductLine ?? ''),
});

export interface Holder {
  opportunityId: string;
  opportunityNo: string;
}

/**
 * Takes the end customer and product line for a registration, or answers who holds them. The primary
 * key decides a race: of two registrations inserting at once, one wins and the other sees the holder.
 */
export async function takeClaim(db: Db, key: ClaimKey, claimant: Holder, at: Date): Promise<Holder | null> {
  const taken = await sql`insert into opportunity_claim (end_customer_key, product_line, opportunity_id,
      opportunity_no, claimed_at)
    values (${key.customerKey}, ${key.productLine}, ${claimant.opportunityId}, ${claimant.opportunityNo}, ${at})
    on conflict (end_customer_key, product_line) do nothing`.execute(db);
  if (Number(taken.numAffectedRows ?? 0) === 1) return null;
  const holder =
    await sql<Holder>`select opportunity_id::text as "opportunityId", opportunity_no as "opportunityNo"
    from opportunity_claim where end_customer_key = ${key.customerKey} and product_line = ${key.productLine}
    for update`.execute(db);
  return holder.rows[0] ?? null;
}

/** The registration that holds a customer and line, if any. */
export async function claimHolder(db: Db, key: ClaimKey): Promise<Holder | null> {
  const rows =
    await sql<Holder>`select opportunity_id::text as "opportunityId", opportunity_no as "opportunityNo"
    from opportunity_claim where end_customer_key = ${key.customerKey} and product_line = ${key.productLine}`.execute(
      db,
    );
  return rows.rows[0] ?? null;
}

/** The claim a registration holds, if any. */
export async function claimOf(db: Db, opportunityId: string): Promise<ClaimKey | null> {
  const rows = await sql<ClaimKey>`select end_customer_key as "customerKey", product_line as "productLine"
    from opportunity_claim where opportunity_id = ${opportunityId}`.execute(db);
  return rows.rows[0] ?? null;
}

/** An arbitration gives the customer and line to another registration. */
export async function moveClaim(db: Db, key: ClaimKey, to: Holder, at: Date) {
  await sql`update opportunity_claim set opportunity_id = ${to.opportunityId}, opportunity_no = ${to.opportunityNo},
      claimed_at = ${at}
    where end_customer_key = ${key.customerKey} and product_line = ${key.productLine}`.execute(db);
}

/** A registration that ended (won, closed, expired, released) leaves the customer and line open. */
export async function dropClaims(db: Db, opportunityId: string) {
  await sql`delete from opportunity_claim where opportunity_id = ${opportunityId}`.execute(db);
}
