import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { sql } from 'kysely';
import { RebateSettlementStatus, SettlementSheetStatus } from '../../domain/codes/rebates.codes';
import type { ImportAnswer } from '../../domain/import-answer';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { SETTLEMENT_STATUS } from '../../machines/workflows/rebate-settlement.workflow';
import { workflowDeclaration } from '../../machines/workflows/registry';
import { SHEET_DESK } from '../../machines/workflows/settlement-sheet.workflow';
import { type Db, inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { type ImportRequest, runImport } from '../imports/import-run';
import { nextNumber } from '../resources/numbering';
import { scopeOfNewRecord } from '../resources/scope';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';

const LINE = 'rebateSettlementLine';
/** A sheet that still counts: uploaded or published. A voided one frees its file and its tasks. */
const LIVE: string[] = [SettlementSheetStatus.uploaded, SettlementSheetStatus.published];

interface StoredLine {
  id: string;
  companyId: string;
  data: Record<string, unknown>;
}

interface TaskRow {
  id: string;
  data: Record<string, unknown>;
}

async function fileHash(path: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The live sheet this very file already made, if any. */
async function sheetOfFile(trx: Db, hash: string) {
  const found = await sql<{ no: string }>`select data->>'SheetNo' as no from record
    where resource = 'rebateSettlementSheet' and data->>'FileHash' = ${hash}
      and data->>'SheetStatus' in (${sql.join(LIVE)}) limit 1`.execute(trx);
  return found.rows[0]?.no;
}

/** The settlement workflow's state of a task's status keyword, to name it in words. */
const stateOfStatus = (status: string) =>
  Object.entries(SETTLEMENT_STATUS).find(([, code]) => code === status)?.[0] ?? 'calculating';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Each line against the master of rebate tasks: the task exists, is the line's agent's and of the
 * line's period, is confirmed by that agent, and the line carries exactly its payable amount. The
 * first wrong line refuses the sheet, naming the task and the field.
 */
async function checkAgainstTasks(trx: Db, lines: StoredLine[]): Promise<Map<string, TaskRow>> {
  const nos = [...new Set(lines.map((l) => text(l.data.RebateTaskNo)))];
  const found = await sql<TaskRow>`select object_id::text as id, data from record
    where resource = 'rebateTask' and data->>'RebateTaskNo' in (${sql.join(nos)}) for update`.execute(trx);
  const tasks = new Map(found.rows.map((t) => [text(t.data.RebateTaskNo), t]));
  const seen = new Set<string>();
  for (const line of lines) {
    const no = text(line.data.RebateTaskNo);
    const task = tasks.get(no);
    const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
      fieldError(LINE, field, { key: `settlementSheet.problems.${key}`, params: { task: no, ...params } });
    if (!task) throw problem('RebateTaskNo', 'noSuchTask');
    if (seen.has(no)) throw problem('RebateTaskNo', 'taskTwice');
    seen.add(no);
    if (text(task.data.AgentID) !== line.companyId)
      throw problem('RebateTaskNo', 'otherAgent', {
        agent: text(line.data.AgentName),
        owner: text(task.data.AgentName),
      });
    if (text(task.data.Period) !== text(line.data.Period))
      throw problem('Period', 'otherPeriod', { period: text(task.data.Period) });
    if (text(task.data.SettlementStatus) !== RebateSettlementStatus.confirmed)
      throw new PortalError(409, 'settlementSheet.notConfirmed', {
        task: no,
        status: {
          key: `server.workflow.states.${stateOfStatus(text(task.data.SettlementStatus))}`,
          params: {},
        },
      });
    if (yuanToFen(text(line.data.PayableRebate)) !== yuanToFen(text(task.data.PayableRebate) || '0'))
      throw problem('PayableRebate', 'otherAmount', { payable: text(task.data.PayableRebate) });
    // A line posts its amount on publication: a settlement with nothing payable has no place on a sheet.
    if (yuanToFen(text(line.data.PayableRebate)) <= 0) throw problem('PayableRebate', 'nothingToPost');
  }
  return tasks;
}

/** A task of the sheet already on another live sheet makes this one a duplicate of it. */
async function refuseTasksOnOtherSheets(trx: Db, sheetId: string, nos: string[]) {
  const found = await sql<{
    no: string;
    task: string;
  }>`select s.data->>'SheetNo' as no, l.data->>'RebateTaskNo' as task
    from record l join record s on s.resource = 'rebateSettlementSheet' and s.object_id::text = l.data->>'SheetID'
    where l.resource = ${LINE} and l.data->>'SheetID' <> ${sheetId}
      and l.data->>'RebateTaskNo' in (${sql.join(nos)}) and s.data->>'SheetStatus' in (${sql.join(LIVE)})
    order by 1, 2 limit 1`.execute(trx);
  const other = found.rows[0];
  if (other) throw new PortalError(409, 'settlementSheet.duplicate', { no: other.no, task: other.task });
}

/**
 * A settlement sheet's upload (docs/rebates.md "Settlement sheets"): the import engine checks and
 * writes its rows all or nothing, stamped with the new sheet; the lines are then held to their rebate
 * tasks, the sheet is refused when it repeats a live sheet (the same file, or a task already on one),
 * and it is stored with its workflow in `uploaded` — all in the one transaction, so a refusal leaves
 * nothing behind.
 */
export async function uploadSettlementSheet(request: ImportRequest): Promise<ImportAnswer> {
  const { caller } = request;
  if (!SHEET_DESK.includes(caller.roleCode)) throw new PortalError(403, 'server.forbidden');
  const hash = await fileHash(request.path);
  const newId = request.newId ?? randomUUID;
  return inTransaction(request.db, async (trx) => {
    const same = await sheetOfFile(trx, hash);
    if (same) throw new PortalError(409, 'settlementSheet.sameFile', { no: same });
    const sheetId = newId();
    const sheetNo = await nextNumber(trx, NUMBER_PREFIX.rebateSettlementSheet, request.at);
    const { declared } = request.spec;
    const stamp = {
      ...declared.stamp,
      SheetID: sheetId,
      SheetNo: sheetNo,
      SheetStatus: SettlementSheetStatus.uploaded,
    };
    const answer = await runImport({
      ...request,
      db: trx,
      spec: { ...request.spec, declared: { ...declared, stamp } },
    });
    if (!answer.Committed) return answer;
    const stored = await sql<StoredLine>`select object_id::text as id, company_id::text as "companyId", data
      from record where resource = ${LINE} and data->>'SheetID' = ${sheetId} order by data->>'RebateTaskNo'`.execute(
      trx,
    );
    const lines = stored.rows;
    const tasks = await checkAgainstTasks(trx, lines);
    const nos = lines.map((l) => text(l.data.RebateTaskNo));
    await refuseTasksOnOtherSheets(trx, sheetId, nos);
    for (const line of lines) {
      const task = tasks.get(text(line.data.RebateTaskNo))!;
      const link = { RebateTaskID: task.id, Brand: task.data.Brand ?? null };
      await sql`update record set data = data || ${JSON.stringify(link)}::jsonb
        where object_id = ${line.id}`.execute(trx);
    }
    const totalFen = lines.reduce((sum, l) => sum + yuanToFen(text(l.data.PayableRebate)), 0);
    const data = {
      SheetNo: sheetNo,
      Title: text(lines[0]?.data.AnnouncementTitle),
      Period: [...new Set(lines.map((l) => text(l.data.Period)))].join(', '),
      LineCount: lines.length,
      TotalAmount: fenToYuanString(totalFen),
      FileName: request.fileName,
      FileHash: hash,
      TaskNos: nos.join(', '),
      ImportID: answer.ImportID,
    };
    const own = scopeOfNewRecord(caller);
    const at = request.at ?? new Date();
    await sql`insert into record (object_id, resource, data, company_id, province_code, city_code,
        created_at, updated_at, created_by, created_by_name, updated_by_name)
      values (${sheetId}, 'rebateSettlementSheet', ${JSON.stringify(data)}::jsonb, ${own.company_id},
        ${own.province_code}, ${own.city_code}, ${at}, ${at}, ${caller.employeeId}, ${caller.lastName},
        ${caller.lastName})`.execute(trx);
    const declaration = workflowDeclaration('settlementSheet');
    await startStream(trx, {
      streamId: subjectStreamId(declaration, sheetId),
      workflow: declaration.name,
      subject: ['rebateSettlementSheet', sheetId],
      input: { applicant: actorOf(caller) },
      actor: actorOf(caller),
      at,
    });
    return answer;
  });
}
