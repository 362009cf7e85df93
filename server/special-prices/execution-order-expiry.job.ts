import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { ExecutionOrderStatus } from '../../domain/codes/orders.codes';
import type { JobHandler } from '../jobs/job-handlers';

/** The statuses an execution order can still be drawn in, and so can expire from. */
const OPEN = [ExecutionOrderStatus.toExecute, ExecutionOrderStatus.executing];

/**
 * The nightly expiry of execution orders (docs/special-prices.md): one whose validity (ValidUntil) has
 * passed on the business clock with units not drawn reads 已过期 instead of 执行中; entry already
 * refuses to draw on it. What was drawn stays drawn.
 */
export const executionOrderExpiry: JobHandler = {
  descriptionKey: 'server.jobs.handlers.executionOrderExpiry',
  schedule: { code: 'executionOrderExpiry', cron: '10 0 * * *', timeoutSeconds: 300 },
  async run(db, { now }) {
    const today = businessDay(now);
    const expired = await sql<{ id: string }>`update record
      set data = data || jsonb_build_object('Status', ${sql.lit(ExecutionOrderStatus.expired)}::text),
        version = version + 1, updated_at = ${now}
      where resource = 'executionOrder' and data->>'Status' in (${sql.join(OPEN.map((s) => sql.lit(s)))})
        and coalesce(data->>'ValidUntil', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'
        and left(data->>'ValidUntil', 10) < ${today}
      returning object_id::text as id`.execute(db);
    return { key: 'specialPrices.job.message', params: { today, count: expired.rows.length } };
  },
};
