import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportConfig } from '../../server/export/export-configs';
import { startTestApp, type TestApp } from './harness';

/**
 * SPEC §7 Export, §6 forced and role parameters, ARCHITECTURE.md §9 streamed export: the file a person
 * downloads holds the rows the list shows them, with the headers and texts of the screen.
 */

// Exports land under DATA_DIR/files/exports: a folder of this suite's own, given back afterwards to
// the suites that run next in the same worker.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-export-test-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

const OWN_LINE_HEADERS = [
  '订单号',
  '订单类型',
  '代理商名称',
  '最终用户',
  '执行单号',
  '订单金额（元）',
  '下单日期',
  '审批状态',
  '回款状态',
  '发货状态',
  '开票状态',
  '订单状态',
];

const RSP_A = '测试甲省级代理有限公司';
const CCP_C = '测试丙城市代理有限公司';
const RSP_B = '测试乙省级代理有限公司';

type Db = TestApp['database']['db'];

async function addCompany(db: Db, name: string, account: string, type: string, parent: string | null) {
  const { rows } = await sql<{ object_id: string }>`insert into customer
    (name, account_id, customer_type, status, parent_id, company_id)
    values (${name}, ${account}, ${type}, '111', ${parent}, null) returning object_id`.execute(db);
  const id = rows[0].object_id;
  await sql`update customer set company_id = ${id} where object_id = ${id}`.execute(db);
  return id;
}

async function addOrder(
  db: Db,
  o: {
    no: string;
    channel: string;
    company: string;
    agent: string;
    amount: number;
    approval: string;
    hoursAgo: number;
  },
) {
  const { rows } = await sql<{ object_id: string }>`insert into sales_order
    (order_no, order_channel, order_type, agent_name, end_user_name, order_date, order_amount,
     approval_status, company_id, created_at)
    values (${o.no}, ${o.channel}, '101', ${o.agent}, '南京测试医疗集团', '2026-03-01', ${o.amount},
     ${o.approval}, ${o.company}, now() - make_interval(hours => ${o.hoursAgo}))
    returning object_id`.execute(db);
  return rows[0].object_id;
}

async function addOrderItem(
  db: Db,
  orderId: string,
  no: string,
  company: string,
  agent: string,
  hoursAgo: number,
) {
  await sql`insert into order_item (order_id, order_no, product_code, quantity, unit_price, company_id, created_at, data)
    values (${orderId}, ${no}, 'PN-EXPT', 2, 1000, ${company}, now() - make_interval(hours => ${hoursAgo}),
      ${JSON.stringify({ OrderChannel: '101', AgentName: agent, OrderDate: '2026-03-01' })})`.execute(db);
}

async function addTask(db: Db, agent: string, taskType: string) {
  await sql`insert into record (resource, data) values ('rspTaskAllocation',
    ${JSON.stringify({ AgentName: agent, TaskType: taskType, Year: '2026', LoadBearingAmount: 500000 })})`.execute(
    db,
  );
}

/** The sheet of an xlsx file as rows of cell values as text (numbers unformatted, dates as their day). */
async function sheetOf(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  // Empty cells are holes in row.values: read every column of the sheet, holes as ''.
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(
      // Dates are typed cells: read as their day.
      Array.from({ length: sheet.columnCount }, (_, i) => {
        const value = values[i + 1];
        if (value == null) return '';
        return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
      }),
    );
  });
  return rows;
}

let t: TestApp;
let admin: string;
let rsp: string;
let ops: string;

