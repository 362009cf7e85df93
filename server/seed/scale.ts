import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ROLE } from '../identity/roles';
import { keywordsOf } from './demo-world';
import { DEMO_TODAY } from './random';
import { cityShort, provinces } from './regions.seed';

/** Benchmark orders spread over three years back from the demo's today. */
const SPAN_DAYS = 1096;
/**
 * A scale order's daily sequence starts here: the demo's and the portal's own numbers of a day stay
 * far below, so `DD<day><seq>` never clashes. Over 1096 days that leaves ~9.8 million orders before
 * the sequence grows a fifth digit (still unique, as the number then is longer).
 */
const SEQ_BASE = 1001;
/** number_sequence row counting the scale orders made so far, so a second run continues after the first. */
const COUNTER = { prefix: 'SCALE', day: 'orders' };

export interface ScaleOptions {
  batchSize?: number;
  log?: (line: string) => void;
  /** Refresh the planner statistics at the end (default true). */
  analyze?: boolean;
  /** From this many orders on, the secondary indexes are dropped and built again after loading. */
  rebuildIndexesFrom?: number;
}

const list = (values: string[]) => values.join(',');
/** The place name end customers of a city carry (cityShort), for the agent's city. */
const PLACE_OF_CITY = provinces.flatMap((p) => p.cities.map((c) => ({ code: c.code, place: cityShort(c) })));
const BRANDS = list([...'宏锐华恒卓嘉瑞鼎博盛启融睿弘泰通远汇天中新创科联铭智云'.split('')]);
const MARKS = list([...'图达拓信泰科源辰晟宇诚顺驰联川和越阳凌航峰尚景'.split('')]);
const TRADES = list([
  '信息技术',
  '网络科技',
  '医疗集团',
  '教育科技',
  '能源',
  '制造',
  '物流',
  '城建投资',
  '商贸',
  '新材料',
]);

/** Element `h mod n` of a comma-separated list passed as one parameter. */
const pick = (values: string, hash: ReturnType<typeof sql>) =>
  sql`(string_to_array(${sql.lit(values)}, ','))[(1 + (${hash}) % ${sql.lit(values.split(',').length)})::int]`;

/**
 * Adds `count` orders (1–4 items each, ~2.5 on average) for benchmarks, generated inside the database
 * in batches: every value is a hash of the order's index, so the same run gives the same data.
 * Agents and products are drawn from the existing customers and products (seed the demo first).
 */
export async function scaleOrders(db: Db, count: number, options: ScaleOptions = {}) {
  const batchSize = options.batchSize ?? 100_000;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const ready = await sql<{ agents: number; products: number }>`select
      (select count(*)::int from customer where status in ('161', '171')) as agents,
      (select count(*)::int from product) as products`.execute(db);
  if (!ready.rows[0].agents || !ready.rows[0].products)
    throw new Error('Scaling needs customers and products: seed the demo data first.');
  const counter = await sql<{ last: number }>`select last from number_sequence
    where prefix = ${COUNTER.prefix} and day = ${COUNTER.day}`.execute(db);
  const first = Number(counter.rows[0]?.last ?? 0);
  let items = 0;
  const batch = async (trx: Db, done: number) => {
    const to = first + Math.min(count, done + batchSize);
    items += await insertBatch(trx, first + done, to);
    await sql`insert into number_sequence (prefix, day, last) values (${COUNTER.prefix}, ${COUNTER.day}, ${to})
      on conflict (prefix, day) do update set last = excluded.last`.execute(trx);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`${Math.min(count, done + batchSize)} / ${count} orders, ${items} items, ${seconds} s`);
  };
  if (count >= (options.rebuildIndexesFrom ?? 200_000)) {
    // One transaction: drop the secondary indexes, load, build each index again in one pass (faster than
    // keeping it up to date row by row). The order tables are locked meanwhile; a failure changes nothing.
    await db.transaction().execute(async (trx) => {
      await tune(trx);
      const indexes = await dropSecondaryIndexes(trx);
      for (let done = 0; done < count; done += batchSize) await batch(trx, done);
      log(`rebuilding ${indexes.length} indexes…`);
      for (const definition of indexes) await sql.raw(definition).execute(trx);
    });
  } else {
    for (let done = 0; done < count; done += batchSize)
      await db.transaction().execute(async (trx) => {
        await tune(trx);
        await batch(trx, done);
      });
  }
  if (options.analyze !== false) {
    await sql`analyze sales_order`.execute(db);
    await sql`analyze order_item`.execute(db);
  }
  return { orders: count, items, first, ms: Math.round(performance.now() - started) };
}

async function tune(trx: Db) {
  // The statements are large but run once: compiling them (JIT, on a PostgreSQL server) costs more than it saves.
  await sql`set local jit = off`.execute(trx);
  // Rows go in sorted by creation, so the indexes on it fill page by page; sorts stay in memory.
  await sql`set local work_mem = '256MB'`.execute(trx);
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
}

