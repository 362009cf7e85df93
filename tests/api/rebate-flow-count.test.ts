import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { accrue, correct, freezeForOrder, post, releaseForOrder } from '../../server/rebates/ledger.service';
import { ACCOUNT_TYPE, type AccountKey, FLOW } from '../../server/rebates/ledger.types';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let db: Db;
let finance: string;
const actor = { employeeId: null, name: 'test' };
/** An agent without a ledger yet whose name no other agent's contains, so its name filter is its own. */
const agent = { id: '', name: '' };
let rebate: AccountKey;
let cash: AccountKey;

const ACCRUALS = 240;
const list = (filters: Record<string, unknown> = {}) =>
  t.post(
    '/rebateFlow/search',
    { PageID: 'rebates.customerRebateFlow', AgentName: agent.name, pageSize: 10, ...filters },
    finance,
  );

/** The agent's flows as the database holds them, optionally only some. */
const flowsOfAgent = async (where = sql`true`) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from rebate_flow f
      join rebate_account a on a.object_id = f.account_id where a.company_id = ${agent.id} and ${where}`.execute(
      db,
    )
  ).rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  finance = await t.login('finance', 'Demo@123456');
  const found = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from customer c
    where not exists (select 1 from rebate_account a where a.company_id = c.object_id)
      and not exists (select 1 from customer o where o.object_id <> c.object_id
        and o.name ilike '%' || c.name || '%')
    order by c.account_id limit 1`.execute(db);
  Object.assign(agent, found.rows[0]);
  rebate = { companyId: agent.id, type: 'rebate', brand: '101' };
  cash = { companyId: agent.id, type: 'cashDiscount' };
  // A few hundred flows in one transaction, as the ledger's commands write them.
  await db.transaction().execute(async (trx) => {
    for (let i = 1; i <= ACCRUALS; i++)
      await accrue(trx, actor, rebate, 100 + i, { type: 'accrual', no: `YT${i}` });
    await post(trx, actor, rebate, 500_000, null, { type: 'settlement', no: 'FL1' });
    await post(trx, actor, cash, 20_000, null, { type: 'settlement', no: 'FL2' });
  });
});
afterAll(() => t?.close());

describe("an agent's rebate flow list", () => {
  it('totals exactly the flows of the agent, and follows as flows are added', async () => {
    const before = await list();
    expect(before.status).toBe(200);
    expect(before.body.totalSize).toBe(ACCRUALS + 2);
    expect(before.body.totalEstimated).toBeUndefined();
    expect(before.body.results).toHaveLength(10);

    // A freeze and its release, an adjustment and a reversal each add a flow; none removes one.
    await freezeForOrder(db, actor, rebate, 'DD-COUNT-1', 30_000);
    await releaseForOrder(db, actor, rebate, 'DD-COUNT-1');
    await correct(
      db,
      actor,
      rebate,
      FLOW.adjust,
      -1_000,
      { type: 'adjustment', no: 'TZ1' },
      { reason: 'count' },
    );
    await correct(db, actor, cash, FLOW.reverse, 2_000, { type: 'order', no: 'DD-COUNT-2' });
    const after = await list();
    expect(after.body.totalSize).toBe(ACCRUALS + 6);
    expect(after.body.totalSize).toBe(await flowsOfAgent());
    // The account filters take whole accounts: still exact.
    const rebateAccount = await list({ AccountType: ACCOUNT_TYPE.rebate, Brand: '101' });
    expect(rebateAccount.body.totalSize).toBe(ACCRUALS + 4);
    const cashAccount = await list({ AccountType: ACCOUNT_TYPE.cashDiscount });
    expect(cashAccount.body.totalSize).toBe(2);
    expect(await flowsOfAgent(sql`a.account_type = ${ACCOUNT_TYPE.cashDiscount}`)).toBe(2);
  });

  it('counts the flows another filter leaves', async () => {
    const accruals = await list({ FlowType: FLOW.accrue });
    expect(accruals.body.totalSize).toBe(ACCRUALS);
    expect(accruals.body.totalSize).toBe(await flowsOfAgent(sql`f.flow_type = ${FLOW.accrue}`));
    const one = await list({ SourceDocNo: `YT${ACCRUALS}` });
    expect(one.body.totalSize).toBe(1);
    expect(one.body.results.map((r: { SourceDocNo: string }) => r.SourceDocNo)).toEqual([`YT${ACCRUALS}`]);
    const byKeyword = await list({ keyword: 'DD-COUNT-1' });
    expect(byKeyword.body.totalSize).toBe(2);
    const none = await list({ FlowType: FLOW.expire });
    expect(none.body.totalSize).toBe(0);
    expect(none.body.results).toEqual([]);
  });

  it('cannot be thrown off by a flow numbered out of turn: the database refuses it', async () => {
    const last = await sql<{ id: string; seq: number }>`select a.object_id::text as id, max(f.seq)::int as seq
      from rebate_account a join rebate_flow f on f.account_id = a.object_id
      where a.company_id = ${agent.id} and a.account_type = ${ACCOUNT_TYPE.cashDiscount}
      group by a.object_id`.execute(db);
    const { id, seq } = last.rows[0];
    const write = (number: number) =>
      sql`insert into rebate_flow (account_id, seq, flow_no, flow_type, amount, available_change,
          frozen_change, pending_change, available_after, frozen_after, pending_after, balance_after,
          source_doc_type, source_doc_no)
        values (${id}, ${number}, ${`LS-COUNT-${number}`}, ${FLOW.accrue}, 1, 0, 0, 1, 0, 0, 1, 0, 'policy', 'YT-COUNT')`.execute(
        db,
      );
    await expect(write(seq + 2)).rejects.toThrow(/does not follow/);
    await expect(write(0)).rejects.toThrow(/rebate_flow_seq_from_one/);
    expect((await list({ AccountType: ACCOUNT_TYPE.cashDiscount })).body.totalSize).toBe(2);
  });

  it("appends a flow without reading its account's earlier flows, on statistics never gathered", async () => {
    // The flows by time begin with the account too: a plan that took them to find the flow before a new
    // one read every flow of the account (over an hour for 100,000 flows). This database's statistics
    // were never gathered, as on an embedded one, which has no autovacuum.
    const readByTime = async (on: Db) => {
      await sql`select pg_stat_force_next_flush()`.execute(on);
      const read = await sql<{ n: number }>`select idx_tup_read::int as n from pg_stat_user_indexes
        where indexrelname = 'rebate_flow_account_created_idx'`.execute(on);
      return read.rows[0].n;
    };
    // One connection, so the counts it reads are its own, flushed.
    await db.connection().execute(async (one) => {
      const before = await readByTime(one);
      await accrue(one, actor, rebate, 1, { type: 'accrual', no: 'YT-APPEND' });
      expect(await readByTime(one)).toBe(before);
    });
    expect(await list({ SourceDocNo: 'YT-APPEND' })).toMatchObject({ body: { totalSize: 1 } });
  });
});
