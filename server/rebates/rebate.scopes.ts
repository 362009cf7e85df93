import { type RawBuilder, sql } from 'kysely';
import { AnnouncementStatus, SettlementSheetStatus } from '../../domain/codes/rebates.codes';
import type { Caller } from '../http/auth';
import { scopeCondition } from '../resources/scope';

/**
 * AnnouncementStatus keywords of a policy agents may read: published, in effect, ended, superseded by a
 * new version (a task set on it still settles on its terms).
 */
const VISIBLE_TO_AGENTS: string[] = [
  AnnouncementStatus.published,
  AnnouncementStatus.inEffect,
  AnnouncementStatus.ended,
  AnnouncementStatus.superseded,
];

const isAgentStaff = (caller: Caller) => caller.dataScope === 'company' && !!caller.companyId;

/**
 * Who reads a policy announcement besides its own scope: agent staff read every published policy of
 * their channel tier (general distributor, RSP, CCP) — the vendor writes it for all of them, so it
 * names no company.
 */
function policyReaders(caller: Caller): RawBuilder<boolean> {
  if (!isAgentStaff(caller)) return scopeCondition(caller);
  return sql<boolean>`(${scopeCondition(caller)} or (t.data->>'AnnouncementStatus' in (${sql.join(VISIBLE_TO_AGENTS)})
    and coalesce(t.data->>'ChannelTier', '') in ('',
      (select c.customer_type from customer c where c.object_id = ${caller.companyId}))))`;
}

/**
 * The agents whose ledger a caller may read (`t` a customer row): an agent its own company only, staff
 * the agents of their data scope. Every figure of a ledger — a balance, what is usable on an order —
 * is read through this, not only its lists.
 */
export function ledgerOwners(caller: Caller): RawBuilder<boolean> {
  return isAgentStaff(caller) ? sql<boolean>`t.object_id = ${caller.companyId}` : scopeCondition(caller);
}

/** An agent's ledger is its own: an RSP does not see the rebate accounts of the CCPs it supplies. */
function ownLedger(caller: Caller): RawBuilder<boolean> {
  return isAgentStaff(caller) ? sql<boolean>`t.company_id = ${caller.companyId}` : scopeCondition(caller);
}

/** An agent reads its line of a settlement sheet once the sheet is published (posted), never before or after a void. */
function publishedOwnLine(caller: Caller): RawBuilder<boolean> {
  if (!isAgentStaff(caller)) return scopeCondition(caller);
  return sql<boolean>`(t.company_id = ${caller.companyId}
    and coalesce(t.data->>'SheetStatus', ${SettlementSheetStatus.published}) = ${SettlementSheetStatus.published})`;
}

/** The rebate resources whose scope is their own rather than the data scope of every record. */
export const rebateScopes: Record<string, (caller: Caller) => RawBuilder<boolean>> = {
  rebateAnnouncement: policyReaders,
  rebateFlow: ownLedger,
  rebateSummary: ownLedger,
  // A task and its settlement are the agent's own, like its ledger.
  rebateTask: ownLedger,
  // A settlement sheet's lines: each agent reads its own line only, once finance published the sheet.
  rebateSettlementLine: publishedOwnLine,
};
