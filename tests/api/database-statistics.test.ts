import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { translate } from '../../server/http/i18n';
import { autovacuumRuns, databaseStatistics } from '../../server/jobs/database-statistics.job';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** How many times the orders table has been analyzed, as the statistics collector counts (flushed first). */
const ordersAnalyzed = async (db: Db) => {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const counted = await sql<{ n: number }>`select (analyze_count + autoanalyze_count)::int as n
    from pg_stat_user_tables where schemaname = current_schema() and relname = 'sales_order'`.execute(db);
  return counted.rows[0].n;
};

describe('the nightly database statistics', () => {
  it('are gathered where no autovacuum gathers them, and left to a server that has one', async () => {
    await t.database.db.connection().execute(async (one) => {
      const before = await ordersAnalyzed(one);
      const message = (await runJobOnce(one, databaseStatistics)) as {
        key: string;
        params: Record<string, number>;
      };
      // A server may run with its autovacuum off: then the job is what gathers its statistics too.
      if (await autovacuumRuns(one)) {
        expect(t.database.kind).toBe('postgres');
        expect(message).toEqual({ key: 'server.jobs.messages.databaseStatisticsByServer', params: {} });
        expect(translate('en', message.key)).toMatch(/autovacuum keeps the statistics/);
        return;
      }
      expect(message.key).toBe('server.jobs.messages.databaseStatistics');
      expect(message.params.tables).toBeGreaterThan(50);
      expect(translate('zh', message.key, message.params)).toBe(
        `已更新 ${message.params.tables} 张表的统计信息`,
      );
      expect(await ordersAnalyzed(one)).toBe(before + 1);
    });
  });
});
