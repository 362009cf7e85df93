import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { exportedWorkbook } from './export-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * A loan ships with the serial number of each unit, taken as an order's delivery takes them: one per
 * unit of a line, none twice, none still out on another loan or already sold, each refusal naming its
 * line. The warehouse may record them on the loan's page before shipping; the loan's record and its
 * list's export show them.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-loan-serials-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

let t: TestApp;
const tokens: Record<string, string> = {};
let agentName: string;
let products: string[];

type Loan = { ObjectID: string; LoanNo: string; Version: number };
const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const decide = (loan: Loan, command: string, payload = {}, who = 'ops') =>
  call('/workflow/decide', { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload }, who);
const getLoan = async (loan: Loan, who = 'ops') =>
  (await call('/loanOrder/getOne', { ObjectID: loan.ObjectID }, who)).body.results[0];
const statusOf = async (loan: Loan) => (await getLoan(loan)).LoanStatus;

/** Two units of the first product and one of the second, asked for by the RSP and agreed: to ship. */
async function approvedLoan(): Promise<Loan> {
  const asked = await call(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: agentName,
      EndUserName: 'Serial test hospital',
      ExpectedReturnDate: addDays(businessDay(), 30),
      Lines: [
        { ProductCode: products[0], Quantity: 2 },
        { ProductCode: products[1], Quantity: 1 },
      ],
    },
    'rsp',
  );
  if (asked.status !== 200) throw new Error(`ask: ${asked.body.message}`);
  const agreed = await decide(asked.body.results, 'agree', {}, 'province');
  if (agreed.status !== 200) throw new Error(`agree: ${agreed.body.message}`);
  return asked.body.results;
}

const lines = (first: string[], second: string[]) => ({
  lines: [
    { lineNo: 1, serialNumbers: first },
    { lineNo: 2, serialNumbers: second },
  ],
});

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['ops', 'province', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  const rsp = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db());
  agentName = rsp.rows[0].name;
  products = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
      order by product_code limit 2`.execute(db())
  ).rows.map((r) => r.code);
});
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a loan’s shipment', () => {
  let loan: Loan;

  it('is refused without a serial for each unit, naming the line short of them, and ships nothing', async () => {
    loan = await approvedLoan();
    const none = await decide(loan, 'ship');
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('第 1 行');
    const short = await decide(loan, 'ship', lines(['LS-A1', 'LS-A2'], []));
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('第 2 行');
    expect(await statusOf(loan)).toBe('121');
  });

  it('is refused for a serial given twice, still out on another loan or already sold, naming the line', async () => {
    const twice = await decide(loan, 'ship', lines(['LS-A1', 'LS-A2'], ['LS-A2']));
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('第 2 行');
    expect(twice.body.message).toContain('LS-A2');
    // The demo loan lent most recently is still out with its serials.
    const out = (
      await sql<{ serial: string }>`select s.serial_no as serial from loan_serial s
        join loan_order o on o.object_id = s.loan_id where o.loan_status in ('131', '141', '151')
        order by s.serial_no limit 1`.execute(db())
    ).rows[0].serial;
    const lentOut = await decide(loan, 'ship', lines(['LS-A1', out], ['LS-B1']));
    expect(lentOut.status).toBe(400);
    expect(lentOut.body.message).toContain(`第 1 行的序列号 ${out}`);
    const sold = (
      await sql<{ serial: string }>`select serial_no as serial from shipment_serial limit 1`.execute(db())
    ).rows[0].serial;
    const soldOut = await decide(loan, 'ship', lines(['LS-A1', 'LS-A2'], [sold]));
    expect(soldOut.status).toBe(400);
    expect(soldOut.body.message).toContain(`第 2 行的序列号 ${sold}`);
    const tooLong = await decide(loan, 'ship', lines(['LS-A1', 'X'.repeat(65)], ['LS-B1']));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('第 1 行');
    expect(await statusOf(loan)).toBe('121');
    expect(
      (await sql`select 1 from loan_serial where loan_id = ${loan.ObjectID}`.execute(db())).rows,
    ).toEqual([]);
  });

  it('takes a serial a written-off loan brought back, and shows each line’s serials on its record', async () => {
    const back = (
      await sql<{ serial: string }>`select s.serial_no as serial from loan_serial s
        join loan_order o on o.object_id = s.loan_id where o.loan_status = '171' limit 1`.execute(db())
    ).rows[0].serial;
    const shipped = await decide(loan, 'ship', {
      trackingNo: 'SF-LS1',
      ...lines([back, 'LS-A2'], ['LS-B1']),
    });
    expect([shipped.status, shipped.body.results?.State]).toEqual([200, 'onLoan']);
    const record = await getLoan(loan);
    expect(record.Lines.map((l: { SerialNumbers: string }) => l.SerialNumbers)).toEqual([
      [back, 'LS-A2'].sort().join(', '),
      'LS-B1',
    ]);
    expect(record.MayRecordSerials).toBe(false);
  });
});

describe('serials recorded on the loan’s page before shipping', () => {
  let loan: Loan;
  const record = (body: Record<string, unknown>, who = 'ops') =>
    call('/loanOrder/serials', { ObjectID: loan.ObjectID, ...body }, who);

  it('are recorded by the warehouse only, checked the same way, and then shipped with', async () => {
    loan = await approvedLoan();
    const seen = await getLoan(loan);
    expect(seen.MayRecordSerials).toBe(true);
    expect((await getLoan(loan, 'rsp')).MayRecordSerials).toBe(false);
    const Lines = [
      { LineNo: 1, SerialNumbers: 'LP-A1\nLP-A2' },
      { LineNo: 2, SerialNumbers: 'LP-B1' },
    ];
    expect((await record({ Version: seen.Version, Lines }, 'rsp')).status).toBe(403);
    const short = await record({ Version: seen.Version, Lines: [{ LineNo: 1, SerialNumbers: 'LP-A1' }] });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('第 1 行');
    const saved = await record({ Version: seen.Version, Lines });
    expect(saved.status).toBe(200);
    expect(saved.body.results.Lines[0].SerialNumbers).toBe('LP-A1, LP-A2');
    expect((await record({ Version: seen.Version, Lines })).status).toBe(409);
    const shipped = await decide(loan, 'ship');
    expect([shipped.status, shipped.body.results?.State]).toEqual([200, 'onLoan']);
    const after = await getLoan(loan);
    expect(after.SerialNumbers).toBe('LP-A1, LP-A2, LP-B1');
    expect((await record({ Version: after.Version, Lines })).status).toBe(409);
  });

  it('appear in the loan list’s export, in a column of their own', async () => {
    const refused: { answer?: unknown } = {};
    const workbook = await exportedWorkbook(
      t,
      { configCode: 'LoanOrderExport', PageID: 'ordersSetup.loanOrders', LoanNo: loan.LoanNo },
      tokens.ops,
      refused,
    );
    expect(workbook, JSON.stringify(refused.answer)).toBeDefined();
    const sheet = workbook!.worksheets[0];
    const heads = (sheet.getRow(1).values as unknown[]).map(String);
    const column = heads.indexOf('序列号');
    expect(column).toBeGreaterThan(0);
    const rows = [];
    for (let i = 2; i <= sheet.rowCount; i++) rows.push(sheet.getRow(i).values as unknown[]);
    const row = rows.find((r) => r.includes(loan.LoanNo));
    expect(row?.[column]).toBe('LP-A1, LP-A2, LP-B1');
  });
});
