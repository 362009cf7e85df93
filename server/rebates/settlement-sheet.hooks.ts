import { sql } from 'kysely';
import { RebateSettlementStatus, SettlementSheetStatus } from '../../domain/codes/rebates.codes';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { decide } from '../workflows/decisions';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { topState } from '../workflows/projection';
import { FLOW } from './ledger.types';

interface SheetLine {
  id: string;
  taskId: string;
  taskNo: string;
  status: string | null;
}

const sheetIdOf = (call: HookCall) => String(call.subject.ObjectID);

/** The sheet's lines with the status of their tasks now, locked with the tasks for the posting. */
async function linesOf(trx: Db, sheetId: string) {
  const found = await sql<SheetLine>`select l.object_id::text as id, l.data->>'RebateTaskID' as "taskId",
      l.data->>'RebateTaskNo' as "taskNo", t.data->>'SettlementStatus' as status
    from record l left join record t on t.resource = 'rebateTask' and t.object_id::text = l.data->>'RebateTaskID'
    where l.resource = 'rebateSettlementLine' and l.data->>'SheetID' = ${sheetId}
    order by l.data->>'RebateTaskNo' for update of l`.execute(trx);
  return found.rows;
}

/** Each line's task must still wait for its posting: one posted or voided since the upload refuses the sheet. */
function refuseUnconfirmed(lines: SheetLine[]) {
  const moved = lines.find((l) => l.status !== RebateSettlementStatus.confirmed);
  if (moved) throw new PortalError(409, 'settlementSheet.taskMoved', { task: moved.taskNo });
}

/**
 * Publishing posts every line through its task's settlement (`post`, as finance, in this transaction:
 * the same rule and the same ledger flow as posting the task alone) and names the flow on the line.
 */
async function postLines(trx: Db, call: HookCall) {
  const lines = await linesOf(trx, sheetIdOf(call));
  refuseUnconfirmed(lines);
  const flowNos: string[] = [];
  for (const line of lines) {
    await decide(trx, call.caller, {
      workflow: 'rebateSettlement',
      subjectId: line.taskId,
      command: 'post',
      payload: {},
      clock: call.clock,
    });
    const flow = await sql<{ no: string }>`select flow_no as no from rebate_flow
      where source_doc_type = 'settlement' and source_doc_no = ${line.taskNo} and flow_type = ${FLOW.post}
      order by created_at desc limit 1`.execute(trx);
    const flowNo = flow.rows[0].no;
    flowNos.push(flowNo);
    const linked = { FlowNo: flowNo, SheetStatus: SettlementSheetStatus.published };
    await sql`update record set data = data || ${JSON.stringify(linked)}::jsonb
      where object_id = ${line.id}`.execute(trx);
  }
  await sql`update record set data = data || ${JSON.stringify({ FlowNos: flowNos.join(', ') })}::jsonb
    where object_id = ${sheetIdOf(call)}`.execute(trx);
}

/** A voided sheet's lines read void too; it posted nothing, so nothing is given back to the ledger. */
async function voidLines(trx: Db, call: HookCall) {
  await sql`update record set data = data || ${JSON.stringify({ SheetStatus: SettlementSheetStatus.void })}::jsonb
    where resource = 'rebateSettlementLine' and data->>'SheetID' = ${sheetIdOf(call)}`.execute(trx);
}

/** The server side of a settlement sheet (docs/rebates.md "Settlement sheets"). */
export const settlementSheetHooks: WorkflowHooks = {
  prepare: async (trx, call) => {
    if (call.command === 'publish') refuseUnconfirmed(await linesOf(trx, sheetIdOf(call)));
    return undefined;
  },
  after: async (trx, call) => {
    const reached = topState(call.next);
    if (call.command === 'publish' && reached === 'published') await postLines(trx, call);
    if (call.command === 'void' && reached === 'void') await voidLines(trx, call);
  },
};
