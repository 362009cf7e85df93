import { type RawBuilder, sql } from 'kysely';
import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { VENDOR_ADMINISTRATORS } from '../../domain/roles';
import type { Db } from '../db/database';
import { ACTIVE_AGENT } from '../opportunities/agent-companies';

/**
 * A CCP's supplying agent (供货上级, docs/customer-workflows.md "A CCP's supplier"): an RSP of the
 * CCP's own province, kept as the CCP's `parent_id`. The record rule, the books and the demo read
 * the rule here.
 */

/** An RSP may be named a CCP's supplier while its cooperation runs. */
export const NAMED_SUPPLIER_STATUSES: readonly string[] = ACTIVE_AGENT;

/**
 * An RSP keeps the CCPs that name it while the vendor suspends or blacklists it: those measures are
 * lifted again, and a province's only RSP must stay open to them while its CCPs have no other RSP to
 * turn to. Any other status (never signed, expired, terminated) no save leaves a supplier in.
 */
export const KEPT_SUPPLIER_STATUSES: readonly string[] = [
  ...ACTIVE_AGENT,
  CustomerStatus.suspended,
  CustomerStatus.blacklisted,
];

/**
 * Whether the agent row `agent` (a table alias) is an RSP of `province` in one of `statuses`: the
 * one condition the supplier check and the books share.
 */
export const isRspOf = (agent: string, province: string | RawBuilder<unknown>, statuses: readonly string[]) =>
  sql<boolean>`(${sql.ref(`${agent}.customer_type`)} = ${CustomerType.rsp}
    and ${sql.ref(`${agent}.status`)} in (${sql.join(statuses)})
    and ${sql.ref(`${agent}.province_code`)} = ${province})`;

/**
 * Whether the agent row `ccp` still counts on the supplier it names: every CCP but a terminated one,
 * whose supplier is history. These block an RSP's conversion and its move to another province.
 */
export const countsOnSupplier = (ccp: string) =>
  sql<boolean>`${sql.ref(`${ccp}.status`)} <> ${sql.lit(CustomerStatus.terminated)}`;

/** How many CCPs name this agent as their supplier and still count on it. */
export async function ccpsSuppliedBy(db: Db, agentId: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from customer d
    where d.parent_id = ${agentId} and ${countsOnSupplier('d')}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * A CCP keeps its supplier's name beside the link (the name its form and list show): a renamed RSP
 * is renamed on the CCPs that name it, in the rename's transaction.
 */
export async function followSupplierName(db: Db, agentId: string) {
  await sql`update customer d set data = d.data || jsonb_build_object('ExtSupplierName_SDK', s.name)
    from customer s where s.object_id = ${agentId} and d.parent_id = s.object_id
      and d.data->>'ExtSupplierName_SDK' is distinct from s.name`.execute(db);
}

/** The confirmation a vendor administrator gives to carry an RSP's CCPs along to its new province. */
export const CARRY_CCPS = 'carrySuppliedCcps';

/**
 * Who may carry an RSP's CCPs along when it moves province: the vendor's administrators (system
 * administrator, sales operations desk), correcting agents entered in the wrong province. Anyone else
 * first gives the CCPs another supplier of their province.
 */
export const mayCarryCcps = (roleCode: string) => VENDOR_ADMINISTRATORS.includes(roleCode);

/**
 * The CCPs that count on an RSP go with it to the province and city it moves to, in the move's
 * transaction: each stays supplied by an RSP of its own province. Their city is the RSP's until
 * corrected on their own form (a city of the same province is no move); each is a new version, so a
 * form opened on the old one is refused as stale.
 */
export async function carryCcpsAlong(
  db: Db,
  agentId: string,
  place: { provinceCode: string; cityCode: string; provinceName: string; cityName: string },
  by: string,
) {
  const names = JSON.stringify({ ProvinceName: place.provinceName, CityName: place.cityName });
  await sql`update customer d set province_code = ${place.provinceCode}, city_code = ${place.cityCode},
      data = d.data || ${names}::jsonb, version = d.version + 1, updated_at = now(), updated_by_name = ${by}
    where d.parent_id = ${agentId} and ${countsOnSupplier('d')}`.execute(db);
}
