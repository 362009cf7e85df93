import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAfterCorruption, endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * A special price's totals (标准价合计, 申请价合计, 批准价合计) are its lines' prices × quantities: the
 * list, its export and the approvers read the totals, the execution orders the lines, so the books
 * name a request whose totals say otherwise (docs/special-prices.md, docs/books.md).
 */
let t: TestApp;
const KEY = 'specialPrices.totalsAreSumOfLines';

beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

/** A demo request by its approval: one approved (its approved total set), one still in approval. */
async function demoRequest(approved: boolean) {
  const { rows } = await sql<{ id: string; no: string }>`select object_id::text as id,
      data->>'ExtSpecialApprovalNo_SDK' as no from record
    where resource = 'specialApproval' and (data->>'ExtApprovedPriceTotal_SDK' is not null) = ${approved}
    order by no limit 1`.execute(t.database.db);
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe('the totals of a special price', () => {
  it('are named by the books when the requested total is not its lines’ sum', async () => {
    const request = await demoRequest(false);
    const found = await checkAfterCorruption(t.database.db, KEY, (trx) =>
      sql`update record set data = data || '{"ExtApplyPriceTotal_SDK": "1.00"}'::jsonb
        where object_id = ${request.id}`.execute(trx),
    );
    expect(found.rows.map((r) => r.label)).toEqual([request.no]);
  });

  it('are named by the books when a line’s approved price moves under the approved total', async () => {
    const request = await demoRequest(true);
    const found = await checkAfterCorruption(t.database.db, KEY, (trx) =>
      sql`update special_price_line set approved_price = approved_price - 1
        where special_price_id = ${request.id} and line_no = 1`.execute(trx),
    );
    expect(found.rows.map((r) => r.label)).toEqual([request.no]);
  });
});

endsWithBooksBalanced(() => t, ['specialPrices']);
