import { type Kysely, sql } from 'kysely';

/**
 * The report line resources as they stood when this ran (server/reports/line-keys.ts and
 * report-states.ts): each one's report type, the fields of a line's key besides its agent, and the
 * field a line adds to its report's total quantity.
 */
const LINES: { resource: string; reportType: string; keys: string[]; quantity: string }[] = [
  {
    resource: 'stockReport',
    reportType: '121',
    keys: ['Period', 'ProductModel'],
    quantity: 'ClosingQuantity',
  },
  {
    resource: 'salesReport',
    reportType: '111',
    keys: ['Period', 'CreditCode', 'ProductModel', 'OutboundDate'],
    quantity: 'Quantity',
  },
  {
    resource: 'purchaseReport',
    reportType: '101',
    keys: ['Period', 'SupplierName', 'PurchaseOrderNo', 'ProductModel', 'InboundDate'],
    quantity: 'Quantity',
  },
  {
    resource: 'shipmentReport',
    reportType: '131',
    keys: ['Period', 'ShipmentNo', 'ProductModel'],
    quantity: 'Quantity',
  },
  {
    resource: 'rspShipmentReport',
    reportType: '131',
    keys: ['Period', 'CustomerName', 'ProductModel', 'ShipmentDate', 'ShipmentType'],
    quantity: 'Quantity',
  },
];
const STOCK_TYPE = '121';
const resources = sql.join(LINES.map((l) => sql.lit(l.resource)));

/** A line's key besides its agent, as the import compares keys: each value's text, trimmed. */
const keyOf = (keys: string[]) =>
  sql.raw(`jsonb_build_array(${keys.map((k) => `btrim(coalesce(l.data->>'${k}', ''))`).join(', ')})`);

/**
 * The model a product named as typed is of, as the import reads a product's name (its model, else its
 * number, else its name; a product without a model is of its number): null when no product is so named.
 */
const modelNamed = (typed: string) =>
  sql.raw(`(select coalesce(p.data->>'ProductModel', p.product_code) from product p
    where p.product_code = ${typed} or p.name = ${typed} or p.data->>'ProductModel' = ${typed}
    order by (p.data->>'ProductModel' = ${typed}) desc nulls last, (p.product_code = ${typed}) desc, p.product_code
    limit 1)`);

interface Renamed {
  id: string;
  resource: string;
  company: string | null;
  period: string | null;
}

/** Lines stored under a product's number or name now hold its model. Answers the lines renamed. */
async function renameToModels(db: Kysely<unknown>) {
  const renamed = await sql<Renamed>`with typed as (
      select distinct btrim(l.data->>'ProductModel') as typed from record l
      where l.resource in (${resources}) and l.data->>'ProductModel' is not null),
    named as (select t.typed, ${modelNamed('t.typed')} as model from typed t)
    update record l set data = l.data || jsonb_build_object('ProductModel', n.model), version = l.version + 1
    from named n
    where l.resource in (${resources}) and btrim(l.data->>'ProductModel') = n.typed
      and n.model is not null and n.model is distinct from l.data->>'ProductModel'
    returning l.object_id::text as id, l.resource, l.company_id::text as company, l.data->>'Period' as period`.execute(
    db,
  );
  return renamed.rows;
}

interface Merge {
  kept: string;
  latest: string;
  gone: string[];
}

/**
 * The lines of one agent that a rename made share a key, as the import pairs them (docs/imports.md
 * "A line imported again"): one line, the oldest (the one a file corrects), holding what was written
 * last of them (its values over the oldest's, as a row imported again is written over a stored line).
 */
async function mergesOf(db: Kysely<unknown>, resource: string, keys: string[], renamed: string[]) {
  const found = await sql<Merge>`with renamed as (
      select x::uuid as id from jsonb_array_elements_text(${JSON.stringify(renamed)}::jsonb) x),
    touched as (select distinct l.company_id, l.data->>'Period' as period from record l
      join renamed r on r.id = l.object_id),
    lines as (select l.object_id, l.company_id, l.created_at, l.updated_at, ${keyOf(keys)} as line_key,
        l.object_id in (select id from renamed) as was_renamed
      from record l join touched t on t.company_id = l.company_id and t.period = l.data->>'Period'
      where l.resource = ${resource})
    select (array_agg(object_id::text order by created_at, object_id))[1] as kept,
      (array_agg(object_id::text order by updated_at desc, created_at desc, object_id desc))[1] as latest,
      array_agg(object_id::text) as gone
    from lines group by company_id, line_key having count(*) > 1 and bool_or(was_renamed)`.execute(db);
  return found.rows.map((m) => ({ ...m, gone: m.gone.filter((id) => id !== m.kept) }));
}

/** Each merge: the kept line takes the latest one's content, the others go, their history follows the kept one. */
async function merge(db: Kysely<unknown>, merges: Merge[]) {
  if (!merges.length) return;
  const newer = merges.filter((m) => m.latest !== m.kept).map(({ kept, latest }) => ({ kept, latest }));
  if (newer.length)
    await sql`update record k set data = k.data || l.data, version = k.version + 1, updated_at = l.updated_at,
        updated_by_name = l.updated_by_name
      from jsonb_to_recordset(${JSON.stringify(newer)}::jsonb) as m(kept uuid, latest uuid)
        join record l on l.object_id = m.latest
      where k.object_id = m.kept`.execute(db);
  const gone = merges.flatMap(({ kept, gone }) => gone.map((id) => ({ id, kept })));
  const goneRows = sql`jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) as g(id uuid, kept uuid)`;
  // The modification log and the attachments of a line merged away are the kept line's now.
  await sql`update report_modification m set line_id = g.kept from ${goneRows} where m.line_id = g.id`.execute(
    db,
  );
  await sql`update file_object f set owner_id = g.kept::text from ${goneRows} where f.owner_id = g.id::text`.execute(
    db,
  );
  await sql`delete from record r using ${goneRows} where r.object_id = g.id`.execute(db);
}

