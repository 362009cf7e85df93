import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { ExecutionOrderStatus } from '../../domain/codes/orders.codes';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { executionOrderExpiry } from '../../server/special-prices/execution-order-expiry.job';
import { checkAfterCorruption, endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * An execution order past its validity with units not drawn expires in the nightly job: it reads
 * 已过期, not 执行中, and its figures still follow its lines (the books).
 */
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const statusOf = async (id: string) =>
  (
    await sql<{
      status: string;
    }>`select data->>'Status' as status from record where object_id = ${id}`.execute(db())
  ).rows[0].status;

/** Runs the job now and answers how many execution orders it marked. */
async function run(now = new Date()) {
  const message = await runJobOnce(db(), executionOrderExpiry, now);
  return 'params' in message ? Number(message.params?.count) : Number.NaN;
}

describe('execution orders expiring', () => {
  it('marks an open execution order past its validity expired, and leaves valid and executed ones', async () => {
    const { rows } = await sql<{
      id: string;
      status: string;
    }>`select object_id::text as id, data->>'Status' as status
      from record where resource = 'executionOrder'
        and data->>'Status' in (${ExecutionOrderStatus.toExecute}, ${ExecutionOrderStatus.executing})
      order by data->>'ExecutionOrderNo' limit 2`.execute(db());
    expect(rows, 'the demo has open execution orders').toHaveLength(2);
    const [lapsed, valid] = rows;
    const yesterday = businessDay(new Date(Date.now() - 86_400_000));
    await sql`update record set data = data || ${JSON.stringify({ ValidUntil: yesterday })}::jsonb
      where object_id = ${lapsed.id}`.execute(db());
    await sql`update record set data = data || ${JSON.stringify({ ValidUntil: businessDay() })}::jsonb
      where object_id = ${valid.id}`.execute(db());

    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(lapsed.id)).toBe(ExecutionOrderStatus.expired);
    // Valid through today: still open.
    expect(await statusOf(valid.id)).toBe(valid.status);
    // A second run finds nothing more of it to do.
    expect(await run()).toBe(0);

    const books = await checkAfterCorruption(db(), 'orders.figuresFollowLines', async () => undefined);
    expect(books.rows.map((r) => r.object_id)).not.toContain(lapsed.id);
  });

  it('says so in words: the status has its dictionary option', async () => {
    const { rows } = await sql<{ zh: string; en: string }>`select content_zh as zh, content_en as en
      from dictionary_entry where code = 'ExecutionOrderStatus' and keyword = ${ExecutionOrderStatus.expired}`.execute(
      db(),
    );
    expect(rows).toEqual([{ zh: '已过期', en: 'Expired' }]);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
