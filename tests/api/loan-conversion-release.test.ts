import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { checkBooks } from '../../server/books/check-books';
import { markOverdueLoans } from '../../server/loans/loan-overdue.job';
import { checkAfterCorruption, endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * A loan-to-sale order let go — cancelled as a draft, rejected by its approver — gives its units back
 * to the loan in the same transaction (docs/loans.md): out again on the loan and by their serials, so
 * they are returned, sold anew or become overdue, and the loan is written off without them. A sale the
 * write-off closed on is not cancelled, and an order change keeps a loan-to-sale order's lines.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let agent: string;
let product: string;
const db = () => t.database.db;

type Loan = { ObjectID: string; LoanNo: string };
type Answer = { status: number; body: { message?: string; results?: Record<string, unknown> } };

const decide = (loan: Loan, command: string, payload: Record<string, unknown> = {}, who = 'ops') =>
  t.post(
    '/workflow/decide',
    { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload },
    tokens[who],
  );
const onOrder = (orderId: string, command: string, payload: Record<string, unknown>, who = 'ops') =>
  t.post('/workflow/decide', { workflow: 'orderApproval', ObjectID: orderId, command, payload }, tokens[who]);
const ok = (answer: Answer, what: string) =>
  expect(answer.status, `${what}: ${answer.body.message}`).toBe(200);

const sn = (loan: Loan, i: number) => `${loan.LoanNo}-U${i}`;
/** A line of a return or conversion naming its units by serial. */
const units = (loan: Loan, ...numbers: number[]) => ({
  lines: [
    {
      lineNo: 1,
      quantity: numbers.length,
      inspection: 'good',
      serialNumbers: numbers.map((i) => sn(loan, i)),
    },
  ],
});
const convertLines = (loan: Loan, ...numbers: number[]) => ({
  lines: [{ lineNo: 1, quantity: numbers.length, serialNumbers: numbers.map((i) => sn(loan, i)) }],
});

/** Three units of one product lent to the RSP, each with its serial: asked, agreed and shipped. */
async function lent(): Promise<Loan> {
  const asked = await t.post(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: agent,
      EndUserName: 'Release hospital',
      ExpectedReturnDate: addDays(businessDay(), 30),
      Purpose: 'POC',
      Lines: [{ ProductCode: product, Quantity: 3 }],
    },
    tokens.rsp,
  );
  ok(asked, 'ask');
  const loan = asked.body.results as Loan;
  ok(await decide(loan, 'agree', {}, 'province'), 'agree');
  ok(
    await decide(loan, 'ship', { lines: [{ lineNo: 1, serialNumbers: [1, 2, 3].map((i) => sn(loan, i)) }] }),
    'ship',
  );
  return loan;
}

