import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import {
  balancesOf,
  correct,
  expireDue,
  freezeForOrder,
  payout,
  post,
  releaseForOrder,
  useForOrder as spendFrozen,
} from '../../server/rebates/ledger.service';
import { type AccountKey, FLOW } from '../../server/rebates/ledger.types';
import { usableOnOrder } from '../../server/rebates/usable.service';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let db: Db;
const tokens: Record<string, string> = {};
const actor = { employeeId: null, name: 'test' };
const fresh: string[] = [];

/** An agent without any ledger yet, for a test that needs a clean account. */
async function freshAgent(): Promise<string> {
  const rows = await sql<{ id: string }>`select object_id::text as id from customer c
    where not exists (select 1 from rebate_account a where a.company_id = c.object_id)
    order by account_id`.execute(db);
  const found = rows.rows.find((r) => !fresh.includes(r.id));
  if (!found) throw new Error('no agent without a ledger left');
  fresh.push(found.id);
  return found.id;
}

const flowsOf = async (companyId: string) =>
  (
    await sql<{ type: string; amount: string; batch: string | null; expiry: string | null; doc: string }>`
      select f.flow_type as type, f.amount::text as amount, f.batch_id::text as batch,
        to_char(coalesce(f.expiry_date, b.expiry_date), 'YYYY-MM-DD') as expiry, f.source_doc_no as doc
      from rebate_flow f join rebate_account a on a.object_id = f.account_id
      left join rebate_flow b on b.object_id = f.batch_id
      where a.company_id = ${companyId} order by a.object_id, f.seq`.execute(db)
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  for (const user of ['rsp', 'ccp', 'finance', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('the ledger on the demo seed', () => {
  it('has every kind of flow the seed tells: postings, accruals, freezes, uses, releases, adjustments, expiries', async () => {
    const kinds = await sql<{ type: string }>`select distinct flow_type as type from rebate_flow`.execute(db);
    expect(kinds.rows.map((r) => r.type).sort()).toEqual(
      [FLOW.accrue, FLOW.post, FLOW.freeze, FLOW.use, FLOW.release, FLOW.expire, FLOW.adjust].sort(),
    );
  });

  it('keeps, for every account and after every flow, the balances equal to the sum of the flows so far', async () => {
    const wrong = await sql<{ n: number; accounts: number }>`
      with running as (
        select f.*, sum(available_change) over w as available, sum(frozen_change) over w as frozen,
          sum(pending_change) over w as pending
        from rebate_flow f window w as (partition by account_id order by seq)
      )
      select count(*) filter (where available <> available_after or frozen <> frozen_after
          or pending <> pending_after or available + frozen <> balance_after
          or available < 0 or frozen < 0)::int as n,
        count(distinct account_id)::int as accounts
      from running`.execute(db);
    expect(wrong.rows[0].accounts).toBeGreaterThanOrEqual(20);
    expect(wrong.rows[0].n).toBe(0);
    // The summary page shows exactly those sums.
    const summary = await t.post('/rebateSummary/search', { pageSize: 100 }, tokens.admin);
    const sums = await sql<{ id: string; available: string; frozen: string }>`
      select account_id::text as id, sum(available_change)::text as available, sum(frozen_change)::text as frozen
      from rebate_flow group by account_id`.execute(db);
    const byId = new Map(sums.rows.map((r) => [r.id, r]));
    expect(summary.body.results.length).toBe(sums.rows.length);
    for (const row of summary.body.results) {
      expect(Number(row.AvailableBalance)).toBe(Number(byId.get(row.ObjectID)!.available));
      expect(Number(row.FrozenAmount)).toBe(Number(byId.get(row.ObjectID)!.frozen));
    }
  });

  it('refuses in the database to change, delete or truncate a flow or an account', async () => {
    for (const statement of [
      sql`update rebate_flow set amount = amount + 1`,
      sql`delete from rebate_flow`,
      sql`truncate rebate_flow cascade`,
      sql`delete from rebate_account`,
    ])
      await expect(statement.execute(db)).rejects.toThrow(/append-only/);
    const left = await sql<{ n: number }>`select count(*)::int as n from rebate_flow`.execute(db);
    expect(left.rows[0].n).toBeGreaterThan(0);
  });
});

describe('who sees and writes the ledger', () => {
  it('shows an agent only its own flows and accounts, and another agent’s as not found', async () => {
    const mine = await t.post('/rebateFlow/search', { pageSize: 100 }, tokens.ccp);
    expect(mine.body.totalSize).toBeGreaterThan(0);
    const ccpCompany = await sql<{
      id: string;
    }>`select company_id::text as id from employee where username = 'ccp'`.execute(db);
    const own = await sql<{
      name: string;
    }>`select name from customer where object_id = ${ccpCompany.rows[0].id}`.execute(db);
    expect(new Set(mine.body.results.map((r: { AgentName: string }) => r.AgentName))).toEqual(
      new Set([own.rows[0].name]),
    );
    const other = await sql<{ id: string }>`select f.object_id::text as id from rebate_flow f
      join rebate_account a on a.object_id = f.account_id where a.company_id <> ${ccpCompany.rows[0].id} limit 1`.execute(
      db,
    );
    expect((await t.post('/rebateFlow/getOne', { ObjectID: other.rows[0].id }, tokens.ccp)).status).toBe(404);
    const summary = await t.post('/rebateSummary/search', {}, tokens.ccp);
    expect(summary.body.results.every((r: { AgentName: string }) => r.AgentName === own.rows[0].name)).toBe(
      true,
    );
  });

  it('refuses create, update and delete of flows and summaries to everyone', async () => {
    for (const who of ['rsp', 'finance', 'ops', 'admin'])
      for (const resource of ['rebateFlow', 'rebateSummary']) {
        const created = await t.post(`/${resource}/create`, {}, tokens[who]);
        expect(created.status, `${who} ${resource}`).toBe(403);
        expect(created.body.state).toBe(false);
      }
    const any = await sql<{ id: string }>`select object_id::text as id from rebate_flow limit 1`.execute(db);
    expect(
      (await t.post('/rebateFlow/update', { ObjectID: any.rows[0].id, Version: 1, Amount: 1 }, tokens.admin))
        .status,
    ).toBe(403);
    expect((await t.post('/rebateFlow/delete', { ObjectID: any.rows[0].id }, tokens.admin)).status).toBe(403);
  });

  it('lets only finance adjust, with a reason, and posts the adjustment as a flow', async () => {
    const agent = await freshAgent();
    const body = {
      AgentID: agent,
      AccountType: '101',
      Brand: '101',
      Amount: '1200.50',
      Remark: 'Supplement for Q3',
    };
    expect((await t.post('/rebateFlow/adjust', body, tokens.ops)).status).toBe(403);
    const noReason = await t.post('/rebateFlow/adjust', { ...body, Remark: ' ' }, tokens.finance);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('原因');
    const done = await t.post('/rebateFlow/adjust', body, tokens.finance);
    expect(done.body.state).toBe(true);
    expect(await balancesOf(db, { companyId: agent, type: 'rebate', brand: '101' })).toMatchObject({
      availableFen: 120050,
    });
    const negative = await t.post('/rebateFlow/adjust', { ...body, Amount: '-2000' }, tokens.finance);
    expect(negative.status).toBe(409);
    const listed = await t.post(
      '/rebateFlow/search',
      { keyword: done.body.results[0].flowNo },
      tokens.finance,
    );
    expect(listed.body.results).toHaveLength(1);
    expect(listed.body.results[0]).toMatchObject({
      FlowType: FLOW.adjust,
      Amount: '1200.50',
      Remark: 'Supplement for Q3',
    });
  });
});

describe('the ledger commands', () => {
  it('refuses a freeze above the available balance and writes nothing', async () => {
    const key: AccountKey = { companyId: await freshAgent(), type: 'rebate', brand: '101' };
    await post(db, actor, key, 50_000, '2099-12-31', { type: 'settlement', no: 'FL-T1' });
    await expect(freezeForOrder(db, actor, key, 'DD-T1', 50_001)).rejects.toMatchObject({ status: 409 });
    expect(await balancesOf(db, key)).toEqual({ availableFen: 50_000, frozenFen: 0, pendingFen: 0 });
    await expect(spendFrozen(db, actor, key, 'DD-T1', 1)).rejects.toMatchObject({ status: 409 });
  });

  it('freezes and uses first what expires first, releases the rest to its batch, and expires what is left', async () => {
    const key: AccountKey = { companyId: await freshAgent(), type: 'rebate', brand: '101' };
    await post(db, actor, key, 30_000, '2099-06-30', { type: 'settlement', no: 'FL-LATE' });
    await post(db, actor, key, 20_000, '2098-01-31', { type: 'settlement', no: 'FL-SOON' });
    await freezeForOrder(db, actor, key, 'DD-FIFO', 25_000);
    await spendFrozen(db, actor, key, 'DD-FIFO', 22_000);
    await releaseForOrder(db, actor, key, 'DD-FIFO');
    const flows = (await flowsOf(key.companyId)).filter((f) => f.doc === 'DD-FIFO');
    expect(flows.map((f) => [f.type, f.amount, f.expiry])).toEqual([
      [FLOW.freeze, '200.00', '2098-01-31'],
      [FLOW.freeze, '50.00', '2099-06-30'],
      [FLOW.use, '200.00', '2098-01-31'],
      [FLOW.use, '20.00', '2099-06-30'],
      [FLOW.release, '30.00', '2099-06-30'],
    ]);
    expect(await balancesOf(db, key)).toEqual({ availableFen: 28_000, frozenFen: 0, pendingFen: 0 });
    await expireDue(db, actor, key, '2099-07-01');
    expect(await balancesOf(db, key)).toEqual({ availableFen: 0, frozenFen: 0, pendingFen: 0 });
  });

  it('does not let an order freeze money past its expiry', async () => {
    const key: AccountKey = { companyId: await freshAgent(), type: 'rebate', brand: '101' };
    await post(db, actor, key, 10_000, '2020-01-31', { type: 'settlement', no: 'FL-OLD' });
    await expect(freezeForOrder(db, actor, key, 'DD-OLD', 1)).rejects.toMatchObject({ status: 409 });
    expect(await usableOnOrder(db, key, 1_000_000, { day: '2026-11-15' })).toMatchObject({ usableFen: 0 });
    await expireDue(db, actor, key, '2026-11-15');
    expect((await flowsOf(key.companyId)).map((f) => [f.type, f.amount])).toEqual([
      [FLOW.post, '100.00'],
      [FLOW.expire, '100.00'],
    ]);
  });

  it('lets an order use min(available, eligible amount × maximum ratio)', async () => {
    const companyId = await freshAgent();
    const key = { companyId, type: 'rebate' as const, brand: '111' };
    await post(db, actor, key, 40_000, null, { type: 'settlement', no: 'FL-R' });
    const day = '2026-11-15';
    // Partner brand, 5%: on 100,000.00 that is 5,000.00, so the 400.00 available caps it.
    expect(await usableOnOrder(db, key, 10_000_000, { day })).toMatchObject({
      usableFen: 40_000,
      ratioBasisPoints: 500,
    });
    // 5% of 1,000.00 is 50.00, below the balance.
    expect(await usableOnOrder(db, key, 100_000, { day })).toMatchObject({ usableFen: 5_000 });
    const api = await t.post(
      '/rebateSummary/usable',
      { AgentID: companyId, Brand: '111', EligibleAmount: '1000' },
      tokens.admin,
    );
    expect(api.body.results.usableFen).toBe(5_000);
  });

  it('tells an agent only its own usable rebate, not that of a CCP it supplies', async () => {
    const { rows } = await sql<{ rsp: string; ccp: string }>`select
        (select company_id::text from employee where username = 'rsp') as rsp,
        (select company_id::text from employee where username = 'ccp') as ccp`.execute(db);
    const ask = (AgentID: string) =>
      t.post('/rebateSummary/usable', { AgentID, Brand: '111', EligibleAmount: '1000' }, tokens.rsp);
    expect((await ask(rows[0].ccp)).status).toBe(404);
    expect((await ask(rows[0].rsp)).status).toBe(200);
  });

  it("keeps one enabled maximum ratio per brand and tier on any day, and applies the tier's own", async () => {
    const ratio = {
      Brand: '101',
      MaxRatio: 15,
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      Enabled: true,
    };
    expect((await t.post('/rebateMaxRatio/create', ratio, tokens.rsp)).status).toBe(403);
    expect((await t.post('/rebateMaxRatio/create', ratio, tokens.ops)).status).toBe(409);
    const reversed = await t.post(
      '/rebateMaxRatio/create',
      { ...ratio, ChannelTier: '121', EndDate: '2025-12-31' },
      tokens.ops,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('失效日期');
    const created = await t.post('/rebateMaxRatio/create', { ...ratio, ChannelTier: '121' }, tokens.ops);
    expect(created.body.state, created.body.message).toBe(true);
    const key = { companyId: await freshAgent(), type: 'rebate' as const, brand: '101' };
    await post(db, actor, key, 1_000_000, null, { type: 'settlement', no: 'FL-RATIO' });
    const day = '2026-11-15';
    expect(await usableOnOrder(db, key, 100_000, { day, channelTier: '121' })).toMatchObject({
      usableFen: 15_000,
    });
    expect(await usableOnOrder(db, key, 100_000, { day, channelTier: '111' })).toMatchObject({
      usableFen: 12_000,
    });
    expect(await usableOnOrder(db, key, 100_000, { day: '2027-01-05', channelTier: '121' })).toMatchObject({
      usableFen: 10_000,
    });
  });

  it('never lets any sequence of commands make a balance negative or differ from the sum of its flows', async () => {
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('post' as const),
        fen: fc.integer({ min: 1, max: 50_000 }),
        expired: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('freeze' as const),
        fen: fc.integer({ min: 1, max: 60_000 }),
        order: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('use' as const),
        fen: fc.integer({ min: 1, max: 30_000 }),
        order: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('release' as const), order: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant('adjust' as const),
        fen: fc.integer({ min: -40_000, max: 40_000 }).filter((n) => n !== 0),
      }),
      fc.record({ kind: fc.constant('payout' as const), fen: fc.integer({ min: 1, max: 40_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 8 }), async (commands) => {
        const key: AccountKey = { companyId: await freshAgent(), type: 'rebate', brand: '101' };
        for (const c of commands) {
          const order = 'order' in c ? `DD-P${c.order}` : '';
          const run = () => {
            switch (c.kind) {
              case 'post':
                return post(db, actor, key, c.fen, c.expired ? '2001-01-01' : null, {
                  type: 'settlement',
                  no: 'FL-P',
                });
              case 'freeze':
                return freezeForOrder(db, actor, key, order, c.fen);
              case 'use':
                return spendFrozen(db, actor, key, order, c.fen);
              case 'release':
                return releaseForOrder(db, actor, key, order);
              case 'adjust':
                return correct(
                  db,
                  actor,
                  key,
                  FLOW.adjust,
                  c.fen,
                  { type: 'adjustment', no: 'TZ-P' },
                  { reason: 'p' },
                );
              default:
                return payout(db, actor, key, c.fen, { type: 'payout', no: 'PO-P' });
            }
          };
          // A refused command (409) writes nothing; anything else is a failure.
          await run().catch((error) => {
            if (error?.status !== 409) throw error;
          });
        }
        // In fen, summed by the database: exact, whatever the amounts.
        const sums = await sql<{ available: string; frozen: string; last: string; negative: number }>`
          select (coalesce(sum(f.available_change), 0) * 100)::bigint::text as available,
            (coalesce(sum(f.frozen_change), 0) * 100)::bigint::text as frozen,
            (coalesce((select balance_after from rebate_flow l where l.account_id = a.object_id
              order by seq desc limit 1), 0) * 100)::bigint::text as last,
            count(*) filter (where f.available_after < 0 or f.frozen_after < 0)::int as negative
          from rebate_account a left join rebate_flow f on f.account_id = a.object_id
          where a.company_id = ${key.companyId} group by a.object_id`.execute(db);
        const row = sums.rows[0];
        if (!row) return;
        expect(row.negative).toBe(0);
        expect(Number(row.available)).toBeGreaterThanOrEqual(0);
        expect(Number(row.frozen)).toBeGreaterThanOrEqual(0);
        expect(Number(row.last)).toBe(Number(row.available) + Number(row.frozen));
      }),
      { numRuns: 12, seed: 2026 },
    );
  });
});

describe('policy announcements', () => {
  const decideAs = (who: string, id: string, command: string, payload: Record<string, unknown> = {}) =>
    t.post('/workflow/decide', { workflow: 'rebatePolicy', ObjectID: id, command, payload }, tokens[who]);
  const policy = async (id: string, who = 'ops') =>
    (await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens[who])).body.results?.[0];
  const entry = {
    Title: 'Q1 2027 sell-in rebate for city agents',
    Brand: '101',
    ChannelTier: '121',
    PeriodType: '111',
    StartDate: '2027-01-01',
    EndDate: '2027-03-31',
    CalcBasis: '101',
    PayoutMethod: '101',
    Content: '<p>2% of sell-in from 100% of target</p>',
  };

  beforeAll(async () => {
    tokens.vp = await t.login('vp', 'Demo@123456');
  });

  it('shows agents the published policies of their tier only, and none still in approval', async () => {
    const seen = async (who: string) =>
      (await t.post('/rebateAnnouncement/search', { pageSize: 100 }, tokens[who])).body.results.map(
        (r: { AnnouncementStatus: string; ChannelTier?: string }) => [
          r.AnnouncementStatus,
          r.ChannelTier ?? '',
        ],
      );
    expect((await seen('rsp')).sort()).toEqual([
      ['121', '111'],
      ['131', ''],
    ]);
    expect(await seen('ccp')).toEqual([['131', '']]);
    expect((await seen('ops')).length).toBeGreaterThanOrEqual(3);
  });

  it('takes an entered policy from draft through approval to publication, frozen from then on', async () => {
    const bad = await t.post('/rebateAnnouncement/create', { ...entry, EndDate: '2026-12-31' }, tokens.ops);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('失效日期');
    const created = await t.post('/rebateAnnouncement/create', entry, tokens.ops);
    expect(created.body.state, created.body.message).toBe(true);
    const id = created.body.results.ObjectID;
    let row = await policy(id);
    expect(row).toMatchObject({ AnnouncementStatus: '101', PolicyVersion: 1 });
    expect(row.AnnouncementNo).toMatch(/^GG\d{12}$/);
    // A draft may still change.
    const edited = await t.post(
      '/rebateAnnouncement/update',
      { ObjectID: id, Version: row.Version, MinAchievementRate: 90 },
      tokens.ops,
    );
    expect(edited.body.state, edited.body.message).toBe(true);
    expect((await decideAs('ccp', id, 'submit')).status).toBe(404);
    expect((await decideAs('ops', id, 'submit')).body.results.State).toBe('inApproval');
    expect((await decideAs('ops', id, 'agree')).status).toBe(403);
    expect((await decideAs('vp', id, 'agree')).body.results.State).toBe('approved');
    // Approved but unpublished: agents still do not see it.
    expect((await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens.ccp)).status).toBe(404);
    expect((await decideAs('ops', id, 'publish')).body.results.State).toBe('published');
    row = await policy(id);
    expect(row.AnnouncementStatus).toBe('121');
    const frozen = await t.post(
      '/rebateAnnouncement/update',
      { ObjectID: id, Version: row.Version, MinAchievementRate: 80 },
      tokens.ops,
    );
    expect(frozen.status).toBe(409);
    expect((await policy(id)).MinAchievementRate).toBe(90);
  });

  it('lets each agent tick a published policy as read once, and shows the vendor who read it', async () => {
    const listed = await t.post('/rebateAnnouncement/search', { AnnouncementStatus: '121' }, tokens.rsp);
    const id = listed.body.results[0].ObjectID;
    const options = await t.post('/workflow/options', { workflow: 'rebatePolicy', ObjectID: id }, tokens.rsp);
    expect(options.body.results.Commands.map((c: { Name: string }) => c.Name)).toEqual(['read']);
    expect((await decideAs('rsp', id, 'read')).body.state).toBe(true);
    const again = await decideAs('rsp', id, 'read');
    expect(again.status).toBe(403);
    expect(again.body.state).toBe(false);
    expect((await decideAs('rsp', id, 'takeEffect')).status).toBe(403);
    const row = await policy(id);
    expect(row.ReadCount).toBe(1);
    expect(row.ReadBy).toBe('陈省代');
    // A CCP does not even see a policy written for RSPs.
    expect((await decideAs('ccp', id, 'read')).status).toBe(404);
  });
});