/** Drops the indexes of the order tables that back no constraint; answers their definitions. */
async function dropSecondaryIndexes(trx: Db): Promise<string[]> {
  const found = await sql<{ name: string; definition: string }>`
    select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x join pg_class t on t.oid = x.indrelid
    where t.relname in ('sales_order', 'order_item') and t.relnamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by 1`.execute(trx);
  for (const { name } of found.rows) await sql`drop index ${sql.raw(name)}`.execute(trx);
  return found.rows.map((r) => r.definition);
}

/** One batch: the orders [from, to), then their items; answers the items inserted. */
async function insertBatch(db: Db, from: number, to: number): Promise<number> {
  await ordersStatement(from, to).execute(db);
  const items = await itemsStatement(from, to).execute(db);
  return Number(items.numAffectedRows ?? 0);
}

/**
 * Ids that grow with the index ('5ca1e' marks them as scale rows; variant 8 orders, 9 items): the
 * primary keys and the items' order_id index fill at their right edge instead of at random places.
 */
const idOf = (index: ReturnType<typeof sql>, variant: '8' | '9') =>
  sql`('5ca1e000-0000-4000-${sql.raw(variant)}000-' || lpad(to_hex(${index}), 12, '0'))::uuid`;

/** A 31-bit hash of the order index (salted by n): every pseudo-random choice of an order comes from one. */
const h = (n: number) => sql`(hashint8extended(g, ${sql.lit(n)}) & 2147483647)`;
/** The same for item j of the order. */
const hi = (n: number) => sql`(hashint8extended(c.g * 4 + j, ${sql.lit(n)}) & 2147483647)`;
const when = (expr: ReturnType<typeof sql>, cases: [number, string][], last: string) =>
  sql`case ${sql.join(
    cases.map(([below, value]) => sql`when ${expr} < ${sql.lit(below)} then ${sql.lit(value)}`),
    sql` `,
  )} else ${sql.lit(last)} end`;

/** Agents and products as arrays (one row), so each order or item picks one by index. */
const lookups = sql`
  ag as (
    select array_agg(object_id order by account_id) as ids, array_agg(name order by account_id) as names,
      array_agg(province_code order by account_id) as provinces, array_agg(city_code order by account_id) as cities,
      array_agg(coalesce(data->>'ProvinceName', '') order by account_id) as province_names, count(*) as n
    from customer where status in ('161', '171')
  ),
  pa as (
    select array_agg(product_code order by product_code) as codes, array_agg(standard_price order by product_code) as prices,
      array_agg(coalesce(data->>'ProductModel', name) order by product_code) as models, count(*) as n
    from product
  ),
  places as (select * from jsonb_to_recordset(${JSON.stringify(PLACE_OF_CITY)}::jsonb) as x(code text, place text))`;

/**
 * Every attribute of order g that does not depend on its items, from hashes of g: date and number,
 * agent (and its scope), line, type and the four status dimensions.
 */
function core(from: number, to: number) {
  return sql`
    select g, day, id, order_no, at, agent_id, agent_name, province_code, city_code, province_name, lines,
      channel, order_type, approval, payment, delivery, synch, h1, h3, h4,
      coalesce(pl.place, '') || ${pick(BRANDS, sql`${h(6)} / 7`)} || ${pick(MARKS, sql`${h(6)} / 211`)}
        || ${pick(TRADES, sql`${h(6)} / 5903`)} || '有限公司' as end_user
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to - 1)}::bigint) as g
    cross join ag
    cross join lateral (select ${h(1)} as h1, ${h(3)} as h3, ${h(4)} as h4,
      ${sql.lit(DEMO_TODAY)}::date - (g % ${sql.lit(SPAN_DAYS)})::int as day) hs
    cross join lateral (select 1 + (h1 % ag.n)::int as ai) pickA
    cross join lateral (select
      ${idOf(sql`g`, '8')} as id,
      'DD' || to_char(day, 'YYYYMMDD') || (${sql.lit(SEQ_BASE)} + g / ${sql.lit(SPAN_DAYS)})::text as order_no,
      (day + make_interval(secs => 30600 + ${h(2)} % 36000)) at time zone 'Asia/Shanghai' as at,
      ag.ids[ai] as agent_id, ag.names[ai] as agent_name, ag.provinces[ai] as province_code,
      ag.cities[ai] as city_code, ag.province_names[ai] as province_name,
      1 + (h3 % 4)::int as lines,
      case when h1 % 10 < 7 then '101' else '111' end as channel,
      -- Partner-line orders arrive approved (synced); own-line ones are at every stage.
      case when h1 % 10 >= 7 then ${when(sql`(h3 / 8) % 100`, [[97, '121']], '141')}
        else ${when(
          sql`(h3 / 8) % 100`,
          [
            [85, '121'],
            [89, '111'],
            [92, '101'],
            [96, '131'],
          ],
          '141',
        )} end as approval) a
    cross join lateral (select
      case when channel = '111' then '141'
        else ${pick(list(['101', '101', '101', '111', '121', '131']), sql`h3 / 1024`)} end as order_type,
      case when approval <> '121' then '101'
        else ${when(
          sql`h4 % 100`,
          [
            [62, '121'],
            [80, '111'],
            [98, '101'],
          ],
          '131',
        )} end as payment,
      case when approval <> '121' then '101'
        else ${when(
          sql`(h4 / 128) % 100`,
          [
            [50, '131'],
            [75, '121'],
            [85, '111'],
          ],
          '101',
        )} end as delivery,
      case when channel = '101' then null
        else ${when(
          sql`(h1 / 16) % 100`,
          [
            [90, 'SUCCESS'],
            [94, 'FAIL'],
            [97, 'PENDING'],
          ],
          'PROCESSING',
        )} end as synch) b
    left join places pl on pl.code = a.city_code
    offset 0`;
}

