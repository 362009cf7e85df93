import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { lockOf, mayEditCell } from '../../catalogue/define';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { ROLE } from '../../domain/roles';
import { zh } from '../../locales/zh/messages';
import { markOverdueLoans } from '../../server/loans/loan-overdue.job';
import { loadStream } from '../../server/workflows/engine';
import { writeProjection } from '../../server/workflows/projection';
import { agentColleague } from './agent-colleague';
import { startTestApp, type TestApp } from './harness';

/**
 * Loans (server/loans, machines/workflows/loan-order.workflow.ts): asked for by the agent, approved by
 * the band of their value, shipped, returned with an inspection per line or converted to a sale, written
 * off by finance once every lent unit is accounted for; an overdue loan blocks the agent's next one.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let products: { code: string; price: string }[];
const today = businessDay();

type Loan = { ObjectID: string; LoanNo: string; Version: number; LoanValue: string; LoanStatus: string };
const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const decide = (loan: { ObjectID: string }, command: string, payload = {}, who = 'ops') =>
  call('/workflow/decide', { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload }, who);
const getLoan = async (loan: { ObjectID: string }, who = 'ops') =>
  (await call('/loanOrder/getOne', { ObjectID: loan.ObjectID }, who)).body.results[0];

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

const ask = (extra: Record<string, unknown> = {}, who = 'rsp') =>
  call(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: rsp.name,
      EndUserName: 'Demo hospital',
      ExpectedReturnDate: addDays(today, 30),
      Purpose: 'POC',
      Lines: [
        { ProductCode: products[0].code, Quantity: 3 },
        { ProductCode: products[1].code, Quantity: 2 },
      ],
      ...extra,
    },
    who,
  );

/** A serial number for each unit of the two lines `ask` lends, kept apart by the loan's number. */
const serialsFor = (loanNo: string) => ({
  lines: [
    { lineNo: 1, serialNumbers: [1, 2, 3].map((i) => `${loanNo}-A${i}`) },
    { lineNo: 2, serialNumbers: [1, 2].map((i) => `${loanNo}-B${i}`) },
  ],
});

/** Asked for by the RSP, agreed by the province manager, shipped by sales operations. */
async function lent(extra: Record<string, unknown> = {}): Promise<Loan> {
  const asked = await ask(extra);
  if (asked.status !== 200) throw new Error(`ask: ${asked.body.message}`);
  const loan = asked.body.results;
  const agreed = await decide(loan, 'agree', {}, 'province');
  if (agreed.status !== 200) throw new Error(`agree: ${agreed.body.message}`);
  const shipped = await decide(loan, 'ship', serialsFor(loan.LoanNo));
  if (shipped.status !== 200) throw new Error(`ship: ${shipped.body.message}`);
  return getLoan(loan);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'province', 'rsp', 'ccp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  products = (
    await sql<{ code: string; price: string }>`select product_code as code, standard_price::text as price
      from product where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
      order by product_code limit 2`.execute(db())
  ).rows;
});
afterAll(() => t?.close());

describe('the demo loans', () => {
  it('were entered through the services: one on loan, one overdue, one written off', async () => {
    const states = await sql<{ status: string }>`select status from workflow_stream
      where workflow = 'loanOrder' order by status`.execute(db());
    expect(states.rows.map((r) => r.status)).toEqual(['onLoan', 'overdue', 'verified']);
    const verified = await one<{ n: number }>(sql`select count(*)::int as n from loan_verification
      where verification_status = '121'`);
    expect(verified.n).toBe(2);
  });
});

