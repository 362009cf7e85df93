import { sql } from 'kysely';
import { SyncStatus } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import type { FeedName, PullRun, PullSummary } from './feed-pull.kit';

/** What a run of a partner feed counts: rows read, taken and refused. */
export interface RowPullSummary extends PullSummary {
  total: number;
  success: number;
  fail: number;
}

/**
 * The cursor of one partner feed: its window starts where its last good run ended (the whole feed
 * before its first). Each feed keeps its own, so a failed shipments pull does not move the orders'.
 */
export const lastGoodRunEnd = (feed: FeedName) => async (db: Db) => {
  const last = await sql<{ until: Date }>`select query_end as until from partner_pull_run
    where feed = ${feed} and synch_state = ${sql.lit(SyncStatus.success)}
    order by query_end desc limit 1`.execute(db);
  return last.rows[0]?.until ?? null;
};

/** Writes a run of a partner feed on the pull log (订单拉取日志), which lists every partner feed's runs. */
export const recordPullRun =
  (feed: FeedName) => async (trx: Db, run: PullRun & { durationMs: number }, summary: RowPullSummary) => {
    await sql`insert into partner_pull_run (feed, batch_no, pull_time, query_start, query_end, total_count,
        success_count, fail_count, synch_state, duration_ms, message, created_by_name, updated_by_name,
        created_at, updated_at)
      values (${feed}, ${run.batchNo}, ${run.at}, ${run.since}, ${run.at}, ${summary.total}, ${summary.success},
        ${summary.fail}, ${summary.state}, ${run.durationMs}, ${summary.message}, 'SYS', 'SYS', ${run.at},
        ${run.at})`.execute(trx);
  };
