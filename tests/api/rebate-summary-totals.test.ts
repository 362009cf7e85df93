import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import {
  accrue,
  correct,
  expireDue,
  freezeForOrder,
  payout,
  post,
  releaseForOrder,
  useForOrder,
} from '../../server/rebates/ledger.service';
import { type AccountKey, FLOW } from '../../server/rebates/ledger.types';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let db: Db;
const actor = { employeeId: null, name: 'test' };
const used: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

async function freshAgent(): Promise<string> {
  const rows = await sql<{ id: string }>`select object_id::text as id from customer c
    where not exists (select 1 from rebate_account a where a.company_id = c.object_id) order by account_id`.execute(
    db,
  );
  const found = rows.rows.find((r) => !used.includes(r.id));
  if (!found) throw new Error('no agent without a ledger left');
  used.push(found.id);
  return found.id;
}

/**
 * The summary of an account as the sums over all its flows (the definition of every figure), beside
 * what the summary list shows, which reads the totals the ledger keeps on the account's last flow.
 */
async function summaryAndSums(companyId: string) {
  const rows = await sql<Record<string, string | null>>`select
      row(l.accrued_amount::numeric(18, 2), l.posted_amount::numeric(18, 2), l.frozen_amount::numeric(18, 2),
        l.used_amount::numeric(18, 2), l.expired_amount::numeric(18, 2), l.available_balance::numeric(18, 2),
        l.balance::numeric(18, 2), l.pending_amount::numeric(18, 2), l.next_expiry_date, l.last_flow_date,
        l.reversed_amount::numeric(18, 2), l.adjusted_amount::numeric(18, 2), l.paid_out_amount::numeric(18, 2))::text
        as shown,
      row(s.accrued, s.posted, s.frozen, s.used, s.expired, s.available, s.available + s.frozen, s.pending,
        x.next_expiry, s.last_at, s.reversed, s.adjusted, s.paid_out)::text as summed
    from rebate_account a join rebate_summary_list l on l.object_id = a.object_id
    cross join lateral (select coalesce(sum(f.available_change), 0)::numeric(18, 2) as available,
        coalesce(sum(f.frozen_change), 0)::numeric(18, 2) as frozen,
        coalesce(sum(f.pending_change), 0)::numeric(18, 2) as pending,
        coalesce(sum(f.pending_change) filter (where f.flow_type = '101'), 0)::numeric(18, 2) as accrued,
        coalesce(sum(f.available_change) filter (where f.flow_type = '111'), 0)::numeric(18, 2) as posted,
        coalesce(-sum(f.frozen_change) filter (where f.flow_type = '131'), 0)::numeric(18, 2) as used,
        coalesce(-sum(f.available_change) filter (where f.flow_type = '161'), 0)::numeric(18, 2) as expired,
        coalesce(sum(f.available_change) filter (where f.flow_type = '151'), 0)::numeric(18, 2) as reversed,
        coalesce(sum(f.available_change) filter (where f.flow_type = '171'), 0)::numeric(18, 2) as adjusted,
        coalesce(-sum(f.available_change) filter (where f.flow_type = '181'), 0)::numeric(18, 2) as paid_out,
        max(f.created_at) as last_at
      from rebate_flow f where f.account_id = a.object_id) s
    cross join lateral (select min(b.expiry_date) as next_expiry from rebate_flow b
      where b.account_id = a.object_id and b.object_id = b.batch_id and b.expiry_date is not null
        and (select sum(u.available_change) from rebate_flow u where u.batch_id = b.object_id) > 0) x
    where a.company_id = ${companyId}`.execute(db);
  return rows.rows;
}

const EXPIRIES = ['2001-01-01', '2030-03-31', '2030-06-30', '2031-01-31', null] as const;

describe('the rebate summary', () => {
  it('shows, after any sequence of commands, exactly the sums of the flows and the earliest expiry with money left', async () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant('accrue' as const), fen: fc.integer({ min: 1, max: 30_000 }) }),
      fc.record({
        kind: fc.constant('post' as const),
        fen: fc.integer({ min: 1, max: 50_000 }),
        expiry: fc.constantFrom(...EXPIRIES),
      }),
      fc.record({
        kind: fc.constant('freeze' as const),
        fen: fc.integer({ min: 1, max: 60_000 }),
        order: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('use' as const), order: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('release' as const), order: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant('adjust' as const),
        fen: fc.integer({ min: -40_000, max: 40_000 }).filter((n) => n !== 0),
        expiry: fc.constantFrom(...EXPIRIES),
      }),
      fc.record({
        kind: fc.constant('reverse' as const),
        fen: fc.integer({ min: -40_000, max: 40_000 }).filter((n) => n !== 0),
      }),
      fc.record({ kind: fc.constant('payout' as const), fen: fc.integer({ min: 1, max: 40_000 }) }),
      fc.record({ kind: fc.constant('expire' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 14 }), async (commands) => {
        const companyId = await freshAgent();
        const key: AccountKey = { companyId, type: 'rebate', brand: '101' };
        for (const c of commands) {
          const order = 'order' in c ? `DD-S${c.order}` : '';
          const run = () => {
            switch (c.kind) {
              case 'accrue':
                return accrue(db, actor, key, c.fen, { type: 'accrual', no: 'YT-S' });
              case 'post':
                return post(db, actor, key, c.fen, c.expiry, { type: 'settlement', no: 'FL-S' });
              case 'freeze':
                return freezeForOrder(db, actor, key, order, c.fen);
              case 'use':
                return useForOrder(db, actor, key, order);
              case 'release':
                return releaseForOrder(db, actor, key, order);
              case 'adjust':
                return correct(
                  db,
                  actor,
                  key,
                  FLOW.adjust,
                  c.fen,
                  { type: 'adjustment', no: 'TZ-S' },
                  {
                    reason: 's',
                    expiryDate: c.expiry,
                  },
                );
              case 'reverse':
                return correct(db, actor, key, FLOW.reverse, c.fen, { type: 'return', no: 'DD-S1' });
              case 'payout':
                return payout(db, actor, key, c.fen, { type: 'payout', no: 'PO-S' });
              default:
                return expireDue(db, actor, key, '2026-11-15');
            }
          };
          // A refused command (409) writes nothing; anything else is a failure.
          await run().catch((error) => {
            if (error?.status !== 409) throw error;
          });
        }
        for (const row of await summaryAndSums(companyId)) expect(row.shown).toBe(row.summed);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
