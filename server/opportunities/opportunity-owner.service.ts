import { sql } from 'kysely';
import { z } from 'zod';
import { ApprovalStatus } from '../../domain/codes/opportunities.codes';
import { ROLE } from '../../domain/roles';
import { OPPORTUNITY_STATUS } from '../../machines/workflows/opportunity-stage.rules';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { notifyCompany } from '../notices/notices';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { ACTIVE_AGENT, OWNING_AGENT_TYPES } from './agent-companies';
import { dealRecordsFollow, patchOpportunity } from './opportunity.repo';
import { opportunityDef } from './opportunity-create.service';

export const ownerChangeCommand = z.object({
  ObjectID: z.string().uuid(),
  Version: z.coerce.number().int().positive(),
  AgentID: z.string().uuid(),
  ChangeReason: z.string().trim().min(1).max(10),
  Remark: z.string().trim().max(500).optional(),
});
export type OwnerChange = z.infer<typeof ownerChangeCommand>;

/**
 * Owner change (商机转移, notes §1.4 rule 8): the channel manager (same province) or the province
 * manager moves a protected opportunity to another active agent, for a reason from the dictionary.
 * The protection end date does not restart; the deal's products and progress records move with it; the
 * change is logged on the owner-change list with the old and new owner, the reason and who approved
 * it. One transaction; a stale version is a 409.
 */
export async function changeOwner(db: Db, caller: Caller, change: OwnerChange, clock?: Clock) {
  if (caller.roleCode !== ROLE.channelManager && caller.roleCode !== ROLE.provinceManager)
    throw new PortalError(403, 'server.opportunity.notOwnerManager');
  const at = clock?.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const def = opportunityDef();
    const record = await getRecord(trx, def, caller, change.ObjectID);
    if (Number(record.Version) !== change.Version) throw new PortalError(409, 'server.staleWrite');
    const status = String(record.ExtOpportunityStatus_SDK ?? '');
    if (status !== OPPORTUNITY_STATUS.protected && status !== OPPORTUNITY_STATUS.atRisk)
      throw new PortalError(409, 'server.opportunity.notProtected');
    const agents = await sql<{
      name: string;
      province_code: string | null;
    }>`select name, province_code from customer
      where object_id = ${change.AgentID} and customer_type in (${sql.join(OWNING_AGENT_TYPES)})
        and status in (${sql.join(ACTIVE_AGENT)})`.execute(trx);
    const agent = agents.rows[0];
    const place = await sql<{
      province_code: string | null;
      company_id: string | null;
    }>`select province_code, company_id from record
      where object_id = ${change.ObjectID}`.execute(trx);
    // A channel manager moves deals within the province; across provinces is the province manager's call.
    const crossProvince = agent && agent.province_code !== place.rows[0]?.province_code;
    if (!agent || (crossProvince && caller.roleCode !== ROLE.provinceManager))
      throw fieldError('opportunityOwnerChange', 'NewOwnerName', 'server.opportunity.notAnAgent');
    const reason = await sql<{ n: number }>`select count(*)::int as n from dictionary_entry
      where code = 'OwnerChangeReason' and keyword = ${change.ChangeReason} and enabled`.execute(trx);
    if (!reason.rows[0]?.n)
      throw fieldError('opportunityOwnerChange', 'ChangeReason', 'server.problems.invalid');

    await patchOpportunity(
      trx,
      change.ObjectID,
      { AgentName: agent.name },
      { by: caller.lastName, at, companyId: change.AgentID, bumpVersion: true },
    );
    // Its products and progress go with it: the deal's own records are in the deal's scope.
    await dealRecordsFollow(trx, change.ObjectID);
    const log = {
      ExtOpportunityNOText_SDK: record.ExtOpportunityNOText_SDK,
      ExtOpportunityName_SDK: record.Name,
      OldOwnerName: record.AgentName ?? '',
      NewOwnerName: agent.name,
      ChangeReason: change.ChangeReason,
      Remark: change.Remark ?? '',
      ApprovalStatus: ApprovalStatus.approved,
      Approver: caller.lastName,
      ApprovedOn: at.toISOString(),
      ExtProtectionEndDate_SDK: record.ExtProtectionEndDate_SDK ?? null,
    };
    await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
        updated_at, created_by, created_by_name, updated_by_name)
      select coalesce(${clock?.uuid() ?? null}::uuid, gen_random_uuid()), 'opportunityOwnerChange',
        ${JSON.stringify(log)}::jsonb, ${change.AgentID}, province_code, city_code, ${at}, ${at},
        ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}
      from record where object_id = ${change.ObjectID}`.execute(trx);
    // Both owners are told: the old one loses the deal from its list, the new one finds it in its own.
    const told = {
      no: String(record.ExtOpportunityNOText_SDK ?? ''),
      name: String(record.Name ?? ''),
      from: String(record.AgentName ?? ''),
      to: agent.name,
    };
    const oldOwner = place.rows[0]?.company_id;
    if (oldOwner !== change.AgentID)
      await notifyCompany(trx, oldOwner, { kind: 'opportunityMovedAway', params: told }, clock);
    await notifyCompany(
      trx,
      change.AgentID,
      {
        kind: 'opportunityMovedHere',
        params: told,
        pageId: 'business.opportunityInfo',
        recordId: change.ObjectID,
      },
      clock,
    );
    return getRecord(trx, def, caller, change.ObjectID);
  });
}
