import { type RawBuilder, sql } from 'kysely';
import { DEMO_TODAY } from '../../server/seed/random';

/** A piece of SQL the scale statements are assembled from. */
export type Fragment = RawBuilder<unknown>;

/** Benchmark orders spread over three years back from the demo's today. */
export const SPAN_DAYS = 1096;
/**
 * A scale order's daily sequence starts here: the demo's and the portal's own numbers of a day stay
 * far below, so `DD<day><seq>` never clashes. Over 1096 days that leaves ~9.8 million orders before
 * the sequence grows a fifth digit (still unique, as the number then is longer).
 */
export const SEQ_BASE = 1001;

export const list = (values: string[]) => values.join(',');

/** Element `h mod n` of a comma-separated list passed as one parameter. */
export const pick = (values: string, hash: Fragment) =>
  sql`(string_to_array(${sql.lit(values)}, ','))[(1 + (${hash}) % ${sql.lit(values.split(',').length)})::int]`;

/**
 * The kinds of scale rows, each with ids of its own that grow with the order's index: primary keys
 * and the indexes on them fill at their right edge instead of at random places. '5ca1e' marks them.
 */
const KIND = {
  order: '0000-4000-8000',
  item: '0000-4000-9000',
  receipt: '0001-4000-8000',
  allocation: '0002-4000-8000',
  invoice: '0003-4000-8000',
  invoiceLine: '0004-4000-8000',
  shipment: '0005-4000-8000',
} as const;

export const idOf = (index: Fragment, kind: keyof typeof KIND) =>
  sql`('5ca1e000-${sql.raw(KIND[kind])}-' || lpad(to_hex(${index}), 12, '0'))::uuid`;

/** The index a scale row's id was made from (its last twelve hex digits). */
export const indexOfId = (id: Fragment) => sql`('x' || right(${id}::text, 12))::bit(48)::bigint`;

/** The first and last id of a kind for the orders [from, to): a primary-key range. */
export const idRange = (column: Fragment, kind: keyof typeof KIND, from: number, to: number) =>
  sql`${column} between ${idOf(sql.lit(from), kind)} and ${idOf(sql.lit(to - 1), kind)}`;

/** A 31-bit hash of the order index `g` (salted by n): every pseudo-random choice of an order comes from one. */
export const h = (n: number) => sql`(hashint8extended(g, ${sql.lit(n)}) & 2147483647)`;

export const when = (expr: Fragment, cases: [number, string][], last: string) =>
  sql`case ${sql.join(
    cases.map(([below, value]) => sql`when ${expr} < ${sql.lit(below)} then ${sql.lit(value)}`),
    sql` `,
  )} else ${sql.lit(last)} end`;

export const TODAY = sql`${sql.lit(DEMO_TODAY)}::date`;

/** A moment of a business day: the day at midnight in China plus `seconds`. */
export const onDay = (day: Fragment, seconds: Fragment) =>
  sql`((${day})::date + make_interval(secs => ${seconds})) at time zone 'Asia/Shanghai'`;

/** The business day (China) of a moment. */
export const dayOf = (moment: Fragment) => sql`((${moment}) at time zone 'Asia/Shanghai')::date`;

/** A moment as the services write it in `data` (JavaScript's toISOString). */
export const isoOf = (moment: Fragment) =>
  sql`to_char((${moment}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Money as the services keep it in `data`: text with two decimals. */
export const moneyText = (expr: Fragment) => sql`((${expr})::numeric(18, 2))::text`;

/**
 * One member of staff per role, as a workflow actor ({ id, name, role }): the earliest enabled account
 * that has set its password, so the demo's accounts (ops, finance, vp…) decide the scale orders.
 */
export const staff = sql`staff as (
    select distinct on (role_code) role_code,
      jsonb_build_object('id', object_id::text, 'name', last_name, 'role', role_code) as actor
    from employee where enabled and not first_time
    order by role_code, created_at, username)`;

/**
 * A business number that stays unique for generated documents: `<prefix><day><seq>`, where the day is
 * the document's and seq encodes the order's index with the document's offset in days from the
 * order's day (under `spread`): two documents of one day differ in order or offset.
 */
export const documentNo = (prefix: string, day: Fragment, offset: Fragment, spread: number) =>
  sql`${sql.lit(prefix)} || to_char(${day}, 'YYYYMMDD')
    || (${sql.lit(SEQ_BASE)} + (g / ${sql.lit(SPAN_DAYS)}) * ${sql.lit(spread)} + ${offset})::text`;
