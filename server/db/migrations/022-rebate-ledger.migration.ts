import { type Kysely, sql } from 'kysely';

/**
 * The rebate ledger (DOMAIN.md Rebates, notes §5.2): one account per agent and brand line plus the
 * agent's cash-discount account, and its flows. A flow is never changed or removed — the database
 * itself refuses UPDATE, DELETE and TRUNCATE, as it does for workflow events — so every balance is the
 * sum of the flows and each flow keeps what the balances were after it.
 *
 * A flow that adds usable money (a posting, a positive adjustment or reversal) opens a batch with its
 * own expiry; every later flow that moves that money names the batch (`batch_id`), so use goes first
 * to the batch that expires first and an expiry takes exactly what is left of its batch.
 *
 * The two list pages read views shaped like every resource table (identity, who and when, the scope
 * columns and `data`), so the generic search, scope and export read the ledger as it is.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table rebate_account (
    object_id uuid primary key default gen_random_uuid(),
    company_id uuid not null references customer (object_id),
    account_type text not null check (account_type in ('101', '111')),
    brand text,
    created_at timestamptz not null default now(),
    -- A rebate account belongs to a brand line; the cash-discount account to none.
    check ((account_type = '101') = (brand is not null))
  )`.execute(db);
  await sql`create unique index rebate_account_uq on rebate_account (company_id, account_type, coalesce(brand, ''))`.execute(
    db,
  );

  await sql`create table rebate_flow (
    object_id uuid primary key default gen_random_uuid(),
    account_id uuid not null references rebate_account (object_id),
    seq integer not null,
    flow_no text not null,
    flow_type text not null,
    amount numeric(18, 2) not null check (amount <> 0),
    available_change numeric(18, 2) not null,
    frozen_change numeric(18, 2) not null,
    pending_change numeric(18, 2) not null,
    available_after numeric(18, 2) not null check (available_after >= 0),
    frozen_after numeric(18, 2) not null check (frozen_after >= 0),
    pending_after numeric(18, 2) not null check (pending_after >= 0),
    balance_after numeric(18, 2) not null,
    batch_id uuid references rebate_flow (object_id),
    expiry_date date,
    source_doc_type text not null,
    source_doc_no text not null,
    reason text,
    created_at timestamptz not null default now(),
    created_by uuid,
    created_by_name text,
    unique (account_id, seq),
    check (balance_after = available_after + frozen_after)
  )`.execute(db);
  await sql`create unique index rebate_flow_no_uq on rebate_flow (flow_no)`.execute(db);
  await sql`create index rebate_flow_batch_idx on rebate_flow (account_id, batch_id) where batch_id is not null`.execute(
    db,
  );
  await sql`create index rebate_flow_source_idx on rebate_flow (account_id, source_doc_no)`.execute(db);
  await sql`create index rebate_flow_created_idx on rebate_flow (created_at desc, object_id desc)`.execute(
    db,
  );

  await sql`create or replace function rebate_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = '42501';
    end $$`.execute(db);
  for (const table of ['rebate_flow', 'rebate_account']) {
    await sql`create trigger ${sql.raw(`${table}_no_update`)} before update or delete on ${sql.table(table)}
      for each row execute function rebate_ledger_append_only()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function rebate_ledger_append_only()`.execute(db);
  }

  await sql`create view rebate_flow_list as
    select f.object_id, 1 as version, f.created_at, f.created_by, f.created_by_name,
      f.created_at as updated_at, f.created_by_name as updated_by_name,
      c.object_id as company_id, c.province_code, c.city_code, '{}'::jsonb as data,
      f.flow_no, c.name as agent_name, a.account_type, a.brand, f.flow_type, f.amount,
      f.available_after, f.frozen_after, f.pending_after, f.balance_after,
      f.source_doc_no, coalesce(f.expiry_date, b.expiry_date) as expiry_date, f.reason
    from rebate_flow f
    join rebate_account a on a.object_id = f.account_id
    join customer c on c.object_id = a.company_id
    left join rebate_flow b on b.object_id = f.batch_id`.execute(db);

  // Every figure of the summary is summed from the flows; nothing of it is stored.
  await sql`create view rebate_summary_list as
    select a.object_id, 1 as version, a.created_at, null::uuid as created_by, null::text as created_by_name,
      coalesce(s.last_at, a.created_at) as updated_at, null::text as updated_by_name,
      c.object_id as company_id, c.province_code, c.city_code, '{}'::jsonb as data,
      c.name as agent_name, c.customer_type as channel_tier, r.name_zh as province_name,
      a.account_type, a.brand,
      coalesce(s.accrued, 0) as accrued_amount, coalesce(s.posted, 0) as posted_amount,
      coalesce(s.frozen, 0) as frozen_amount, coalesce(s.used, 0) as used_amount,
      coalesce(s.expired, 0) as expired_amount, coalesce(s.available, 0) as available_balance,
      coalesce(s.available, 0) + coalesce(s.frozen, 0) as balance, coalesce(s.pending, 0) as pending_amount,
      x.next_expiry as next_expiry_date, s.last_at as last_flow_date
    from rebate_account a
    join customer c on c.object_id = a.company_id
    left join region r on r.code = c.province_code
    left join lateral (
      select sum(f.available_change) as available, sum(f.frozen_change) as frozen,
        sum(f.pending_change) as pending,
        sum(f.pending_change) filter (where f.flow_type = '101') as accrued,
        sum(f.available_change) filter (where f.flow_type = '111') as posted,
        -sum(f.frozen_change) filter (where f.flow_type = '131') as used,
        -sum(f.available_change) filter (where f.flow_type = '161') as expired,
        max(f.created_at) as last_at
      from rebate_flow f where f.account_id = a.object_id) s on true
    left join lateral (
      select min(b.expiry_date) as next_expiry
      from rebate_flow b
      where b.account_id = a.object_id and b.object_id = b.batch_id and b.expiry_date is not null
        and (select sum(u.available_change) from rebate_flow u
             where u.account_id = a.object_id and u.batch_id = b.object_id) > 0) x on true`.execute(db);
  // The ledger's own lookup (RebateAccountType) is reference data: the reference step adds it.
}
