import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { zh } from '../../locales/zh/messages';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Settlement sheets (machines/workflows/settlement-sheet.workflow.ts, docs/rebates.md): uploaded by
 * the desk with every line held to its confirmed rebate task, refused when they repeat a live sheet,
 * published by finance — which posts each line to its agent's ledger and names the flow — or voided
 * with a reason before that.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const agents: Record<'rsp' | 'ccp', { id: string; name: string }> = {} as never;
const tasks: Record<'rsp' | 'ccp', { id: string; no: string }> = {} as never;
const db = () => t.database.db;
const IMPORT = 'rebates.settlementLineImport';
const PERIOD = '2026-Q1';
const labels = (zh.field as Record<string, Record<string, string>>).rebateSettlementLine;

const decide = (who: string, workflow: string, id: string, command: string, payload = {}) =>
  t.post('/workflow/decide', { workflow, ObjectID: id, command, payload }, tokens[who]);

/** The sheet as a person fills the template: the Chinese headers, then the rows. */
async function sheetFile(rows: (string | number | null)[][]) {
  const page = pageById(IMPORT)!;
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Sheet1');
  ws.addRow(page.import!.fields.map((f) => labels[f.field]));
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(content: Buffer, who: string) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="PageID"\r\n\r\n${IMPORT}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="settlement.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/import/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': tokens[who] },
  });
  return { status: response.statusCode, body: response.json() };
}

type Sheet = Record<string, string | number | null> & { ObjectID: string };
const sheets = async (who = 'ops') =>
  (await t.post('/rebateSettlementSheet/search', { pageSize: 100 }, tokens[who])).body.results as Sheet[];
const lines = async (who: string) =>
  (await t.post('/rebateSettlementLine/search', { Period: PERIOD, pageSize: 100 }, tokens[who])).body
    .results as Record<string, string>[];
const row = (title: string, agent: 'rsp' | 'ccp', task: 'rsp' | 'ccp', amount = '1500.00') => [
  title,
  tasks[task].no,
  agents[agent].name,
  PERIOD,
  amount,
  null,
];

/**
 * A confirmed settlement of the agent's first-quarter task paying 1,500.00: a target far above what
 * any demo agent orders in a quarter earns nothing, and the adjustment after an objection pays 1,500.00.
 */
