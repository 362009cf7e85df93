import { sql } from 'kysely';
import type { Db } from '../db/database';

/** An opportunity row as the server's own rules read it, outside any caller's scope. */
export interface OpportunityRow {
  object_id: string;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
  version: number;
  data: Record<string, unknown>;
}

export async function opportunityRow(db: Db, id: string): Promise<OpportunityRow> {
  const rows = await sql<OpportunityRow>`select object_id::text, company_id::text, province_code, city_code,
      version, data from record where resource = 'opportunity' and object_id = ${id}`.execute(db);
  if (!rows.rows[0]) throw new Error(`No opportunity ${id}`);
  return rows.rows[0];
}

/** Writes server-owned fields onto an opportunity (its number, a new owner) as a new version. */
export async function patchOpportunity(
  db: Db,
  id: string,
  fields: Record<string, unknown>,
  change: { by: string; at?: Date; companyId?: string | null; bumpVersion: boolean },
) {
  const sets = [sql`data = data || ${JSON.stringify(fields)}::jsonb`];
  if (change.companyId !== undefined) sets.push(sql`company_id = ${change.companyId}`);
  if (change.bumpVersion)
    sets.push(
      sql`version = version + 1`,
      sql`updated_at = ${change.at ?? new Date()}`,
      sql`updated_by_name = ${change.by}`,
    );
  await sql`update record set ${sql.join(sets)} where resource = 'opportunity' and object_id = ${id}`.execute(
    db,
  );
}

/**
 * The records that are the deal's own, beside it: its products (naming the opportunity's id) and its
 * progress records (naming its number). Each is kept in the opportunity's scope, so whoever holds the
 * deal reads them.
 */
const DEAL_RECORDS = [
  { resource: 'opportunityItem', link: sql`r.data->>'opportunityId' = o.object_id::text` },
  {
    resource: 'oppMainProgress',
    link: sql`r.data->>'ExtOpportunityNOText_SDK' = o.data->>'ExtOpportunityNOText_SDK'`,
  },
];

/**
 * Each product and progress record (`object_id`, its scope) with its deal (`deal_id`, the deal's
 * scope as `deal_company_id`, …), of one deal or of all; one join per kind, so the books read it at scale.
 */
export const dealRecords = (dealId?: string) =>
  sql.join(
    DEAL_RECORDS.map(
      ({ resource, link }) => sql`select r.object_id, r.company_id, r.province_code, r.city_code,
        o.object_id as deal_id, o.company_id as deal_company_id, o.province_code as deal_province_code,
        o.city_code as deal_city_code
      from record r join record o on o.resource = 'opportunity' and ${link}
      where r.resource = ${resource} ${dealId ? sql`and o.object_id = ${dealId}` : sql``}`,
    ),
    sql` union all `,
  );

/** Whether a record of the deal is kept in another scope than the deal's (`d`, a row of dealRecords). */
export const outOfDealScope = sql`(d.company_id, d.province_code, d.city_code)
  is distinct from (d.deal_company_id, d.deal_province_code, d.deal_city_code)`;

/**
 * The deal's own records follow it to the scope it is now in (an owner change), in the caller's
 * transaction: the new owner reads and works its products and progress, the old one no longer does.
 */
export async function dealRecordsFollow(db: Db, id: string) {
  await sql`update record t set company_id = d.deal_company_id, province_code = d.deal_province_code,
      city_code = d.deal_city_code
    from (${dealRecords(id)}) d where t.object_id = d.object_id and ${outOfDealScope}`.execute(db);
}

/** A progress record (oppMainProgress) of an opportunity, in the opportunity's scope. */
export async function insertProgress(
  db: Db,
  opportunity: OpportunityRow,
  progress: { id?: string; day: string; content: string; by: string; at: Date },
) {
  const d = opportunity.data;
  const data = {
    ExtOpportunityNOText_SDK: d.ExtOpportunityNOText_SDK,
    ExtOpportunityName_SDK: d.Name,
    ExtOppCustomerName_SDK: d.ExtOppCustomerName_SDK,
    ExtOpportunityStage_SDK: d.ExtOpportunityStage_SDK,
    ProvinceName: d.ProvinceName,
    ProgressDate: progress.day,
    ProgressContent: progress.content,
    RecorderName: progress.by,
  };
  await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
      updated_at, created_by_name, updated_by_name)
    values (coalesce(${progress.id ?? null}::uuid, gen_random_uuid()), 'oppMainProgress', ${JSON.stringify(data)}::jsonb,
      ${opportunity.company_id}, ${opportunity.province_code}, ${opportunity.city_code}, ${progress.at},
      ${progress.at}, ${progress.by}, ${progress.by})`.execute(db);
}
