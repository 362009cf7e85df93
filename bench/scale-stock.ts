import { sql } from 'kysely';
import { ReportStatus } from '../domain/codes/reports.codes';
import type { Db } from '../server/db/database';
import { REPORT_TYPE_OF } from '../server/imports/control-dates';
import { DEMO_TODAY } from '../server/seed/random';

/** number_sequence row: the scale orders the stock lines were made from (their purchases are those shipments). */
const MARKER = { prefix: 'SCALE', day: 'stock' };
/** Ids of the generated lines: '5ca1e000-0020-…'. */
const ID_PREFIX = '5ca1e000-0020-4000-8000-';

/**
 * The agents' monthly stock reports (distributor stock report, resource stockReport) at the scale of the orders, as
 * their imports write them (server/imports/import-run.ts: the agent's scope, the template's fields,
 * submitted): one line per agent, model and month of the orders' three years up to last month. What
 * an agent bought in a month is what the vendor shipped it (the shipments of its orders); it keeps
 * 10–50% of that month's purchases at the month's end and has sold the rest and everything it had;
 * opening = the last closing (docs/reports.md), and a model with nothing to report is left out.
 * Agents that reported stock before (the demo's imports), or have a stock report of their own (the
 * demo's report stories, some without a line yet), keep only their own lines: a line written here
 * would be listed under a report whose kept count (docs/reports.md) never saw it.
 */
export async function ensureStockLines(
  db: Db,
  orders: number,
  log: (line: string) => void,
): Promise<boolean> {
  const marked = await sql<{ last: number }>`select last from number_sequence
    where prefix = ${MARKER.prefix} and day = ${MARKER.day}`.execute(db);
  if (Number(marked.rows[0]?.last ?? -1) === orders) return false;
  log('stock report lines…');
  await db.transaction().execute(async (trx) => {
    await sql`delete from record where resource = 'stockReport' and object_id::text like ${`${ID_PREFIX}%`}`.execute(
      trx,
    );
    const made = await linesStatement().execute(trx);
    await sql`insert into number_sequence (prefix, day, last) values (${MARKER.prefix}, ${MARKER.day}, ${orders})
      on conflict (prefix, day) do update set last = excluded.last`.execute(trx);
    log(`  ${Number(made.numAffectedRows ?? 0).toLocaleString('en')} stock lines`);
  });
  return true;
}

function linesStatement() {
  const hash = (salt: number) =>
    sql`(hashint8extended(hashtext(m.company_id::text || m.model || m.period), ${sql.lit(salt)}) & 2147483647)`;
  return sql`
    with bought as (
      select s.company_id, coalesce(p.data->>'ProductModel', p.name, s.product_code) as model,
        report_period(s.ship_date) as period, sum(s.quantity)::int as quantity,
        avg(coalesce(p.standard_price, 0)) as price
      from shipment s left join product p on p.product_code = s.product_code
      where s.company_id is not null and s.ship_date < date_trunc('month', ${sql.lit(DEMO_TODAY)}::date)
        and not exists (select 1 from record r where r.resource = 'stockReport' and r.company_id = s.company_id
          and r.object_id::text not like ${`${ID_PREFIX}%`})
        and not exists (select 1 from agent_report a where a.company_id = s.company_id
          and a.report_type = ${REPORT_TYPE_OF.stockReport})
      group by 1, 2, 3),
    months as (
      select b.company_id, b.model, to_char(m, 'YYYY-MM') as period, b.price
      from (select company_id, model, min(period) as first, max(price) as price from bought group by 1, 2) b
      cross join generate_series(to_date(b.first, 'YYYY-MM'), date_trunc('month', ${sql.lit(DEMO_TODAY)}::date) - interval '1 month',
        interval '1 month') m),
    moved as (
      select m.company_id, m.model, m.period, m.price, coalesce(b.quantity, 0) as purchase,
        coalesce(b.quantity, 0) * (10 + ${hash(1)} % 41) / 100 as closing, ${hash(2)} as h
      from months m left join bought b using (company_id, model, period)),
    line as (
      select *, coalesce(lag(closing) over (partition by company_id, model order by period), 0) as opening
      from moved),
    reported as (
      select l.*, row_number() over (order by l.period, l.company_id, l.model) as n,
        (to_date(l.period, 'YYYY-MM') + interval '1 month' + make_interval(days => (l.h % 5)::int, secs => 32400 + l.h % 28800))
          at time zone 'Asia/Shanghai' as at
      from line l where l.opening > 0 or l.purchase > 0)
    insert into record (object_id, resource, data, created_at, updated_at, created_by_name, updated_by_name,
      company_id, province_code, city_code)
    select (${ID_PREFIX} || lpad(to_hex(r.n), 12, '0'))::uuid, 'stockReport',
      jsonb_build_object('Period', r.period, 'AgentName', c.name, 'ProductModel', r.model,
        'OpeningQuantity', r.opening, 'PurchaseQuantity', r.purchase,
        'SalesQuantity', r.opening + r.purchase - r.closing, 'AdjustQuantity', 0, 'ClosingQuantity', r.closing,
        'StockAgeDays', 5 + r.h % 60, 'StockAmount', ((r.closing * r.price)::numeric(18, 2))::text,
        'ReportStatus', ${sql.lit(ReportStatus.submitted)},
        'SubmittedOn', to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      r.at, r.at, c.data->>'ContactName', c.data->>'ContactName', c.object_id, c.province_code, c.city_code
    from reported r join customer c on c.object_id = r.company_id
    order by r.n`;
}
