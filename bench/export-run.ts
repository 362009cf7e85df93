import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { OrderChannel } from '../domain/codes/orders.codes';
import type { Db } from '../server/db/database';

const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

/**
 * Exports about 100,000 own-line orders to xlsx through the real export endpoint, sampling the
 * process's resident memory meanwhile: the export must stream (bounded memory, no row cap).
 */
export async function measureExport(app: FastifyInstance, db: Db, token: string) {
  // The date from which the newest EXPORT_ROWS own-line orders start: a filter a user could set.
  const { rows } = await sql<{ day: string }>`select to_char(order_date, 'YYYY-MM-DD') as day from sales_order
    where order_channel = ${sql.lit(OrderChannel.ownLine)}
    order by order_date desc offset ${EXPORT_ROWS - 1} limit 1`.execute(db);
  const startRssMb = process.memoryUsage().rss / 2 ** 20;
  let peakRssMb = startRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20);
  }, 50);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/portal/excelExport/doSyncExportUrl',
    headers: { 'x-token': token },
    payload: { configCode: 'SelfBuiltOrderExport', query: { OrderDateStart: rows[0]?.day } },
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (response.statusCode !== 200) throw new Error(`export failed: ${response.body}`);
  const id = response.json().results.ObjectID as string;
  const job = await sql<{
    total: number;
    file_path: string;
  }>`select total, file_path from export_job where object_id = ${id}`.execute(db);
  return {
    rows: Number(job.rows[0].total),
    ms,
    peakRssMb,
    startRssMb,
    bytes: statSync(job.rows[0].file_path).size,
  };
}