/** The units converted by the RSP, and the draft loan-to-sale order the conversion entered. */
async function converted(loan: Loan, ...numbers: number[]) {
  ok(await decide(loan, 'convert', convertLines(loan, ...numbers), 'rsp'), 'convert');
  const { rows } = await sql<{
    id: string;
    no: string;
  }>`select distinct c.order_id::text as id, c.order_no as no
    from loan_conversion c where c.loan_id = ${loan.ObjectID} and exists (select 1 from loan_serial s
      where s.loan_id = c.loan_id and s.settled_no = c.order_no and s.serial_no = ${sn(loan, numbers[0])})`.execute(
    db(),
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** The loan as its record page shows it: status and converted units. */
async function shown(loan: Loan) {
  const read = await t.post('/loanOrder/getOne', { ObjectID: loan.ObjectID }, tokens.ops);
  const record = read.body.results[0] as Record<string, unknown>;
  return { status: record.LoanStatus, converted: record.ConvertedQuantity };
}

/** The units still out, as the return and conversion dialogs offer them. */
async function stillOut(loan: Loan) {
  const options = await t.post(
    '/workflow/options',
    { workflow: 'loanOrder', ObjectID: loan.ObjectID },
    tokens.ops,
  );
  return ((options.body.results.Lines ?? []) as { Serials?: string[] }[]).flatMap((l) => l.Serials ?? []);
}

const conversionsOf = async (orderId: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from loan_conversion where order_id = ${orderId}`.execute(db())
  ).rows[0].n;

const loanBooks = async () =>
  (
    await checkBooks(db(), (key) => key.startsWith('orders.') && /conversions|outstanding|serials/.test(key))
  ).checks.map((c) => [c.key, c.total]);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'province', 'rsp', 'finance']) tokens[user] = await t.login(user, 'Demo@123456');
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

describe('a loan-to-sale order let go', () => {
  let loan: Loan;
  let first: { id: string; no: string };
  let second: { id: string; no: string };

  beforeAll(async () => {
    loan = await lent();
  });

  it('cancelled as a draft, puts its units back out on the loan, serials and all', async () => {
    first = await converted(loan, 1, 2);
    expect(await shown(loan)).toEqual({ status: '151', converted: 2 });
    expect(await stillOut(loan)).toEqual([sn(loan, 3)]);

    const cancelled = await onOrder(first.id, 'cancel', { reason: 'The hospital buys one only' }, 'rsp');
    expect(cancelled.body.results?.State, cancelled.body.message).toBe('cancelled');
    // Nothing returned or sold any more: simply on loan again, every unit out.
    expect(await shown(loan)).toEqual({ status: '131', converted: 0 });
    expect(await stillOut(loan)).toEqual([1, 2, 3].map((i) => sn(loan, i)));
    expect(await conversionsOf(first.id)).toBe(0);
    expect(await loanBooks()).toEqual([
      ['orders.outstandingFollowsRows', 0],
      ['orders.conversionsAreLiveSales', 0],
      ['orders.serialsFollowUnits', 0],
    ]);
  });

  it('lets the units given back be sold anew and returned, and the cancelled order be deleted', async () => {
    second = await converted(loan, 1);
    ok(await decide(loan, 'returnGoods', units(loan, 2)), 'return');
    expect(await shown(loan)).toEqual({ status: '151', converted: 1 });
    expect(await stillOut(loan)).toEqual([sn(loan, 3)]);
    // No loan names the cancelled order any more.
    ok(await t.post('/order/delete', { ObjectIDs: [first.id] }, tokens.rsp), 'delete');
  });

  it('rejected, puts its units back out, and the loan waiting for its write-off is partly settled again', async () => {
    ok(await decide(loan, 'returnGoods', units(loan, 3)), 'return');
    const asked = await decide(loan, 'requestVerification', {}, 'rsp');
    expect(asked.body.results?.State, asked.body.message).toBe('toVerify');
    const early = await decide(loan, 'verify', {}, 'finance');
    expect([early.status, early.body.message]).toEqual([
      409,
      `借货单 ${loan.LoanNo} 的转销订单 ${second.no} 尚未生效，不能核销`,
    ]);

    ok(await t.post('/orderApproval/submit', { ObjectID: second.id }, tokens.ops), 'submit');
    const rejected = await onOrder(second.id, 'reject', { reason: 'Not at this price' });
    expect(rejected.body.results?.State, rejected.body.message).toBe('rejected');
    expect(await shown(loan)).toEqual({ status: '151', converted: 0 });
    expect(await stillOut(loan)).toEqual([sn(loan, 1)]);
    expect(await conversionsOf(second.id)).toBe(0);

    // The unit comes back after all, and the loan is written off without the sale.
    ok(await decide(loan, 'returnGoods', units(loan, 1)), 'return');
    ok(await decide(loan, 'requestVerification', {}, 'rsp'), 'request verification');
    const verified = await decide(loan, 'verify', {}, 'finance');
    expect([verified.status, verified.body.results?.State]).toEqual([200, 'verified']);
  });
});

describe('a loan-to-sale order that took effect', () => {
  let loan: Loan;
  let sale: { id: string; no: string };

  beforeAll(async () => {
    loan = await lent();
    sale = await converted(loan, 1, 2, 3);
    ok(await t.post('/orderApproval/submit', { ObjectID: sale.id }, tokens.ops), 'submit');
    const agreed = await onOrder(sale.id, 'agree', {});
    expect(agreed.body.results?.State, agreed.body.message).toBe('approved');
  });

  it('keeps its lines through an order change: selling fewer is cancelling it', async () => {
    const orderNo = (
      await sql<{ no: string }>`select order_no as no from sales_order where object_id = ${sale.id}`.execute(
        db(),
      )
    ).rows[0].no;
    const cut = await t.post(
      '/orderChange/create',
      {
        PageID: 'ordersSetup.orderChangeEdit',
        OrderNo: orderNo,
        ChangeType: '101',
        ChangeReason: 'The hospital keeps two',
        Lines: [{ LineNo: 1, Quantity: 2 }],
      },
      tokens.rsp,
    );
    expect(cut.status).toBe(400);
    expect(cut.body.message).toContain('借转销订单的明细是借货转为销售的货物');
    expect(await conversionsOf(sale.id)).toBe(1);
  });

  it('is not cancelled once finance wrote its loan off', async () => {
    ok(await decide(loan, 'requestVerification', {}, 'rsp'), 'request verification');
    ok(await decide(loan, 'verify', {}, 'finance'), 'verify');
    const cancel = await onOrder(sale.id, 'cancel', { reason: 'Changed our mind' });
    expect([cancel.status, cancel.body.message]).toEqual([
      409,
      `借货单 ${loan.LoanNo} 已核销，其转销订单 ${sale.no} 不能再取消`,
    ]);
    expect(await shown(loan)).toEqual({ status: '171', converted: 3 });
  });

  it('is named by the books when it is let go behind its loan’s back', async () => {
    const letGo = (trx: typeof t.database.db) =>
      sql`update sales_order set approval_status = '141' where object_id = ${sale.id}`.execute(trx);
    for (const key of ['orders.conversionsAreLiveSales', 'orders.outstandingFollowsRows']) {
      const found = await checkAfterCorruption(db(), key, letGo);
      expect(found.rows.map((r) => r.label)).toEqual([loan.LoanNo]);
    }
  });
});

// Last: an overdue loan blocks its agent's next loan.
describe('a loan whose sale was let go', () => {
  it('is out again, to become overdue, and its units may still be sold', async () => {
    const loan = await lent();
    const sale = await converted(loan, 1, 2, 3);
    ok(await onOrder(sale.id, 'cancel', { reason: 'No budget' }, 'rsp'), 'cancel');
    await sql`update loan_order set expected_return_date = ${addDays(businessDay(), -2)}::date
      where object_id = ${loan.ObjectID}`.execute(db());
    await markOverdueLoans(db(), new Date());
    expect(await shown(loan)).toEqual({ status: '141', converted: 0 });
    await converted(loan, 3);
    expect(await shown(loan)).toEqual({ status: '151', converted: 1 });
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['orders']);
