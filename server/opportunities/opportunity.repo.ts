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
