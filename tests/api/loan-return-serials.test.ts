import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { checkBooks } from '../../server/books/check-books';
import { startTestApp, type TestApp } from './harness';

/**
 * The units a loan return or conversion settles are named by their serials (docs/loans.md "Serial
 * numbers"): chosen among those lent on the line and still out, never typed freely. A serial not lent
 * on the line, already returned or already sold is refused naming the field and the serial, and nothing
 * is written; a line lent with serials names one per unit. The loan then knows which units are out.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let agent: string;
let product: string;
const db = () => t.database.db;

type Loan = { ObjectID: string; LoanNo: string };
const decide = (loan: Loan, command: string, payload: Record<string, unknown> = {}, who = 'ops') =>
  t.post(
    '/workflow/decide',
    { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload },
    tokens[who],
  );
const giveBack = (loan: Loan, line: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.post(
    '/loanReturn/create',
    { LoanNo: loan.LoanNo, Lines: [{ LineNo: 1, InspectionResult: '101', ...line }], ...extra },
    tokens.ops,
  );

/** A loan of one unit per serial given, agreed, and the answer of shipping it with them. */
async function lentOrRefused(serials: string[]) {
  const asked = await t.post(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: agent,
      EndUserName: 'Serial hospital',
      ExpectedReturnDate: addDays(businessDay(), 30),
      Lines: [{ ProductCode: product, Quantity: serials.length }],
    },
    tokens.rsp,
  );
  expect(asked.status, asked.body.message).toBe(200);
  const loan = asked.body.results as Loan;
  expect((await decide(loan, 'agree', {}, 'province')).status).toBe(200);
  return decide(loan, 'ship', { lines: [{ lineNo: 1, serialNumbers: serials }] });
}

/** A loan of one unit per serial given, shipped with them. */
async function lent(serials: string[]): Promise<Loan> {
  const asked = await t.post(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: agent,
      EndUserName: 'Serial hospital',
      ExpectedReturnDate: addDays(businessDay(), 30),
      Purpose: 'POC',
      Lines: [{ ProductCode: product, Quantity: serials.length }],
    },
    tokens.rsp,
  );
  expect(asked.status, asked.body.message).toBe(200);
  const loan = asked.body.results as Loan;
  expect((await decide(loan, 'agree', {}, 'province')).status).toBe(200);
  const shipped = await decide(loan, 'ship', { lines: [{ lineNo: 1, serialNumbers: serials }] });
  expect(shipped.status, shipped.body.message).toBe(200);
  return loan;
}

const unitsOf = async (loan: Loan) =>
  (
    await sql<{ serial: string; as: string | null; no: string | null }>`select serial_no as serial,
        settled_as as as, settled_no as no from loan_serial where loan_id = ${loan.ObjectID}
      order by serial_no`.execute(db())
  ).rows;
const stillOut = async (loan: Loan) => {
  const options = await t.post(
    '/workflow/options',
    { workflow: 'loanOrder', ObjectID: loan.ObjectID },
    tokens.ops,
  );
  return options.body.results.Lines as { LineNo: number; Open: number; Serials?: string[] }[];
};
const returnsOf = async (loan: Loan) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from loan_return where loan_id = ${loan.ObjectID}`.execute(db())
  ).rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'province', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  agent = (
    await sql<{ name: string }>`select c.name from employee e join customer c on c.object_id = e.company_id
      where e.username = 'rsp'`.execute(db())
  ).rows[0].name;
  product = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
      order by product_code limit 1`.execute(db())
  ).rows[0].code;
});
afterAll(() => t?.close());