/** The count and total quantity of the reports whose lines changed, as the lines' writes keep them. */
async function recount(db: Kysely<unknown>, renamed: Renamed[]) {
  const reports = [
    ...new Set(
      renamed.map((r) =>
        JSON.stringify([r.company, r.period, LINES.find((l) => l.resource === r.resource)?.reportType]),
      ),
    ),
  ].map((key) => {
    const [company, period, type] = JSON.parse(key);
    return { company, period, type };
  });
  const quantity = sql.raw(
    `case l.resource ${LINES.map((l) => `when '${l.resource}' then l.data->>'${l.quantity}'`).join(' ')} end`,
  );
  const typeOf = sql.raw(
    `case l.resource ${LINES.map((l) => `when '${l.resource}' then '${l.reportType}'`).join(' ')} end`,
  );
  await sql`with keys as (select * from jsonb_to_recordset(${JSON.stringify(reports)}::jsonb)
        as k(company uuid, period text, type text)),
      figures as (select a.object_id, count(l.object_id)::int as lines,
          coalesce(sum(case when ${quantity} ~ '^-?[0-9]{1,15}$' then (${quantity})::numeric else 0 end), 0)
            as quantity
        from agent_report a join keys k on k.company = a.company_id and k.period = a.period and k.type = a.report_type
          left join record l on l.resource in (${resources}) and l.company_id = a.company_id
            and l.data->>'Period' = a.period and ${typeOf} = a.report_type
        group by a.object_id)
    update agent_report a set line_count = f.lines, total_quantity = f.quantity from figures f
    where a.object_id = f.object_id
      and (a.line_count, a.total_quantity) is distinct from (f.lines, f.quantity)`.execute(db);
}

/**
 * The stock chain of the agents whose stock lines were renamed (server/reports/stock-continuity.ts
 * `flagStockChain` as it stood): a month whose opening is not its model's last closing shows the
 * opening it should have, and its report is flagged; a month back in the chain loses the flag.
 */
async function flagStockChain(db: Kysely<unknown>, agents: string[]) {
  if (!agents.length) return;
  const ids = sql`(select x::uuid from jsonb_array_elements_text(${JSON.stringify(agents)}::jsonb) x)`;
  await sql`with chain as (select object_id, data->>'OpeningQuantity' as opening,
        lag(data->>'ClosingQuantity') over months as expected
      from record where resource = 'stockReport' and company_id in ${ids}
      window months as (partition by company_id, data->>'ProductModel' order by data->>'Period', created_at, object_id)),
    verdict as (select object_id, expected, expected is not null and opening is distinct from expected
        and expected ~ '^-?[0-9]{1,15}$' as broken from chain)
    update record r set data = case when v.broken
        then r.data || jsonb_build_object('ExpectedOpening', v.expected::bigint)
        else r.data - 'ExpectedOpening' end
    from verdict v where r.object_id = v.object_id
      and (case when v.broken then r.data->>'ExpectedOpening' is distinct from v.expected
        else r.data ? 'ExpectedOpening' end)`.execute(db);
  await sql`update agent_report a set opening_mismatch = f.flagged
    from (select a2.object_id, exists (select 1 from record l where l.resource = 'stockReport'
        and l.company_id = a2.company_id and l.data->>'Period' = a2.period and l.data ? 'ExpectedOpening') as flagged
      from agent_report a2 where a2.report_type = ${STOCK_TYPE} and a2.company_id in ${ids}) f
    where a.object_id = f.object_id and a.opening_mismatch <> f.flagged`.execute(db);
}

/**
 * A report line holds the model of its product since lines are checked as the import checks them;
 * before, a line named its product as typed — by its product number or its name — so one model filed
 * two ways was two lines of the same stock, and the report counted it twice. This gives every such
 * line the model the product table knows it by (a product without a model is of its number), then
 * merges the lines of one agent that now share a key as an import would have written them: one line,
 * the oldest (the line a file corrects), with what was written last of them over it. The merged
 * lines' modification log and attachments follow the kept line; the reports whose lines changed
 * count them again, and the stock chains of their agents are flagged again where a month no longer
 * opens at its model's last closing. A line naming a product the table does not know keeps what it
 * holds, and the books check names it (`reports.linesNameAKnownModel`).
 */
export async function up(db: Kysely<unknown>) {
  const renamed = await renameToModels(db);
  if (!renamed.length) return;
  for (const { resource, keys } of LINES) {
    const ids = renamed.filter((r) => r.resource === resource).map((r) => r.id);
    if (ids.length) await merge(db, await mergesOf(db, resource, keys, ids));
  }
  await recount(db, renamed);
  const stockAgents = renamed.filter((r) => r.resource === 'stockReport' && r.company).map((r) => r.company!);
  await flagStockChain(db, [...new Set(stockAgents)]);
}

export async function down() {
  // A line merged away is gone and a renamed one reads as its model: nothing to undo.
}