/** Waits until the job left 'exporting'; answers its export-log row. */
async function finished(token: string, id: string) {
  for (let i = 0; i < 600; i++) {
    const log = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, token);
    const row = log.body.results.find((r: { ObjectID: string }) => r.ObjectID === id);
    if (row && row.status !== '101') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

/** Starts an export job, waits for it and reads its file through getFile. */
async function exportRows(token: string, body: Record<string, unknown>) {
  const started = await t.post('/excelExport/doExport', body, token);
  expect(started.body, JSON.stringify(started.body)).toMatchObject({
    state: true,
    message: '正在导出文件中,请稍候点击导出日志下载文件',
  });
  const row = await finished(token, started.body.results.ObjectID);
  expect(row).toMatchObject({ status: '111', statusName: '已完成' });
  const file = await t.post('/excelExport/getFile', { file: row.file }, token);
  expect(file.body.state).toBe(true);
  return {
    row,
    file: file.body.results,
    sheet: await sheetOf(Buffer.from(file.body.results.Binary, 'base64')),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const a = await addCompany(db, RSP_A, 'KH-EXPT-A', '111', null);
  const c = await addCompany(db, CCP_C, 'KH-EXPT-C', '121', a);
  const b = await addCompany(db, RSP_B, 'KH-EXPT-B', '111', null);
  await sql`update employee set company_id = ${a} where username = 'rsp'`.execute(db);
  const a1 = await addOrder(db, {
    no: 'EXPT-A1',
    channel: '101',
    company: a,
    agent: RSP_A,
    amount: 12345.6,
    approval: '121',
    hoursAgo: 1,
  });
  await addOrder(db, {
    no: 'EXPT-A2',
    channel: '101',
    company: a,
    agent: RSP_A,
    amount: 100,
    approval: '111',
    hoursAgo: 2,
  });
  const c1 = await addOrder(db, {
    no: 'EXPT-C1',
    channel: '101',
    company: c,
    agent: CCP_C,
    amount: 200,
    approval: '151', // being changed: still in force, a line of the order report
    hoursAgo: 3,
  });
  const b1 = await addOrder(db, {
    no: 'EXPT-B1',
    channel: '101',
    company: b,
    agent: RSP_B,
    amount: 300,
    approval: '151', // being changed: still in force, a line of the order report
    hoursAgo: 4,
  });
  await addOrder(db, {
    no: 'EXPT-P1',
    channel: '111',
    company: a,
    agent: RSP_A,
    amount: 400,
    approval: '111',
    hoursAgo: 5,
  });
  await addOrder(db, {
    no: 'EXPT-P2',
    channel: '111',
    company: b,
    agent: RSP_B,
    amount: 500,
    approval: '111',
    hoursAgo: 6,
  });
  await addOrderItem(db, a1, 'EXPT-A1', a, RSP_A, 1);
  await addOrderItem(db, c1, 'EXPT-C1', c, CCP_C, 2);
  await addOrderItem(db, b1, 'EXPT-B1', b, RSP_B, 3);
  await addTask(db, 'EXPT-任务甲', '101');
  await addTask(db, 'EXPT-任务乙', '111');
  await sql`insert into product (product_code, name, category, standard_price, data)
    values ('EXPT-PN1', '测试服务器', '101', 1234.5, ${JSON.stringify({ Enabled: true, brand: '自有品牌' })})`.execute(
    db,
  );
  // EXPT-A2 waits for finance, the second step of its chain.
  await sql`update sales_order set data = data || ${JSON.stringify({ ApproverRole: 'JS014' })}::jsonb
    where order_no = 'EXPT-A2'`.execute(db);
  [admin, rsp, ops] = await Promise.all([
    t.login('admin', 'Admin@123456'),
    t.login('rsp', 'Demo@123456'),
    t.login('ops', 'Demo@123456'),
  ]);
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

describe('export jobs of a catalogue config', () => {
  it('writes the Chinese headers and exactly the rows the list filters, as the screen shows them', async () => {
    const { sheet, row } = await exportRows(admin, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT' });
    expect(sheet[0]).toEqual(OWN_LINE_HEADERS);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['EXPT-A1', 'EXPT-A2', 'EXPT-C1', 'EXPT-B1']);
    // Dictionary values as their texts, the amount as a number, the date as a day, empty cells empty.
    expect(sheet[1]).toEqual([
      'EXPT-A1',
      '标准订单',
      RSP_A,
      '南京测试医疗集团',
      '',
      '12345.6',
      '2026-03-01',
      '已生效',
      '',
      '',
      '',
      // An effective order not yet received is in execution.
      '执行中',
    ]);
    expect(row).toMatchObject({
      total: 4,
      done: 4,
      createName: '系统管理员',
      configCode: 'OwnLineOrderExport',
    });
    expect(row.file).toMatch(/^自有品牌订单查询_\d{14}_[0-9a-f]{6}\.xlsx$/);

    const approved = await exportRows(admin, {
      configCode: 'OwnLineOrderExport',
      OrderNo: 'EXPT',
      ApprovalStatus: '121',
    });
    expect(approved.sheet.slice(1).map((r) => r[0])).toEqual(['EXPT-A1']);
  });

  it('names the step an order in approval waits for, as its list does', async () => {
    const { sheet } = await exportRows(admin, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT-A2' });
    const status = sheet[0].indexOf('审批状态');
    expect(sheet.slice(1).map((r) => r[status])).toEqual(['待财务审批']);
  });

  it("keeps to the caller's scope: an RSP exports only its company's rows and its CCPs'", async () => {
    const { sheet } = await exportRows(rsp, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT' });
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['EXPT-A1', 'EXPT-A2', 'EXPT-C1']);
  });

  it("forces the config's parameters over the screen's (SPEC §6)", async () => {
    // orderItemExportExcelService forces extItemOrderChannel_SDK '111': the partner line, whatever was asked.
    const synced = await exportRows(admin, {
      configCode: 'orderItemExportExcelService',
      OrderNo: 'EXPT',
      extItemOrderChannel_SDK: '101',
    });
    expect(synced.sheet.slice(1).map((r) => r[0])).toEqual(['EXPT-P1', 'EXPT-P2']);

    // RSPApproval forces taskTypeSearch '101' (RSP tasks) and taskVolume '0'.
    const tasks = await exportRows(admin, { configCode: 'RSPApproval', AgentName: 'EXPT', TaskType: '111' });
    expect(tasks.sheet.slice(1).map((r) => [r[0], r[3]])).toEqual([['EXPT-任务甲', 'RSP任务']]);
  });

  it('gives an agent (JS002/JS003) the rows of its own-line order item report screen, its CCPs’ included', async () => {
    const list = await t.post(
      '/orderItem/search',
      { PageID: 'ordersSetup.ownLineOrderReport', OrderNo: 'EXPT', pageSize: 100 },
      rsp,
    );
    const onScreen = list.body.results.map((r: { OrderNo: string }) => r.OrderNo).sort();
    expect(onScreen).toEqual(['EXPT-A1', 'EXPT-C1']);
    const agent = await exportRows(rsp, { configCode: 'UnisOrderItemReport', OrderNo: 'EXPT' });
    expect(
      agent.sheet
        .slice(1)
        .map((r) => [r[0], r[3]])
        .sort(),
    ).toEqual([
      ['EXPT-A1', RSP_A],
      ['EXPT-C1', CCP_C],
    ]);

    const staff = await exportRows(admin, { configCode: 'UnisOrderItemReport', OrderNo: 'EXPT' });
    // The lines share their orders' date, the report's sort: compare the set, not the tie order.
    expect(
      staff.sheet
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['EXPT-A1', 'EXPT-B1', 'EXPT-C1']);
  });
});

describe('sync export, files and access', () => {
  it('answers a signed download link that serves a valid xlsx; getFile gives the same bytes in base64', async () => {
    const answer = await t.post(
      '/excelExport/doSyncExportUrl',
      { configCode: 'ProductFileExport', query: { pn: 'EXPT' } },
      admin,
    );
    expect(answer.body.state).toBe(true);
    const url: string = answer.body.message;
    expect(url).toMatch(/^\/portal\/excelExport\/download\/[0-9a-f-]{36}\?token=.+/);

    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('产品档案')}`,
    );
    const sheet = await sheetOf(download.rawPayload);
    expect(sheet[0].slice(0, 4)).toEqual(['产品编码（PN）', '产品名称', '品牌', '产品类别']);
    expect(sheet.slice(1)).toHaveLength(1);
    expect(sheet[1]).toEqual(expect.arrayContaining(['EXPT-PN1', '测试服务器', '服务器', '1234.5', '是']));

    const id = url.split('/').pop()!.split('?')[0];
    const file = await t.post('/excelExport/getFile', { file: id }, admin);
    expect(Buffer.from(file.body.results.Binary, 'base64').equals(download.rawPayload)).toBe(true);
    expect(file.body.results.MimeType).toContain('spreadsheetml');

    const forged = await t.app.inject({ method: 'GET', url: url.replace(/token=.+$/, 'token=forged') });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe('导出文件不存在或链接已失效');
  });

  it("never shows or serves one person's export to another, but to those who administer exports", async () => {
    const mine = await exportRows(admin, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT-A1' });
    // The RSP agent holds no export log page: only its own exports.
    const theirs = await t.post('/excelExport/getFile', { file: mine.row.file }, rsp);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ state: false, message: '导出文件不存在或链接已失效' });
    const byId = await t.post('/excelExport/getFile', { file: mine.row.ObjectID }, rsp);
    expect(byId.status).toBe(404);
    const log = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, rsp);
    expect(log.body.results.map((r: { ObjectID: string }) => r.ObjectID)).not.toContain(mine.row.ObjectID);
    // The sales operations desk keeps the export log (base management): everyone's exports, files too.
    const desk = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, ops);
    expect(desk.body.results).toContainEqual(
      expect.objectContaining({ ObjectID: mine.row.ObjectID, createName: '系统管理员' }),
    );
    const file = await t.post('/excelExport/getFile', { file: mine.row.ObjectID }, ops);
    expect(file.status).toBe(200);
    // And the administrator sees the desk's export in turn.
    const desks = await exportRows(ops, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT-A1' });
    const all = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, admin);
    expect(all.body.results.map((r: { ObjectID: string }) => r.ObjectID)).toContain(desks.row.ObjectID);
  });

  it("serves one's own file only while one's menus still hold the list it was exported from", async () => {
    const mine = await exportRows(rsp, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT' });
    const db = t.database.db;
    const pageId = exportConfig('OwnLineOrderExport').page.id;
    const { rows } = await sql<{ role_code: string }>`select role_code from employee
      where username = 'rsp'`.execute(db);
    const roleCode = rows[0].role_code;
    const held = await sql<{ menu_id: string; path: string }>`delete from role_menu
      where role_code = ${roleCode} and menu_id = ${pageId} returning menu_id, path`.execute(db);
    expect(held.rows.length).toBe(1);
    try {
      const unheld = await t.post('/excelExport/getFile', { file: mine.row.ObjectID }, rsp);
      expect(unheld.status).toBe(404);
      expect(unheld.body).toMatchObject({ state: false, message: '导出文件不存在或链接已失效' });
    } finally {
      const [{ menu_id, path }] = held.rows;
      await sql`insert into role_menu (role_code, menu_id, path) values (${roleCode}, ${menu_id}, ${path})`.execute(
        db,
      );
    }
    expect((await t.post('/excelExport/getFile', { file: mine.row.ObjectID }, rsp)).status).toBe(200);
  });

  it('tells how far a job is, in percent, to its maker and to those who administer exports only', async () => {
    const { row } = await exportRows(admin, { configCode: 'OwnLineOrderExport', OrderNo: 'EXPT' });
    const done = await t.post('/excelExport/progress', { ObjectID: row.ObjectID }, admin);
    expect(done.body.results).toMatchObject({ ObjectID: row.ObjectID, status: '111', Percent: 100 });
    expect((await t.post('/excelExport/progress', { ObjectID: row.ObjectID }, ops)).status).toBe(200);
    expect((await t.post('/excelExport/progress', { ObjectID: row.ObjectID }, rsp)).status).toBe(404);
    const bad = await t.post('/excelExport/progress', { ObjectID: 'nothing' }, rsp);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('ObjectID');
  });

  it('refuses an unknown config, a page outside the menus and an unknown filter before starting', async () => {
    const unknown = await t.post('/excelExport/doExport', { configCode: 'NoSuchExport' }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ state: false, message: '导出配置 NoSuchExport 不存在' });

    const missing = await t.post('/excelExport/doExport', {}, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('导出内容必填');

    // The RSP agent's menus hold no base-management page.
    const outside = await t.post('/excelExport/doExport', { configCode: 'CityManagerConfigExport' }, rsp);
    expect(outside.status).toBe(403);

    const before = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, admin);
    const badFilter = await t.post(
      '/excelExport/doExport',
      { configCode: 'OwnLineOrderExport', Nonsense: 'x' },
      admin,
    );
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toBe('不支持按 Nonsense 查询');
    const after = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, admin);
    expect(after.body.totalSize).toBe(before.body.totalSize);

    const anonymous = await t.post('/excelExport/search', { currentPage: 1, pageSize: 10 });
    expect(anonymous.status).toBe(401);
  });

  it('lists the export log newest first with the SPEC §3 row fields, filtered by config', async () => {
    const log = await t.post(
      '/excelExport/search',
      // The administrator reads everyone's exports: these are its own.
      { configCode: 'OwnLineOrderExport', createName: '系统管理员', currentPage: 1, pageSize: 2 },
      admin,
    );
    expect(log.body.totalSize).toBeGreaterThanOrEqual(3);
    expect(log.body.results).toHaveLength(2);
    const [first, second] = log.body.results;
    expect(first.createdTime >= second.createdTime).toBe(true);
    for (const row of log.body.results) {
      expect(row).toMatchObject({
        configCode: 'OwnLineOrderExport',
        statusName: '已完成',
        createName: '系统管理员',
      });
      expect(row.file).toMatch(/\.xlsx$/);
    }

    // The filters of the base-management export log page: status and creation day.
    const failed = await t.post(
      '/excelExport/search',
      { status: '121', currentPage: 1, pageSize: 10 },
      admin,
    );
    expect(failed.body).toMatchObject({ state: true, totalSize: 0 });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const since = await t.post(
      '/excelExport/search',
      { createdTimeStart: today, createdTimeEnd: today, currentPage: 1, pageSize: 10 },
      admin,
    );
    expect(since.body.totalSize).toBeGreaterThanOrEqual(log.body.totalSize);
    const bad = await t.post('/excelExport/search', { createdTimeStart: 'yesterday' }, admin);
    expect(bad.status).toBe(400);
  });

  it('offers each export to the log filter under the title of its page, never its code', async () => {
    const answer = await t.post('/commonSession/searchAll', { code: 'ExportConfig' }, admin);
    const options = answer.body.results as { keyword: string; content: string }[];
    const ownLine = options.find((o) => o.keyword === 'OwnLineOrderExport');
    expect(ownLine?.content).toBe('自有品牌订单查询');
    expect(options.filter((o) => !/\p{Script=Han}/u.test(o.content) || /Export/.test(o.content))).toEqual([]);
    // Two pages share the order change export: its option names both.
    expect(options.find((o) => o.keyword === 'OrderChangeExport')?.content).toContain(' / ');

    const log = await t.post(
      '/excelExport/search',
      { configCode: ownLine?.keyword, currentPage: 1, pageSize: 100 },
      admin,
    );
    expect(log.body.totalSize).toBeGreaterThan(0);
    for (const row of log.body.results) expect(row.configName).toBe('自有品牌订单查询');
  });
});

describe('a 100,000-row export', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await startTestApp();
    await sql`insert into sales_order (order_no, order_channel, agent_name, end_user_name, order_date,
        order_amount, approval_status, created_at, data)
      select 'BULK' || lpad(g::text, 6, '0'), '101', '批量测试代理有限公司', '批量最终用户',
        date '2026-01-01' + (g % 300), (g % 10000) * 1.25, '121', now() - make_interval(secs => g), '{}'::jsonb
      from generate_series(1, 100000) g`.execute(big.database.db);
    // As a bulk load does (bench/scale/scale.ts): PGlite has no autovacuum to refresh the statistics.
    await sql`analyze sales_order`.execute(big.database.db);
  }, 120_000);
  afterAll(() => big.close());

  it('streams every row to the file, with progress recorded', { timeout: 120_000 }, async () => {
    const token = await big.login('admin', 'Admin@123456');
    const started = Date.now();
    const answer = await big.post(
      '/excelExport/doExport',
      { configCode: 'OwnLineOrderExport', OrderNo: 'BULK' },
      token,
    );
    const id = answer.body.results.ObjectID;
    let row: any;
    let sawProgress = false;
    for (;;) {
      const log = await big.post('/excelExport/search', { currentPage: 1, pageSize: 10 }, token);
      row = log.body.results.find((r: { ObjectID: string }) => r.ObjectID === id);
      if (row.status === '101' && row.done > 0 && row.done < 100_000) sawProgress = true;
      if (row.status !== '101') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`100,000-row export finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(row).toMatchObject({ status: '111', total: 100_000, done: 100_000 });
    expect(sawProgress, 'the log showed the job part-way').toBe(true);

    const job = await sql<{
      file_path: string;
    }>`select file_path from export_job where object_id = ${id}`.execute(big.database.db);
    let rows = 0;
    let last: unknown[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(job.rows[0].file_path, {});
    for await (const sheet of reader) {
      for await (const r of sheet) {
        rows += 1;
        last = r.values as unknown[];
      }
    }
    expect(rows).toBe(100_001);
    expect(last[1]).toBe('BULK100000');
  });
});

describe('days of instants, on the business clock', () => {
  /** A demo own-line shipment signed for at half past midnight in Beijing: 16:30 UTC the day before. */
  async function signedAfterMidnight() {
    const { rows } = await sql<{ no: string }>`update shipment set signed_on = '2026-11-27T16:30:00Z'
      where object_id = (select object_id from shipment where order_channel = '101' order by shipment_no limit 1)
      returning shipment_no as no`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    return rows[0].no;
  }

  it('finds and exports an instant on its Beijing day, not the UTC day', async () => {
    const no = await signedAfterMidnight();
    const search = (SignedOn: string) =>
      t.post(
        '/shipment/search',
        { PageID: 'ordersSetup.ownLineDeliveryConfirm', ShipmentNo: no, SignedOn, pageSize: 10 },
        admin,
      );
    expect(
      (await search('2026-11-28')).body.results.map((r: { ShipmentNo: string }) => r.ShipmentNo),
    ).toEqual([no]);
    expect((await search('2026-11-27')).body.results).toEqual([]);

    const { sheet } = await exportRows(admin, { configCode: 'OwnLineDeliveryConfirmExport', ShipmentNo: no });
    const signed = sheet[0].indexOf('签收日期');
    expect(signed, sheet[0].join()).toBeGreaterThanOrEqual(0);
    expect(sheet.slice(1).map((r) => r[signed])).toEqual(['2026-11-28']);
  });
});

describe('workflow steps in words', () => {
  it('names where each registration stands in the registrar approval export, never by the step key', async () => {
    const { sheet } = await exportRows(admin, { configCode: 'RegistrarApprovalExport' });
    const node = sheet[0].indexOf('当前审批节点');
    expect(node, sheet[0].join()).toBeGreaterThanOrEqual(0);
    const steps = new Set(sheet.slice(1).map((r) => r[node]));
    expect(steps.size, 'the demo has registrations at several steps').toBeGreaterThan(1);
    for (const step of steps) expect(step).not.toMatch(/^[a-zA-Z]+$/);
    expect(
      [...steps].some((s) => ['初审', '资质审核', '风控/财务审核', '待签署协议', '正常合作'].includes(s)),
    ).toBe(true);
  });
});