describe('asking for a loan', () => {
  it('numbers it JH, values it at the standard price and puts it before the province manager', async () => {
    const asked = await ask();
    expect(asked.status, asked.body.message).toBe(200);
    const loan = asked.body.results;
    expect(loan.LoanNo).toMatch(/^JH\d{12}$/);
    expect(loan.LoanStatus).toBe('111');
    expect(loan.LoanQuantity).toBe(5);
    const value = (Number(products[0].price) * 3 + Number(products[1].price) * 2).toFixed(2);
    expect(loan.LoanValue).toBe(value);
    expect(loan.Lines.map((l: { LineNo: number }) => l.LineNo)).toEqual([1, 2]);
    const options = await call(
      '/workflow/options',
      { workflow: 'loanOrder', ObjectID: loan.ObjectID },
      'province',
    );
    expect(options.body.results.Decider.Role).toBe('JS011');
  });

  it('takes its chain from the value bands of the loan approval configuration, checked when saved', async () => {
    const quantity = Math.ceil(300_001 / Number(products[0].price));
    const big = (await ask({ Lines: [{ ProductCode: products[0].code, Quantity: quantity }] })).body.results;
    expect(Number(big.LoanValue)).toBeGreaterThan(300_000);
    await decide(big, 'agree', {}, 'province');
    const options = await call('/workflow/options', { workflow: 'loanOrder', ObjectID: big.ObjectID });
    expect([options.body.results.State, options.body.results.Decider.Role]).toEqual(['inApproval', 'JS013']);
    const band = (extra: Record<string, unknown>) =>
      call('/loanApprovalConfig/create', {
        PageID: 'ordersSetup.loanApprovalConfigDetail',
        MinAmount: '100000.00',
        MaxAmount: '200000.00',
        firstRole: 'JS013',
        Enabled: true,
        ...extra,
      });
    const overlapping = await band({});
    expect([overlapping.status, overlapping.body.message]).toEqual([
      400,
      expect.stringContaining('300,000.00'),
    ]);
    expect((await band({ firstRole: 'JS002', Enabled: false })).status).toBe(400);
  });

  it('is refused for bad input, naming the field, and writes nothing', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from loan_order`);
    const late = await ask({ ExpectedReturnDate: addDays(today, 120) });
    expect(late.status).toBe(400);
    expect(late.body.message).toContain(addDays(today, 90));
    expect((await ask({ ExpectedReturnDate: today })).status).toBe(400);
    const unknown = await ask({ Lines: [{ ProductCode: 'NO-SUCH-PART', Quantity: 1 }] });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringContaining('NO-SUCH-PART')]);
    expect((await ask({ Lines: [{ ProductCode: products[0].code, Quantity: 0 }] })).status).toBe(400);
    // "1e3" is a thousand to Number(), not a quantity anyone typed.
    for (const quantity of ['1e3', '0x10', '2.0'])
      expect((await ask({ Lines: [{ ProductCode: products[0].code, Quantity: quantity }] })).status).toBe(
        400,
      );
    expect((await ask({ Lines: [{ ProductCode: products[0].code, Quantity: '3' }] })).status).toBe(200);
    expect((await ask({ EndUserName: undefined })).status).toBe(400);
    expect(await one(sql`select count(*)::int as n from loan_order`)).toEqual({ n: before.n + 1 });
  });

  it('is refused to a role that does not ask for loans and for an agent outside the caller scope', async () => {
    // Finance and the province manager approve loans and read them on the list those who ask enter them on.
    for (const who of ['finance', 'province']) {
      const refused = await ask({}, who);
      expect([refused.status, refused.body.message], who).toEqual([
        403,
        zh.server.readOnlyForRole.replace('{{page}}', '借货单'),
      ]);
    }
    const other = await one<{ name: string }>(sql`select name from customer where status = '161'
      and customer_type = '111' and object_id <> ${rsp.id} order by account_id limit 1`);
    expect((await ask({ AgentName: other.name })).status).toBe(404);
  });
});

describe('a loan from approval to write-off', () => {
  let loan: Loan;

  it('is approved by the band’s role only, then shipped by sales operations only', async () => {
    loan = (await ask()).body.results;
    expect((await decide(loan, 'agree')).status).toBe(403);
    expect((await decide(loan, 'ship')).status).toBe(409);
    const agreed = await decide(loan, 'agree', {}, 'province');
    expect([agreed.status, agreed.body.results.State]).toEqual([200, 'approved']);
    expect((await decide(loan, 'ship', {}, 'rsp')).status).toBe(403);
    const shipped = await decide(loan, 'ship', { trackingNo: 'SF1234', ...serialsFor(loan.LoanNo) });
    expect([shipped.status, shipped.body.results.State]).toEqual([200, 'onLoan']);
    const after = await getLoan(loan);
    expect([after.LoanStatus, after.LendDate]).toEqual(['131', today]);
  });

  it('refuses a return beyond what is out of a line, or by the agent, and writes nothing', async () => {
    const over = await decide(loan, 'returnGoods', {
      lines: [{ lineNo: 1, quantity: 4, inspection: 'good' }],
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('3');
    const noLine = await decide(loan, 'returnGoods', { lines: [{ lineNo: 9, quantity: 1 }] });
    expect(noLine.status).toBe(400);
    const agent = await decide(loan, 'returnGoods', { lines: [{ lineNo: 1, quantity: 1 }] }, 'rsp');
    expect(agent.status).toBe(403);
    // The agent reads its returns on the list the warehouse enters them from, and is told so.
    const form = await call(
      '/loanReturn/create',
      { LoanNo: loan.LoanNo, Lines: [{ LineNo: 1, ReturnQuantity: 1, InspectionResult: '101' }] },
      'rsp',
    );
    expect([form.status, form.body.message]).toEqual([
      403,
      zh.server.readOnlyForRole.replace('{{page}}', '借货归还单'),
    ]);
    expect(
      await one(sql`select count(*)::int as n from loan_return where loan_id = ${loan.ObjectID}`),
    ).toEqual({
      n: 0,
    });
  });

  it('takes goods back with an inspection per line on the return form: partly returned', async () => {
    const returned = await call('/loanReturn/create', {
      LoanNo: loan.LoanNo,
      // The units are named by their serials, as the form offers those still out: one per row, or a list.
      Lines: [
        {
          LineNo: 1,
          ReturnQuantity: 2,
          InspectionResult: '101',
          SerialNumbers: `${loan.LoanNo}-A1\n${loan.LoanNo}-A2`,
        },
        { LineNo: 2, ReturnQuantity: 1, InspectionResult: '111', SerialNumbers: [`${loan.LoanNo}-B1`] },
      ],
      ReturnReason: undefined,
      TrackingNo: 'SF999',
    });
    expect(returned.status, returned.body.message).toBe(200);
    expect(returned.body.results.ReturnNo).toMatch(/^GH/);
    const after = await getLoan(loan);
    expect([after.LoanStatus, after.ReturnedQuantity, after.CompensatedQuantity]).toEqual(['151', 2, 1]);
    const rows = await call('/loanReturn/search', {
      PageID: 'ordersSetup.loanReturnOrders',
      LoanNo: loan.LoanNo,
    });
    expect(
      rows.body.results
        .map((r: Record<string, unknown>) => [r.LineNo, r.ReturnQuantity, r.InspectionResult, r.TrackingNo])
        .sort(),
    ).toEqual([
      [1, 2, '101', 'SF999'],
      [2, 1, '111', 'SF999'],
    ]);
  });

  it('converts a unit to a sale: a loan-to-sale order is entered and linked', async () => {
    // The decision panel's dialogs ask per line, from the lines still out as the server counts them.
    const options = await call(
      '/workflow/options',
      { workflow: 'loanOrder', ObjectID: loan.ObjectID },
      'rsp',
    );
    expect(options.body.results.Commands).toEqual([{ Name: 'convert', Asks: 'lines' }]);
    expect(options.body.results.Lines).toEqual([
      {
        LineNo: 1,
        Label: expect.stringContaining(products[0].code),
        Open: 1,
        Serials: [`${loan.LoanNo}-A3`],
      },
      {
        LineNo: 2,
        Label: expect.stringContaining(products[1].code),
        Open: 1,
        Serials: [`${loan.LoanNo}-B2`],
      },
    ]);
    const converted = await decide(
      loan,
      'convert',
      { lines: [{ lineNo: 1, quantity: 1, serialNumbers: [`${loan.LoanNo}-A3`] }] },
      'rsp',
    );
    expect(converted.status, converted.body.message).toBe(200);
    expect(converted.body.results.Lines.map((l: { LineNo: number }) => l.LineNo)).toEqual([2]);
    const link = await one<{ order_no: string; order_type: string; approval: string; quantity: number }>(
      sql`select c.order_no, o.order_type, o.approval_status as approval, i.quantity from loan_conversion c
        join sales_order o on o.object_id = c.order_id join order_item i on i.order_id = o.object_id
        where c.loan_id = ${loan.ObjectID}`,
    );
    expect(link).toMatchObject({ order_type: '131', approval: '101', quantity: 1 });
    const records = await call('/loanVerification/search', {
      PageID: 'ordersSetup.loanVerificationRecords',
      LoanNo: loan.LoanNo,
    });
    const methods = records.body.results.map((r: Record<string, unknown>) => [
      r.VerificationMethod,
      r.VerifiedQuantity,
      r.RelatedOrderNo ?? null,
    ]);
    expect(methods).toEqual(
      expect.arrayContaining([
        ['101', 2, null],
        ['131', 1, null],
        ['111', 1, link.order_no],
      ]),
    );
  });

  it('is not written off while a unit is out; the report counts what is out', async () => {
    const early = await decide(loan, 'requestVerification', {}, 'rsp');
    expect(early.status).toBe(409);
    const report = await call('/loanReport/search', {
      PageID: 'ordersSetup.loanReport',
      LoanNo: loan.LoanNo,
    });
    const lines = report.body.results.map((r: Record<string, unknown>) => [
      r.LoanQuantity,
      r.ReturnedQuantity,
      r.ConvertedQuantity,
      r.OutstandingQuantity,
      r.OverdueDays,
    ]);
    expect(lines.sort()).toEqual([
      [2, 0, 0, 1, 0],
      [3, 2, 1, 0, 0],
    ]);
  });

  it('is written off by finance once every unit is back or sold', async () => {
    const last = { lineNo: 2, quantity: 1, serialNumbers: [`${loan.LoanNo}-B2`] };
    expect((await decide(loan, 'returnGoods', { lines: [last] })).status).toBe(200);
    expect((await decide(loan, 'returnGoods')).status).toBe(409);
    const asked = await decide(loan, 'requestVerification', {}, 'rsp');
    expect([asked.status, asked.body.results.State]).toEqual([200, 'toVerify']);
    expect((await decide(loan, 'verify')).status).toBe(403);
    // The unit sold is not sold while its loan-to-sale order is a draft: no write-off yet.
    const sale = await one<{ id: string; no: string }>(sql`select c.order_id::text as id, c.order_no as no
      from loan_conversion c where c.loan_id = ${loan.ObjectID}`);
    const early = await decide(loan, 'verify', {}, 'finance');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`借货单 ${loan.LoanNo} 的转销订单 ${sale.no} 尚未生效，不能核销`);
    expect((await call('/orderApproval/submit', { ObjectID: sale.id })).status).toBe(200);
    const approved = await call('/workflow/decide', {
      workflow: 'orderApproval',
      ObjectID: sale.id,
      command: 'agree',
      payload: {},
    });
    expect(approved.body.results?.State, approved.body.message).toBe('approved');
    const verified = await decide(loan, 'verify', {}, 'finance');
    expect([verified.status, verified.body.results.State]).toEqual([200, 'verified']);
    const records = await call('/loanVerification/search', {
      PageID: 'ordersSetup.loanVerificationRecords',
      LoanNo: loan.LoanNo,
    });
    expect(records.body.results.length).toBe(4);
    for (const r of records.body.results)
      expect([r.VerificationStatus, r.VerifiedByName]).toEqual(['121', expect.any(String)]);
    const locked = await call('/loanOrder/update', {
      ObjectID: loan.ObjectID,
      Version: (await getLoan(loan)).Version,
      Purpose: 'x',
    });
    expect(locked.status).toBe(409);
  });

  it('is not seen by another agent: 404 on read and on decide', async () => {
    expect((await call('/loanOrder/getOne', { ObjectID: loan.ObjectID }, 'ccp')).status).toBe(404);
    expect((await decide(loan, 'requestVerification', {}, 'ccp')).status).toBe(404);
  });
});

describe('an overdue loan', () => {
  let overdue: Loan;

  it('is marked by the daily job and blocks the agent’s next loan, naming it', async () => {
    overdue = await lent();
    // Time passes: the loan was due five days ago.
    await sql`update loan_order set expected_return_date = ${addDays(today, -5)}::date
      where object_id = ${overdue.ObjectID}`.execute(db());
    const run = await markOverdueLoans(db(), new Date());
    expect(run.count).toBeGreaterThanOrEqual(1);
    expect((await getLoan(overdue)).LoanStatus).toBe('141');
    const blocked = await ask();
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain(overdue.LoanNo);
    const report = await call('/loanReport/search', {
      PageID: 'ordersSetup.loanReport',
      LoanNo: overdue.LoanNo,
    });
    expect(report.body.results.map((r: { OverdueDays: number }) => r.OverdueDays)).toEqual([5, 5]);
  });

  it('is extended by sales operations only, within 60 days of its due date, and no longer blocks', async () => {
    const current = await getLoan(overdue);
    const change = (extra: Record<string, unknown>, who = 'ops', version = current.Version) =>
      call('/loanOrder/update', { ObjectID: overdue.ObjectID, Version: version, ...extra }, who);
    expect((await change({ ExtendedTo: addDays(today, 20) }, 'rsp')).status).toBe(403);
    // Finance reads the terms on the pages where the desk changes them.
    const byFinance = await change({ ExtendedTo: addDays(today, 20) }, 'finance');
    expect([byFinance.status, byFinance.body.message]).toEqual([
      403,
      zh.server.readOnlyForRole.replace('{{page}}', '借货申请'),
    ]);
    expect((await change({ ExtendedTo: addDays(today, 20) }, 'ops', current.Version - 1)).status).toBe(409);
    expect((await change({ ExtendedTo: addDays(today, 80) })).status).toBe(400);
    expect((await change({ LoanValue: '1.00' })).status).toBe(400);
    const extended = await change({ ExtendedTo: addDays(today, 20) });
    expect(extended.status, extended.body.message).toBe(200);
    expect([extended.body.results.LoanStatus, extended.body.results.ExtendedTo]).toEqual([
      '131',
      addDays(today, 20),
    ]);
    const next = await ask();
    expect(next.status, next.body.message).toBe(200);
  });

  it('is extended from its decision panel, which asks sales operations for the new due date', async () => {
    const second = await lent();
    await sql`update loan_order set expected_return_date = ${addDays(today, -3)}::date
      where object_id = ${second.ObjectID}`.execute(db());
    await markOverdueLoans(db(), new Date());
    const options = await call('/workflow/options', { workflow: 'loanOrder', ObjectID: second.ObjectID });
    expect(options.body.results.Commands).toContainEqual({ Name: 'extend', Asks: 'extension' });
    const bare = await decide(second, 'extend');
    expect(bare.status).toBe(400);
    expect((await getLoan(second)).LoanStatus).toBe('141');
    const extended = await decide(second, 'extend', { extendedTo: addDays(today, 10) });
    expect(extended.status, extended.body.message).toBe(200);
    expect([(await getLoan(second)).LoanStatus, (await getLoan(second)).ExtendedTo]).toEqual([
      '131',
      addDays(today, 10),
    ]);
  });

  it('replays every loan strictly and rebuilds its projections exactly from the events', async () => {
    const loans = () =>
      sql`select o.object_id, o.loan_status, o.lend_date, o.loan_quantity, o.returned_quantity,
          o.converted_quantity, o.compensated_quantity, s.status, s.state, s.pending_role, s.version
        from loan_order o join workflow_stream s on s.stream_id = 'loanOrder-' || o.object_id::text
        order by o.object_id`.execute(db());
    const before = await loans();
    expect(before.rows.length).toBeGreaterThanOrEqual(7);
    await sql`update loan_order set loan_status = '101', lend_date = null, returned_quantity = 0,
      converted_quantity = 0, compensated_quantity = 0`.execute(db());
    await sql`update workflow_stream set status = 'x', state = '{}'::jsonb where workflow = 'loanOrder'`.execute(
      db(),
    );
    const ids = await sql<{ id: string }>`select stream_id as id from workflow_stream
      where workflow = 'loanOrder'`.execute(db());
    for (const { id } of ids.rows) {
      const state = await loadStream(db(), id);
      const at = new Date(state.events[state.events.length - 1].at);
      const { declaration, subject, snapshot, version } = state;
      await writeProjection(db(), { id, declaration, subject, snapshot, version, at }, null);
    }
    expect((await loans()).rows).toEqual(before.rows);
  });

  it('has its daily job seeded', async () => {
    expect(await one(sql`select handler from scheduled_job where code = 'loanOverdue'`)).toEqual({
      handler: 'loanOverdue',
    });
  });
});

describe('the loan terms list', () => {
  const PAGE = 'ordersSetup.loanOrderModify';

  it('takes a term in the row wherever it offers the cell and refuses it (409) wherever it shows it locked', async () => {
    const page = pageById(PAGE)!;
    // Beside the demo's loans (one written off) and those above: one withdrawn, one rejected, one on loan.
    const withdrawn = (await ask()).body.results;
    expect((await decide(withdrawn, 'withdraw', {}, 'rsp')).status).toBe(200);
    const rejected = (await ask()).body.results;
    expect((await decide(rejected, 'reject', { reason: 'No demo units left' }, 'province')).status).toBe(200);
    await lent();
    const listed = await call('/loanOrder/search', { PageID: PAGE, pageSize: 100 });
    expect(listed.status, listed.body.message).toBe(200);
    const rows = listed.body.results as Loan[];
    const seen = { offered: new Set<string>(), locked: new Set<string>() };
    for (const row of rows) {
      // As the desk who writes through it sees it.
      const offered = mayEditCell(page, 'Purpose', row, ROLE.salesOperations);
      const saved = await call('/loanOrder/update', {
        ObjectID: row.ObjectID,
        Version: row.Version,
        PageID: PAGE,
        Purpose: 'Pilot at the end user',
      });
      if (offered) {
        expect(saved.status, `${row.LoanNo} ${row.LoanStatus}: ${saved.body.message}`).toBe(200);
        expect(saved.body.results.Purpose).toBe('Pilot at the end user');
      } else {
        expect(saved.status, `${row.LoanNo} ${row.LoanStatus}`).toBe(409);
        expect(saved.body.message).toBe(zh.loans.errors.notModifiable.replace('{{no}}', row.LoanNo));
      }
      seen[offered ? 'offered' : 'locked'].add(row.LoanStatus);
    }
    // Open loans in several states take it; each state in which a loan is closed refuses it.
    expect([...seen.offered]).toEqual(expect.arrayContaining(['111', '131']));
    expect([...seen.locked].sort()).toEqual(['171', '181', '191']);
  });

  it('leaves the terms to the applicant only while the loan is returned to them: their form offers them then alone, and takes them', async () => {
    const form = pageById('ordersSetup.loanOrderEdit')!;
    // Beside those above: one back with the RSP who asked for it, one before the province manager.
    const returned = (await ask()).body.results;
    const back = await decide(returned, 'return', { reason: 'Name the end user’s site' }, 'province');
    expect(back.status, back.body.message).toBe(200);
    await ask();
    const listed = await call(
      '/loanOrder/search',
      { PageID: 'ordersSetup.loanOrders', pageSize: 100 },
      'rsp',
    );
    expect(listed.status, listed.body.message).toBe(200);
    const rows = listed.body.results as Loan[];
    const offeredIn = new Set<string>();
    const refusedIn = new Set<string>();
    for (const row of rows) {
      // The saved loan's form and the terms list read the same locks.
      const offered = lockOf(form, 'Purpose', row, ROLE.rspAgent) === undefined;
      expect(mayEditCell(pageById(PAGE)!, 'Purpose', row, ROLE.rspAgent), row.LoanNo).toBe(offered);
      const saved = await call(
        '/loanOrder/update',
        { ObjectID: row.ObjectID, Version: row.Version, PageID: form.id, Purpose: 'Pilot at the site' },
        'rsp',
      );
      if (offered) {
        expect(saved.status, `${row.LoanNo} ${row.LoanStatus}: ${saved.body.message}`).toBe(200);
        expect(saved.body.results.Purpose).toBe('Pilot at the site');
        offeredIn.add(row.LoanStatus);
      } else {
        // Refused as the form showed it: the desk's terms, or a closed loan's.
        expect([403, 409], `${row.LoanNo} ${row.LoanStatus}: ${saved.body.message}`).toContain(saved.status);
        expect(saved.body.message).not.toContain('Pilot');
        refusedIn.add(row.LoanStatus);
      }
    }
    expect([...offeredIn]).toEqual(['101']);
    expect([...refusedIn]).toEqual(expect.arrayContaining(['111', '131', '171']));
    // In approval, the RSP is told the terms are the desk's.
    const inApproval = rows.find((r) => r.LoanStatus === '111')!;
    const refused = await call(
      '/loanOrder/update',
      { ObjectID: inApproval.ObjectID, Version: inApproval.Version, Purpose: 'x' },
      'rsp',
    );
    expect([refused.status, refused.body.message]).toEqual([403, zh.loans.errors.deskOnly]);
  });

  it('keeps a returned loan from a colleague of its applicant: their form reads it, and the save names who asked', async () => {
    const returned = (await ask()).body.results;
    expect((await decide(returned, 'return', { reason: 'Name the site' }, 'province')).status).toBe(200);
    const colleague = await colleagueOfRsp();
    const read = (who: string, loan = returned) =>
      call('/loanOrder/getOne', { ObjectID: loan.ObjectID }, who);
    // The same answer the form reads: theirs to change for the applicant and the desk, not the colleague.
    expect((await getLoan(returned, 'rsp')).MayChangeTerms).toBe(true);
    expect((await getLoan(returned, 'ops')).MayChangeTerms).toBe(true);
    const seen = (await read(colleague)).body.results[0];
    expect(seen.MayChangeTerms).toBe(false);
    const refused = await call(
      '/loanOrder/update',
      { ObjectID: seen.ObjectID, Version: seen.Version, Purpose: 'Not mine to change' },
      colleague,
    );
    expect([refused.status, refused.body.message]).toEqual([
      403,
      zh.loans.errors.applicantOnly.replace('{{no}}', seen.LoanNo).replace('{{name}}', '陈省代'),
    ]);
    expect((await getLoan(returned)).Purpose).toBe('POC');
    // The applicant corrects its terms, but its extension is the desk's, as the terms list shows it.
    const applicants = await getLoan(returned, 'rsp');
    const extending = await call(
      '/loanOrder/update',
      {
        ObjectID: applicants.ObjectID,
        Version: applicants.Version,
        PageID: 'ordersSetup.loanOrderModify',
        Purpose: 'Pilot at the site',
        ExtendedTo: addDays(today, 20),
      },
      'rsp',
    );
    expect([extending.status, extending.body.message]).toEqual([403, zh.loans.errors.deskOnly]);
    expect([(await getLoan(returned)).Purpose, (await getLoan(returned)).ExtendedTo]).toEqual(['POC', null]);
    // In approval the desk's alone: nobody of the agent's staff is offered it.
    const inApproval = (await ask()).body.results;
    for (const who of ['rsp', colleague])
      expect((await read(who, inApproval)).body.results[0].MayChangeTerms).toBe(false);
    expect((await getLoan(inApproval, 'ops')).MayChangeTerms).toBe(true);
  });
});

/** A second person of the RSP's staff, past the first sign-in: the name its token is kept under. */
async function colleagueOfRsp(): Promise<string> {
  tokens.rspColleague ??= await agentColleague(t, rsp.id, {
    username: 'loan.peer',
    lastName: '吴同事',
    phone: '13812345680',
    password: 'Quartz-Ledger-48y',
  });
  return 'rspColleague';
}
