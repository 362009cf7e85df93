import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';

export interface RegistrationRow {
  object_id: string;
  version: number;
  province_code: string | null;
  city_code: string | null;
  data: Record<string, unknown>;
}

/** Registrations live in the shared record table under the catalogue resource `registrationInfo`. */
export async function findRegistration(db: Db, where: { id?: string; number?: string }) {
  const condition = where.id
    ? sql`object_id = ${where.id}`
    : sql`data ->> 'RegistrationNo' = ${where.number ?? ''}`;
  const result = await sql<RegistrationRow>`select object_id::text, version, province_code, city_code, data
    from record where resource = 'registrationInfo' and ${condition}`.execute(db);
  return result.rows[0];
}

export async function insertRegistration(
  db: Db,
  row: {
    data: Record<string, unknown>;
    provinceCode: string;
    cityCode: string | null;
    by: string;
    at?: Date;
    id?: string;
  },
) {
  const result = await sql<{
    object_id: string;
  }>`insert into record (object_id, resource, data, province_code, city_code, created_by_name, updated_by_name, created_at, updated_at)
    values (${row.id ?? randomUUID()}, 'registrationInfo', ${JSON.stringify(row.data)}::jsonb, ${row.provinceCode}, ${row.cityCode}, ${row.by}, ${row.by},
            ${row.at ?? new Date()}, ${row.at ?? new Date()})
    returning object_id::text`.execute(db);
  return result.rows[0].object_id;
}

export async function updateRegistration(
  db: Db,
  id: string,
  changes: Record<string, unknown>,
  by: string,
  at?: Date,
) {
  await sql`update record set data = data || ${JSON.stringify(changes)}::jsonb, version = version + 1,
    updated_at = ${at ?? new Date()}, updated_by_name = ${by} where object_id = ${id} and resource = 'registrationInfo'`.execute(
    db,
  );
}

/**
 * An agent or a registration in progress already holds this credit code (unique among agents). An
 * agent's own record, and the registration it was signed from, do not take its code from it (`except`).
 */
export async function creditCodeTaken(
  db: Db,
  creditCode: string,
  except: { customerId?: string; registrationId?: string } = {},
) {
  const customer = await sql<{
    n: number;
  }>`select count(*)::int as n from customer
    where credit_code = ${creditCode} and object_id::text <> ${except.customerId ?? ''}`.execute(db);
  if ((customer.rows[0]?.n ?? 0) > 0) return true;
  const pending = await sql<{ n: number }>`select count(*)::int as n from record
    where resource = 'registrationInfo' and data ->> 'ExtCreditCode_SDK' = ${creditCode}
      and coalesce(data ->> 'ExtCustomerStatus_SDK', '') not in (${sql.lit(CustomerStatus.rejected)}, ${sql.lit(CustomerStatus.expired)}, ${sql.lit(CustomerStatus.terminated)})
      and object_id::text <> ${except.registrationId ?? ''}
      and coalesce(data ->> 'CustomerID', '-') <> ${except.customerId ?? ''}`.execute(db);
  return (pending.rows[0]?.n ?? 0) > 0;
}

export async function regionNames(db: Db, codes: string[]) {
  if (!codes.length) return new Map<string, { zh: string; level: string; parent: string | null }>();
  const result = await sql<{ code: string; name_zh: string; level: string; parent_code: string | null }>`
    select code, name_zh, level, parent_code from region where code in (${sql.join(codes)})`.execute(db);
  return new Map(result.rows.map((r) => [r.code, { zh: r.name_zh, level: r.level, parent: r.parent_code }]));
}