describe('the units of a loan return', () => {
  let loan: Loan;
  let other: Loan;
  const sn = (i: number) => `TEST-SN-${i}`;

  beforeAll(async () => {
    other = await lent(['OTHER-SN-1', 'OTHER-SN-2']);
    loan = await lent(['TEST-SN-1', 'TEST-SN-2', 'TEST-SN-3']);
  });

  it('are offered as the serials still out of each line', async () => {
    expect(await stillOut(loan)).toEqual([
      { LineNo: 1, Label: expect.stringContaining(product), Open: 3, Serials: [sn(1), sn(2), sn(3)] },
    ]);
  });

  it('refuses a serial not lent on the loan, by name, and writes nothing', async () => {
    const foreign = await giveBack(loan, { ReturnQuantity: 1, SerialNumbers: 'SN-NEVER-LENT' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      `归还SN：序列号 SN-NEVER-LENT 不是借货单 ${loan.LoanNo} 第 1 行借出的货物`,
    );
    // Lent, but on another loan: through the decision panel's command just as through the form.
    const onOther = await decide(loan, 'returnGoods', {
      lines: [{ lineNo: 1, quantity: 1, inspection: 'good', serialNumbers: ['OTHER-SN-1'] }],
    });
    expect(onOther.status).toBe(400);
    expect(onOther.body.message).toContain('序列号 OTHER-SN-1 不是借货单');
    expect(await returnsOf(loan)).toBe(0);
    expect((await unitsOf(loan)).every((u) => u.as === null)).toBe(true);
  });

  it('asks one serial per unit, none twice', async () => {
    const short = await giveBack(loan, { ReturnQuantity: 2, SerialNumbers: sn(1) });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('第 1 行本次 2 件，须选择 2 个未归还的序列号（已选 1 个）');
    const none = await decide(loan, 'returnGoods', { lines: [{ lineNo: 1, quantity: 1 }] });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('已选 0 个');
    const twice = await giveBack(loan, { ReturnQuantity: 2, SerialNumbers: [sn(1), sn(1)] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain(`序列号 ${sn(1)} 填写了两次`);
    expect(await returnsOf(loan)).toBe(0);
  });

  it('takes the units named back, and keeps which ones on the return and the loan', async () => {
    const back = await giveBack(
      loan,
      { ReturnQuantity: 1, SerialNumbers: ` ${sn(1)} ` },
      { TrackingNo: 'SF1' },
    );
    expect(back.status, back.body.message).toBe(200);
    const returnNo = back.body.results.ReturnNo as string;
    expect(back.body.results.SerialNumbers).toBe(sn(1));
    expect(await unitsOf(loan)).toEqual([
      { serial: sn(1), as: 'returned', no: returnNo },
      { serial: sn(2), as: null, no: null },
      { serial: sn(3), as: null, no: null },
    ]);
    expect((await stillOut(loan))[0]).toMatchObject({ Open: 2, Serials: [sn(2), sn(3)] });
  });

  it('refuses a serial already returned, naming it and its return', async () => {
    const [{ no }] = await unitsOf(loan);
    const again = await giveBack(loan, { ReturnQuantity: 1, SerialNumbers: sn(1) });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`归还SN：序列号 ${sn(1)} 已归还（归还单 ${no}），不能再归还或转销`);
    const sold = await decide(
      loan,
      'convert',
      { lines: [{ lineNo: 1, quantity: 1, serialNumbers: [sn(1)] }] },
      'rsp',
    );
    expect(sold.status).toBe(400);
    expect(sold.body.message).toContain(`序列号：序列号 ${sn(1)} 已归还`);
    expect(await returnsOf(loan)).toBe(1);
  });

  it('sells a unit by its serial, which then can be neither returned nor sold again', async () => {
    const sold = await decide(
      loan,
      'convert',
      { lines: [{ lineNo: 1, quantity: 1, serialNumbers: [sn(2)] }] },
      'rsp',
    );
    expect(sold.status, sold.body.message).toBe(200);
    const order = (
      await sql<{
        no: string;
      }>`select order_no as no from loan_conversion where loan_id = ${loan.ObjectID}`.execute(db())
    ).rows[0].no;
    expect((await unitsOf(loan))[1]).toEqual({ serial: sn(2), as: 'converted', no: order });
    const back = await giveBack(loan, { ReturnQuantity: 1, SerialNumbers: sn(2) });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe(`归还SN：序列号 ${sn(2)} 已转销售（订单 ${order}），不能再归还或转销`);
    expect((await stillOut(loan))[0]).toMatchObject({ Open: 1, Serials: [sn(3)] });
  });

  it('settles every unit still out when nothing is named, and the books agree', async () => {
    expect((await decide(loan, 'returnGoods')).status).toBe(200);
    const units = await unitsOf(loan);
    expect(units.map((u) => u.as)).toEqual(['returned', 'converted', 'returned']);
    const books = await checkBooks(db(), (key) => key.startsWith('orders.serials'));
    expect(books.checks.map((c) => [c.key, c.total])).toEqual([['orders.serialsFollowUnits', 0]]);
  });

  it('lets a unit that came back be lent again, while its first loan still has another out', async () => {
    const back = await giveBack(other, { ReturnQuantity: 1, SerialNumbers: 'OTHER-SN-1' });
    expect(back.status, back.body.message).toBe(200);
    // The unit still out is not free for another loan; the one back is.
    const stillLent = await lentOrRefused(['OTHER-SN-2', 'NEW-SN-1']);
    expect(stillLent.body.message).toContain('OTHER-SN-2');
    const again = await lent(['OTHER-SN-1', 'NEW-SN-2']);
    expect((await unitsOf(again)).map((u) => u.as)).toEqual([null, null]);
  });
});
