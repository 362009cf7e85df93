import { sql } from 'kysely';
import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';

/** A company an agent's staff may name on its deals. */
export interface OwnCompany {
  id: string;
  name: string;
  /** The channel type it works deals as (RSP, CCP), where it has one. */
  channelType: string | null;
  /** Its general distributor (供货总代), as its record keeps it. */
  supplier: string | null;
}

/** Agents that may own a deal: general distributors, RSPs and CCPs in cooperation. */
export const OWNING_AGENT_TYPES: string[] = [
  CustomerType.generalDistributor,
  CustomerType.rsp,
  CustomerType.ccp,
];
/** Agents whose cooperation is running: only those own deals or are offered as a deal's channel. */
export const ACTIVE_AGENT: string[] = [CustomerStatus.active, CustomerStatus.renewalDue];

/**
 * The companies an agent's staff may name on a deal (DOMAIN.md "Channel and roles"): its own and, where
 * the field means who works the deal with it (`supplied`), the cooperating CCPs it supplies — an RSP's
 * CCPs; a CCP supplies none. Vendor staff are not held to this list (undefined): what they name is
 * checked against its master. Another company, or a name no company has, is never in it, so a
 * refusal built on it names the field and nothing of the other company.
 */
export async function ownCompanies(
  db: Db,
  caller: Caller,
  options: { supplied: boolean },
): Promise<OwnCompany[] | undefined> {
  if (caller.dataScope !== 'company') return undefined;
  if (!caller.companyId) return [];
  const rows = await sql<OwnCompany>`select object_id::text as id, name, channel_type as "channelType",
      data->>'ExtSupplierName_SDK' as supplier
    from customer
    where object_id = ${caller.companyId}
      or (${options.supplied} and parent_id = ${caller.companyId} and status in (${sql.join(ACTIVE_AGENT)}))
    order by object_id = ${caller.companyId} desc, name`.execute(db);
  return rows.rows;
}

/** Whether a name sent in a body is one of the companies (as typed or as a picker put it, spaces aside). */
export const namesOneOf = (companies: readonly OwnCompany[], name: unknown) =>
  typeof name === 'string' && companies.some((c) => c.name === name.trim());
