import { sql } from 'kysely';
import { RebateFlowType } from '../../domain/codes/rebates.codes';
import type { RspStiContext } from '../../machines/workflows/rsp-sti.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { appendFlows, type FlowEntry, lockAccount } from '../rebates/ledger.store';
import type { FlowType, SourceDoc } from '../rebates/ledger.types';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { topState } from '../workflows/projection';
import { refuseStiOf, stiFiguresOf } from './sti-posting.service';
import { fenOf } from './task-split';

/** The ledger's STI flow (dictionary RebateFlowType): kept apart from settlement postings (notes §6.4). */
export const STI_FLOW = RebateFlowType.stiPosted;

/** The commands whoever calculated the figures may not send: the review and the posting. */
const SECOND_PERSON = new Set(['agree', 'return', 'post', 'returnBeforePosting']);

/** The STI record and the RSP line it is of, as stored (the caller's scope was checked first). */
async function stiAndLine(trx: Db, call: HookCall) {
  const found = await sql<{ sti: Record<string, unknown>; line: Record<string, unknown> | null }>`
    select s.data as sti, (select l.data || jsonb_build_object('ObjectID', l.object_id::text)
        from record l where l.object_id::text = s.data->>'LineID' and l.resource = 'rspTaskAllocation') as line
    from record s where s.object_id = ${String(call.subject.ObjectID)} and s.resource = 'rspSti'
    for update of s`.execute(trx);
  const row = found.rows[0];
  if (!row?.line) throw new PortalError(409, 'salesTasks.problems.stiNotApproved');
  return { sti: row.sti, line: row.line };
}

const quarterOf = (sti: Record<string, unknown>) => Number(String(sti.Quarter ?? '').replace(/^Q/, ''));

/**
 * The server side of an RSP's STI: a calculation (and a recalculation after a return) carries the
 * figures the server computed into its event, once the quarter is over and only for a target approved
 * before it began; the person who calculated is told a colleague reviews and posts; posting writes
 * one STI flow to the RSP's rebate account of the line's brand, naming the STI (nothing when nothing
 * was earned), in the same transaction.
 */
export const stiHooks: WorkflowHooks = {
  explain: (call) => {
    const context = call.state.snapshot.context as RspStiContext;
    return SECOND_PERSON.has(call.command) && context.calculatedBy?.id === call.actor.id
      ? new PortalError(403, 'salesTasks.problems.stiOwnCalculation')
      : undefined;
  },
  prepare: async (trx, call) => {
    if (call.command !== 'calculate') return undefined;
    const { sti, line } = await stiAndLine(trx, call);
    const quarter = quarterOf(sti);
    await refuseStiOf(trx, line, quarter, call.clock?.at ?? new Date());
    return { figures: (await stiFiguresOf(trx, line, quarter)).figures };
  },
  after: async (trx, call) => {
    if (call.command !== 'post' || topState(call.next) !== 'posted') return;
    const { sti, line } = await stiAndLine(trx, call);
    const context = call.next.context as RspStiContext;
    const amount = fenOf(context.figures?.StiAmount ?? '0');
    if (amount <= 0n) return;
    const actor = { employeeId: call.caller.employeeId, name: call.caller.lastName, at: call.clock?.at };
    const company = await sql<{ id: string }>`select company_id::text as id from record
      where object_id = ${String(call.subject.ObjectID)}`.execute(trx);
    const account = await lockAccount(
      trx,
      { companyId: company.rows[0].id, type: 'rebate', brand: String(line.Brand) },
      actor,
    );
    const entry: FlowEntry = {
      type: STI_FLOW as FlowType,
      amountFen: Number(amount),
      availableFen: Number(amount),
      frozenFen: 0,
      pendingFen: 0,
      batch: 'self',
      expiryDate: null,
      source: { type: 'sti' as SourceDoc['type'], no: String(sti.StiNo) },
    };
    const [flow] = await appendFlows(trx, account, [entry], actor);
    await sql`update record set data = data || ${JSON.stringify({ PostedFlowNo: flow.flowNo })}::jsonb
      where object_id = ${String(call.subject.ObjectID)}`.execute(trx);
  },
};
