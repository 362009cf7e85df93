import { type Kysely, sql } from 'kysely';

/**
 * Rebate settlements (server/rebates): the lines of a published settlement announcement — one per
 * agent, kept in the agent's company so each agent reads only its own. Tasks and settlements
 * themselves are records of resource `rebateTask` with the `rebateSettlement` workflow; the nightly
 * jobs of rebate tasks' achievement and of rebate expiry are reference data, added by the reference
 * step.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table rebate_settlement_line (
    object_id uuid primary key default gen_random_uuid(),
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    created_by_name text,
    updated_at timestamptz not null default now(),
    updated_by_name text,
    company_id uuid not null references customer (object_id),
    province_code text,
    city_code text,
    data jsonb not null default '{}'::jsonb,
    announcement_id uuid not null,
    announcement_no text not null,
    row_no integer not null,
    agent_name text not null,
    amount numeric(18, 2) not null check (amount >= 0),
    remark text,
    unique (announcement_id, company_id)
  )`.execute(db);
  await sql`create index rebate_settlement_line_company_idx on rebate_settlement_line (company_id, created_at desc)`.execute(
    db,
  );

  // Every order decision asks whether the order touched the ledger, by its number alone.
  await sql`create index rebate_flow_source_no_idx on rebate_flow (source_doc_no)`.execute(db);
}
