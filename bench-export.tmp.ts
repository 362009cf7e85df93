import { sql } from 'kysely';
import { startTestApp } from './tests/api/harness';
process.env.DATA_DIR = '/tmp/exp';
let peak = 0;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const t = await startTestApp();
await sql`insert into sales_order (order_no, order_channel, agent_name, end_user_name, order_date,
        order_amount, approval_status, created_at, data)
      select 'BULK' || lpad(g::text, 6, '0'), '101', '批量测试代理有限公司', '批量最终用户',
        date '2026-01-01' + (g % 300), (g % 10000) * 1.25, '121', now() - make_interval(secs => g), '{}'::jsonb
      from generate_series(1, 100000) g`.execute(t.database.db);
const token = await t.login('admin', 'Admin@123456');
const before = process.memoryUsage().rss;
peak = before;
const start = Date.now();
const answer = await t.post('/excelExport/doExport', { configCode: 'OwnLineOrderExport', OrderNo: process.argv[2] ?? 'BULK' }, token);
const id = answer.body.results.ObjectID;
for (;;) {
  const s0 = Date.now();
  const log = await t.post('/excelExport/search', { currentPage: 1, pageSize: 10 }, token);
  const row = log.body.results.find((r: any) => r.ObjectID === id);
  console.log(Date.now() - start, 'ms', row.status, row.done, row.total, 'search took', Date.now() - s0);
  if (row.status !== '101') break;
  await new Promise((r) => setTimeout(r, 500));
}
console.log('total', (Date.now() - start) / 1000, 's; rss before', (before / 1e6).toFixed(0), 'MB peak', (peak / 1e6).toFixed(0), 'MB');
clearInterval(timer);
await t.close();
