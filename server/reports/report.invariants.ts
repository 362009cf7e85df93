import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { ReportType } from '../../domain/codes/reports.codes';
import type { Invariant } from '../books/invariant';
import { REPORT_TYPE_OF } from '../imports/control-dates';
import { LINE_KEYS } from './line-keys';
import { stockChain } from './stock-continuity';

/** The report a line belongs to, to name it by its number and open it (report.reportStateDetail). */
const reportOf = (line: string, type: string) =>
  sql`left join agent_report a on a.company_id = ${sql.ref(`${line}.company_id`)}
    and a.period = ${sql.ref(`${line}.period`)} and a.report_type = ${type}`;

/** Each agent's lines of a resource that share a key, one row per key. */
function linesSharingAKey(resource: string, keys: string[]) {
  // Literal names, so the grouped expressions and the shown ones are the same expressions.
  const keyValue = (k: string) => sql`btrim(coalesce(data->>${sql.lit(k)}, ''))`;
  const values = keys.map(keyValue);
  const shown = keys.filter((k) => k !== 'Period').map(keyValue);
  return sql`select coalesce(a.object_id, d.line_id) as object_id,
      coalesce(a.report_no, d.period) as label, d.agent, d.period, d.line_key, d.lines
    from (select company_id, min(data->>'Period') as period, max(data->>'AgentName') as agent,
        concat_ws(' / ', ${sql.join(shown)}) as line_key, count(*)::int as lines,
        min(object_id::text)::uuid as line_id
      from record where resource = ${resource} and company_id is not null
      group by company_id, ${sql.join(values)} having count(*) > 1) d
    ${reportOf('d', REPORT_TYPE_OF[resource])}`;
}

/**
 * Each agent's lines of a resource naming a product that is no model the portal knows, one row per
 * model named. A model is a product's model, or its number where it has none (server/imports/row-lookups.ts).
 */
function linesOfAnUnknownModel(resource: string) {
  return sql`select coalesce(a.object_id, d.line_id) as object_id,
      coalesce(a.report_no, d.period) as label, d.agent, d.period, d.model, d.lines
    from (select company_id, data->>'Period' as period, max(data->>'AgentName') as agent,
        coalesce(data->>'ProductModel', '') as model, count(*)::int as lines,
        min(object_id::text)::uuid as line_id
      from record l where resource = ${resource}
        and not exists (select 1 from product p
          where coalesce(p.data->>'ProductModel', p.product_code) = l.data->>'ProductModel')
      group by company_id, data->>'Period', coalesce(data->>'ProductModel', '')) d
    ${reportOf('d', REPORT_TYPE_OF[resource])}`;
}

/** The figures of the agents' reports that other figures depend on (docs/reports.md, docs/imports.md). */
export const reportInvariants = {
  // Checked on every stored month, so a correction that left a later month behind is named as surely
  // as a month that opened wrong.
  openingIsLastClosing: {
    page: 'report.reportStateDetail',
    query: sql`select coalesce(a.object_id, c.object_id) as object_id, coalesce(a.report_no, c.period) as label,
        a.agent_name as agent, c.period, c.model, c.opening, c.expected_period as previous, c.expected
      from (${stockChain()}) c ${reportOf('c', ReportType.stock)}
      where c.expected is not null and c.opening is distinct from c.expected`,
  },
  // A report's line count and total quantity are kept by its lines' writes (report-states.ts
  // syncReport); its page lists the lines of the view, so the two must name the same lines.
  countsTheLinesItLists: {
    page: 'report.reportStateDetail',
    query: sql`select r.object_id, r.report_no as label, r.agent_name as agent, r.period,
        coalesce(r.line_count, 0) as counted, coalesce(l.lines, 0) as listed,
        coalesce(r.total_quantity, 0) as counted_quantity, coalesce(l.quantity, 0) as listed_quantity
      from agent_report r left join (select report_id, count(*)::int as lines,
          coalesce(sum(quantity), 0) as quantity from agent_report_line group by report_id) l
        on l.report_id = r.object_id
      where coalesce(r.line_count, 0) <> coalesce(l.lines, 0)
        or coalesce(r.total_quantity, 0) <> coalesce(l.quantity, 0)`,
  },
  oneLinePerKey: {
    page: 'report.reportStateDetail',
    query: sql`${sql.join(
      Object.entries(LINE_KEYS).map(([resource, keys]) => linesSharingAKey(resource, keys)),
      sql` union all `,
    )}`,
  },
  // A report line holds its product's model (docs/imports.md "A report line names a model"): stock is
  // kept per model and a line's key holds it, so a line filed under a product's number or name beside
  // the model's own line is the same goods counted twice, and one the product table does not know is
  // counted under no model at all.
  linesNameAKnownModel: {
    page: 'report.reportStateDetail',
    query: sql`${sql.join(
      Object.keys(LINE_KEYS).map((resource) => linesOfAnUnknownModel(resource)),
      sql` union all `,
    )}`,
  },
  // The monthly shipment report and the warning list promise each shipment and each purchase line
  // counted once: per buyer, month and model their sums equal what was shipped and reported. A line
  // of a buyer the portal no longer holds, or a product known twice, would drop or double a figure.
  // Only the own line's shipments are the vendor's: a partner-line shipment is the partner's goods.
  reconciliationCountsEachLineOnce: {
    query: sql`with shown as (
        select company_id, period, product_model as model,
          coalesce(sum(supplied_quantity) filter (where vendor_supplied), 0) as supplied,
          coalesce(sum(purchased_quantity), 0) as purchased
        from report_reconciliation group by 1, 2, 3),
      shipped as (
        select s.company_id, report_period(s.ship_date) as period,
          coalesce(p.data->>'ProductModel', s.product_code) as model, sum(s.quantity) as quantity
        from shipment s left join product p on p.product_code = s.product_code
        where s.company_id is not null and s.order_channel = ${OrderChannel.ownLine} group by 1, 2, 3),
      reported as (
        select company_id, data->>'Period' as period, data->>'ProductModel' as model,
          max(data->>'AgentName') as agent,
          sum(case when data->>'Quantity' ~ '^-?[0-9]{1,9}$' then (data->>'Quantity')::integer else 0 end)
            as quantity
        from record where resource = 'purchaseReport' and company_id is not null group by 1, 2, 3),
      sources as (
        select coalesce(s.company_id, r.company_id) as company_id, coalesce(s.period, r.period) as period,
          coalesce(s.model, r.model) as model, r.agent, coalesce(s.quantity, 0) as shipped,
          coalesce(r.quantity, 0) as reported
        from shipped s full join reported r
          on r.company_id = s.company_id and r.period = s.period and r.model = s.model
        where coalesce(s.period, r.period) is not null and coalesce(s.model, r.model) is not null)
      select md5(x.company_id::text || '|' || x.period || '|' || x.model)::uuid as object_id,
        concat_ws(' ', coalesce(c.name, x.agent), x.period, x.model) as label, x.shipped, x.supplied, x.reported, x.purchased
      from (select coalesce(o.company_id, v.company_id) as company_id, coalesce(o.period, v.period) as period,
          coalesce(o.model, v.model) as model, o.agent, coalesce(o.shipped, 0) as shipped,
          coalesce(v.supplied, 0) as supplied, coalesce(o.reported, 0) as reported,
          coalesce(v.purchased, 0) as purchased
        from sources o full join shown v
          on v.company_id = o.company_id and v.period = o.period and v.model = o.model) x
      left join customer c on c.object_id = x.company_id
      where x.shipped <> x.supplied or x.reported <> x.purchased`,
  },
} satisfies Record<string, Invariant>;