/** The items of order c (1–4): product, quantity and a unit price 80–100% of the standard price. */
const items = sql`
  select j, pa.codes[k] as product_code, pa.models[k] as model, 1 + (${hi(11)} % 20)::int as quantity,
    round(pa.prices[k] * (80 + ${hi(12)} % 21) / 100, 2) as unit_price
  from generate_series(1, c.lines) as j
  cross join lateral (select 1 + (${hi(13)} % pa.n)::int as k) pk
  offset 0`;

export function ordersStatement(from: number, to: number) {
  const money = (expr: ReturnType<typeof sql>) => sql`(${expr})::numeric(18, 2)::text`;
  return sql`
    with ${lookups},
    manager as (select province_code, min(last_name) as name from employee
      where role_code = ${sql.lit(ROLE.cityManager)} group by province_code)
    insert into sales_order (object_id, created_at, updated_at, created_by_name, updated_by_name, company_id,
      province_code, city_code, data, order_no, order_channel, order_type, agent_name, end_user_name,
      contract_no, order_date, order_amount, approval_status, payment_status, delivery_status,
      invoicing_status, synch_state, city_manager_name)
    select c.id, c.at, c.at, c.agent_name, c.agent_name, c.agent_id, c.province_code, c.city_code,
      jsonb_build_object('PaidAmount', ${money(sql`paid`)}, 'UnpaidAmount', ${money(sql`greatest(amount - paid, 0)`)},
        'PayableAmount', ${money(sql`amount`)}, 'OrderStatus', case when approval in ('131', '141') then '121'
          when delivery = '131' and payment = '121' and invoicing = '121' then '111' else '101' end,
        'SalesIndustry', ${pick(list(keywordsOf('SalesIndustry')), sql`h3 / 77`)},
        'PaymentMethod', ${pick(list(keywordsOf('PaymentMethod')), sql`h4 / 99`)},
        'Priority', ${pick(list(keywordsOf('Priority')), sql`h1 / 999`)}),
      c.order_no, c.channel, c.order_type, c.agent_name, c.end_user,
      'HT' || to_char(c.day, 'YYYY') || lpad((h3 % 1000000)::text, 6, '0'), c.day, amount,
      c.approval, c.payment, c.delivery, invoicing, c.synch, m.name
    from (${core(from, to)}) c
    cross join pa
    cross join lateral (select sum(quantity * unit_price) as amount from (${items}) i) t
    cross join lateral (select case
      when payment in ('121', '131') then ${when(
        sql`(h4 / 16384) % 100`,
        [
          [70, '121'],
          [85, '111'],
          [97, '101'],
        ],
        '131',
      )}
      when payment = '111' then case when h4 % 2 = 0 then '111' else '101' end else '101' end as invoicing,
      case payment when '121' then amount when '131' then amount + 100
        when '111' then round(amount * (20 + (h4 / 7) % 60) / 100, 2) else 0 end as paid) p
    left join manager m on m.province_code = c.province_code
    order by c.at`;
}

export function itemsStatement(from: number, to: number) {
  return sql`
    with ${lookups}
    insert into order_item (object_id, created_at, updated_at, created_by_name, updated_by_name, company_id,
      province_code, city_code, data, order_id, order_no, product_code, quantity, unit_price)
    select ${idOf(sql`c.g * 4 + i.j`, '9')}, c.at, c.at, c.agent_name, c.agent_name, c.agent_id,
      c.province_code, c.city_code,
      jsonb_build_object('OrderChannel', c.channel, 'OrderDate', to_char(c.day, 'YYYY-MM-DD'),
        'AgentName', c.agent_name, 'EndUserName', c.end_user, 'CustomerName', c.end_user,
        'ProvinceName', c.province_name, 'ProductModel', i.model,
        'LineAmount', (i.quantity * i.unit_price)::text,
        'ShippedQuantity', case c.delivery when '101' then 0 when '111' then i.quantity / 2 else i.quantity end,
        'ItemPaymentStatus', case c.payment when '101' then '101' when '111' then '111' else '121' end),
      c.id, c.order_no, i.product_code, i.quantity, i.unit_price
    from (${core(from, to)}) c
    cross join pa
    cross join lateral (${items}) i
    order by c.at`;
}