async function confirmedTask(policyId: string, who: 'rsp' | 'ccp') {
  const set = await t.post(
    '/rebateTask/assign',
    { PolicyID: policyId, AgentID: agents[who].id, Period: PERIOD, TaskAmount: '900000000' },
    tokens.ops,
  );
  expect(set.status, set.body.message).toBe(200);
  const task = set.body.results[0] ?? set.body.results;
  const settle = (actor: string, command: string, payload = {}) =>
    decide(actor, 'rebateSettlement', task.ObjectID, command, payload);
  expect((await settle('colleague', 'calculate')).status).toBe(200);
  expect((await settle('ops', 'agree')).status).toBe(200);
  expect((await settle(who, 'object', { reason: 'Orders of March are missing' })).status).toBe(200);
  // A wrong adjustment is refused naming it in words, and nothing is recalculated.
  for (const adjustAmount of ['12,5', '-1000000.00']) {
    const refused = await settle('ops', 'recalculate', { reason: 'March orders', adjustAmount });
    expect(refused.status, adjustAmount).toBe(400);
    expect(refused.body.message).toContain(zh.server.input.fields.adjustAmount);
  }
  const recalculated = await settle('ops', 'recalculate', {
    reason: 'March orders',
    adjustAmount: '1500.00',
  });
  expect(recalculated.status, recalculated.body.message).toBe(200);
  expect((await settle('colleague', 'agree')).status).toBe(200);
  expect((await settle(who, 'confirm')).body.results.State).toBe('confirmed');
  return { id: String(task.ObjectID), no: String(task.RebateTaskNo) };
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp', 'ccp', 'vp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  const first = await t.login('newstaff', 'Welcome@2026');
  await t.post(
    '/user/updatePassword',
    { oldPassword: 'Welcome@2026', newPassword: 'Quartz-Ledger-47x' },
    first,
  );
  tokens.colleague = await t.login('newstaff', 'Quartz-Ledger-47x');
  for (const who of ['rsp', 'ccp'] as const) {
    const found = await sql<{
      id: string;
      name: string;
    }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = ${who}`.execute(db());
    agents[who] = found.rows[0];
  }
  // A policy for every channel tier, so the RSP and the CCP each get a task on it.
  const created = await t.post(
    '/rebateAnnouncement/create',
    {
      Title: 'Sheet test rebate for every tier',
      Brand: '101',
      PeriodType: '111',
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      CalcBasis: '101',
      PayoutMethod: '101',
      Content: '1% from 80% of target',
      Tiers: '80:1',
    },
    tokens.ops,
  );
  expect(created.status, created.body.message).toBe(200);
  const policyId = created.body.results.ObjectID;
  await decide('ops', 'rebatePolicy', policyId, 'submit');
  await decide('vp', 'rebatePolicy', policyId, 'agree');
  expect((await decide('ops', 'rebatePolicy', policyId, 'publish')).body.results.State).toBe('published');
  tasks.rsp = await confirmedTask(policyId, 'rsp');
  tasks.ccp = await confirmedTask(policyId, 'ccp');
});
afterAll(() => t?.close());

describe('a settlement sheet', () => {
  let rspSheet: Sheet;
  let rspFile: Buffer;

  it('refuses a line whose task is another agent’s, naming the field, and keeps nothing', async () => {
    const before = (await sheets()).length;
    const refused = await upload(await sheetFile([row('Q1 sheet', 'ccp', 'rsp')]), 'ops');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(labels.RebateTaskNo);
    expect(refused.body.message).toContain(agents.rsp.name);
    expect((await sheets()).length).toBe(before);
    expect((await lines('ops')).filter((l) => l.RebateTaskNo === tasks.rsp.no)).toEqual([]);
    // An amount other than the confirmed payable is refused naming the amount.
    const wrongAmount = await upload(await sheetFile([row('Q1 sheet', 'rsp', 'rsp', '1400.00')]), 'ops');
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.message).toContain(labels.PayableRebate);
    expect(wrongAmount.body.message).toContain('1500.00');
  });

  it('is uploaded by the desk only, each line linked to its task, and no agent sees it yet', async () => {
    rspFile = await sheetFile([row('Q1 sheet', 'rsp', 'rsp')]);
    expect((await upload(rspFile, 'rsp')).status).toBe(403);
    expect((await upload(rspFile, 'vp')).status).toBe(403);
    const uploaded = await upload(rspFile, 'ops');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.results).toMatchObject({ Committed: true, SuccessCount: 1 });
    rspSheet = (await sheets()).find((s) => String(s.TaskNos) === tasks.rsp.no)!;
    expect(rspSheet).toMatchObject({
      SheetStatus: '101',
      LineCount: 1,
      TotalAmount: '1500.00',
      Period: PERIOD,
    });
    expect(String(rspSheet.SheetNo)).toMatch(/^JS\d{12}$/);
    const [line] = (await lines('ops')).filter((l) => l.RebateTaskNo === tasks.rsp.no);
    expect(line).toMatchObject({ SheetNo: rspSheet.SheetNo, RebateTaskID: tasks.rsp.id, Brand: '101' });
    expect(line.FlowNo ?? '').toBe('');
    expect(await lines('rsp')).toEqual([]);
  });

  it('refuses the same file again and a sheet repeating a task, naming the sheet', async () => {
    const again = await upload(rspFile, 'ops');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(String(rspSheet.SheetNo));
    const repeated = await upload(await sheetFile([row('Q1 sheet, again', 'rsp', 'rsp')]), 'ops');
    expect(repeated.status).toBe(409);
    expect(repeated.body.message).toContain(String(rspSheet.SheetNo));
    expect(repeated.body.message).toContain(tasks.rsp.no);
    expect((await sheets()).filter((s) => String(s.TaskNos).includes(tasks.rsp.no))).toHaveLength(1);
  });

  it('is published by finance only, posting each line and naming its flow; then it cannot be voided', async () => {
    const id = rspSheet.ObjectID;
    expect((await decide('ops', 'settlementSheet', id, 'publish')).status).toBe(403);
    // Agents hold no page of the sheets: refused before the record is even read.
    expect((await decide('rsp', 'settlementSheet', id, 'publish')).status).toBe(403);
    const published = await decide('finance', 'settlementSheet', id, 'publish');
    expect(published.status, published.body.message).toBe(200);
    expect(published.body.results.State).toBe('published');
    const [line] = (await lines('ops')).filter((l) => l.RebateTaskNo === tasks.rsp.no);
    expect(line.FlowNo).toMatch(/^LS/);
    const flows = await t.post('/rebateFlow/search', { SourceDocNo: tasks.rsp.no, pageSize: 10 }, tokens.rsp);
    expect(flows.body.results).toEqual([
      expect.objectContaining({
        FlowNo: line.FlowNo,
        FlowType: '111',
        Amount: '1500.00',
        AgentName: agents.rsp.name,
      }),
    ]);
    const task = (await t.post('/rebateTask/getOne', { ObjectID: tasks.rsp.id }, tokens.ops)).body.results[0];
    expect(task.SettlementStatus).toBe('151');
    // The agent reads its own line now; the other agent does not.
    expect(await lines('rsp')).toEqual([
      expect.objectContaining({ RebateTaskNo: tasks.rsp.no, FlowNo: line.FlowNo }),
    ]);
    expect((await lines('ccp')).filter((l) => l.RebateTaskNo === tasks.rsp.no)).toEqual([]);
    const voided = await decide('finance', 'settlementSheet', id, 'void', { reason: 'Too late' });
    expect(voided.status).toBe(409);
  });

  it('is voided with a reason only, posts nothing, and frees its file for a new upload', async () => {
    const file = await sheetFile([row('Q1 sheet for the CCP', 'ccp', 'ccp')]);
    expect((await upload(file, 'ops')).status).toBe(200);
    const sheet = (await sheets()).find((s) => String(s.TaskNos) === tasks.ccp.no)!;
    expect((await decide('ccp', 'settlementSheet', sheet.ObjectID, 'void', { reason: 'x' })).status).toBe(
      403,
    );
    // Finance decides a sheet: the desk that uploaded it may not void it.
    expect((await decide('ops', 'settlementSheet', sheet.ObjectID, 'void', { reason: 'x' })).status).toBe(
      403,
    );
    const bare = await decide('finance', 'settlementSheet', sheet.ObjectID, 'void', {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain(zh.server.input.fields.reason);
    const voided = await decide('finance', 'settlementSheet', sheet.ObjectID, 'void', {
      reason: 'Wrong quarter announced',
    });
    expect(voided.status, voided.body.message).toBe(200);
    const after = (await sheets()).find((s) => s.ObjectID === sheet.ObjectID)!;
    expect(after).toMatchObject({ SheetStatus: '121', VoidReason: 'Wrong quarter announced' });
    expect((await decide('finance', 'settlementSheet', sheet.ObjectID, 'publish')).status).toBe(409);
    const flows = await t.post('/rebateFlow/search', { SourceDocNo: tasks.ccp.no, pageSize: 10 }, tokens.ops);
    expect(flows.body.results).toEqual([]);
    expect(await lines('ccp')).toEqual([]);
    // The task is still confirmed, waiting to be posted: the corrected sheet goes up, even as the same file.
    const again = await upload(file, 'ops');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const live = (await sheets()).filter((s) => String(s.TaskNos) === tasks.ccp.no);
    expect(live.map((s) => s.SheetStatus).sort()).toEqual(['101', '121']);
    // The desk sees both sheets' lines, each saying what became of its sheet.
    const ccpLines = (await lines('ops')).filter((l) => l.RebateTaskNo === tasks.ccp.no);
    expect(ccpLines.map((l) => l.SheetStatus).sort()).toEqual(['101', '121']);
  });
});

describe('the books of settlement sheets', () => {
  const KEY = 'rebates.sheetLinesAreTheirFlows';

  it('hold: a published sheet’s lines are their flows, a voided sheet holds none', async () => {
    expect((await checkAfterCorruption(db(), KEY, async () => undefined)).total).toBe(0);
  });

  it('find a published line that lost its flow, and a voided line that names one', async () => {
    const lostFlow = await checkAfterCorruption(db(), KEY, (trx) =>
      sql`update record set data = data - 'FlowNo'
        where resource = 'rebateSettlementLine' and data->>'RebateTaskNo' = ${tasks.rsp.no}`.execute(trx),
    );
    expect(lostFlow.total).toBe(1);
    const voidWithFlow = await checkAfterCorruption(db(), KEY, (trx) =>
      sql`update record l set data = l.data || jsonb_build_object('FlowNo', 'LS000')
        from record s where l.resource = 'rebateSettlementLine' and s.object_id::text = l.data->>'SheetID'
          and s.data->>'SheetStatus' = '121'`.execute(trx),
    );
    expect(voidWithFlow.total).toBe(1);
  });
});
