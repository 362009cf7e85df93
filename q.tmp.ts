import { sql } from 'kysely';
import { startTestApp } from './tests/api/harness';
const t = await startTestApp();
const db = t.database.db;
await sql`insert into sales_order (order_no, order_channel, agent_name, end_user_name, order_date,
        order_amount, approval_status, created_at, data)
      select 'BULK' || lpad(g::text, 6, '0'), '101', '批量测试代理有限公司', '批量最终用户',
        date '2026-01-01' + (g % 300), (g % 10000) * 1.25, '121', now() - make_interval(secs => g), '{}'::jsonb
      from generate_series(1, 100000) g`.execute(db);
await sql`analyze sales_order`.execute(db);
const time = async (label: string, q: any) => { const s = performance.now(); const r = await q.execute(db); console.log(label, (performance.now() - s).toFixed(0), 'ms', r.rows.length); return r; };
const where = sql`t.order_channel = '101' and t.order_no ilike '%BULK%' and true`;
await time('offset full cols 50000', sql`select t.*, to_char(t.order_date,'YYYY-MM-DD') from sales_order t where ${where} order by t.created_at desc nulls last, t.object_id desc limit 2000 offset 50000`);
await time('offset ids 50000', sql`select t.object_id from sales_order t where ${where} order by t.created_at desc nulls last, t.object_id desc limit 2000 offset 50000`);
await time('offset ids 50000 no nulls last', sql`select t.object_id from sales_order t where ${where} order by t.created_at desc, t.object_id desc limit 2000 offset 50000`);
const mid = (await sql<any>`select created_at::text as k, object_id from sales_order t where ${where} order by t.created_at desc nulls last, t.object_id desc limit 1 offset 49999`.execute(db)).rows[0];
await time('keyset ids', sql`select t.object_id from sales_order t where ${where} and (t.created_at < ${mid.k} or (t.created_at = ${mid.k} and t.object_id < ${mid.object_id})) order by t.created_at desc nulls last, t.object_id desc limit 2000`);
await time('keyset full', sql`select t.*, to_char(t.order_date,'YYYY-MM-DD') from sales_order t where ${where} and (t.created_at < ${mid.k} or (t.created_at = ${mid.k} and t.object_id < ${mid.object_id})) order by t.created_at desc nulls last, t.object_id desc limit 2000`);
const plan = await sql<any>`explain analyze select t.object_id from sales_order t where ${where} and (t.created_at < ${mid.k} or (t.created_at = ${mid.k} and t.object_id < ${mid.object_id})) order by t.created_at desc nulls last, t.object_id desc limit 2000`.execute(db);
console.log(plan.rows.map((r: any) => Object.values(r)[0]).join('\n'));
const plan2 = await sql<any>`explain analyze select t.object_id from sales_order t where t.order_channel = '101' and (t.created_at < ${mid.k} or (t.created_at = ${mid.k} and t.object_id < ${mid.object_id})) order by t.created_at desc, t.object_id desc limit 2000`.execute(db);
console.log(plan2.rows.map((r: any) => Object.values(r)[0]).join('\n'));
await t.close();
