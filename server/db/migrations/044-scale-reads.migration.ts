import { type Kysely, sql } from 'kysely';

/** A jsonb text as a number, 0 when it is not one (as migration 032 reads report amounts). */
const num = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric else 0 end)`);

/**
 * What the sales task figures read, by date range instead of by extracted year and month, so an
 * index serves them: an RSP's effective orders and confirmed receipts of a year come from the
 * (company, date) indexes below without touching its other years (`npm run bench`: the province task
 * report at 1,000,000 orders). Same figures as migration 032's functions.
 */
async function salesTaskFigures(db: Kysely<unknown>) {
  await sql`create index sales_order_company_date_idx on sales_order (company_id, order_date)
    include (order_amount, approval_status)`.execute(db);
  await sql`create index sales_order_city_manager_date_idx on sales_order (city_manager_name, order_date)
    include (order_amount, approval_status)`.execute(db);
  await sql`create index payment_receipt_confirmed_day_idx on payment_receipt (agent_id, payment_date)
    include (payment_amount) where data->>'ConfirmStatus' = '121'`.execute(db);
  await sql`create or replace function sales_task_achieved(p_company uuid, p_agent text, p_indicator text,
      p_year int, p_from int, p_to int) returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(r.payment_amount), 0) from payment_receipt r
        where r.agent_id = p_company and r.data->>'ConfirmStatus' = '121'
          and r.payment_date >= make_date(p_year, p_from, 1)
          and r.payment_date < (make_date(p_year, p_to, 1) + interval '1 month')::date)
      when p_indicator = '111' then (select coalesce(sum(${num("s.data->>'Amount'")}), 0) from record s
        where s.resource = 'rspShipmentReport' and s.data->>'AgentName' = p_agent
          and left(s.data->>'ShipmentDate', 7) between to_char(make_date(p_year, p_from, 1), 'YYYY-MM')
            and to_char(make_date(p_year, p_to, 1), 'YYYY-MM'))
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.company_id = p_company and o.approval_status in ('121', '151')
          and o.order_date >= make_date(p_year, p_from, 1)
          and o.order_date < (make_date(p_year, p_to, 1) + interval '1 month')::date)
    end $$`.execute(db);
  await sql`create or replace function city_manager_achieved(p_name text, p_indicator text, p_year int,
      p_from int, p_to int) returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(a.amount), 0) from payment_allocation a
        join payment_receipt r on r.object_id = a.receipt_id join sales_order o on o.object_id = a.order_id
        where o.city_manager_name = p_name and r.data->>'ConfirmStatus' = '121'
          and r.payment_date >= make_date(p_year, p_from, 1)
          and r.payment_date < (make_date(p_year, p_to, 1) + interval '1 month')::date)
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.city_manager_name = p_name and o.approval_status in ('121', '151')
          and o.order_date >= make_date(p_year, p_from, 1)
          and o.order_date < (make_date(p_year, p_to, 1) + interval '1 month')::date)
    end $$`.execute(db);
}

/**
 * Each rebate flow keeps, besides the balances after it, the account's totals to date (accrued,
 * posted, used, expired), what is left of the batch it names, and the earliest expiry of the batches
 * with money left — written by the database as the flow is appended, from the flow before it, so
 * the summary reads an account's last flow instead of summing all of them (docs/rebates.md). The
 * earliest expiry is looked for again only when a flow empties the batch that held it.
 */
async function rebateRunningTotals(db: Kysely<unknown>) {
  await sql`alter table rebate_flow add column accrued_to_date numeric(18, 2) not null default 0,
    add column posted_to_date numeric(18, 2) not null default 0,
    add column used_to_date numeric(18, 2) not null default 0,
    add column expired_to_date numeric(18, 2) not null default 0,
    add column batch_left_after numeric(18, 2),
    add column next_expiry_after date`.execute(db);
  await sql`create index rebate_flow_batch_seq_idx on rebate_flow (account_id, batch_id, seq)
    where batch_id is not null`.execute(db);
  await sql`create index rebate_flow_batch_expiry_idx on rebate_flow (account_id, expiry_date)
    where object_id = batch_id`.execute(db);
  await sql`create index rebate_flow_account_created_idx on rebate_flow (account_id, created_at)`.execute(db);
  // Its lookups go by index whatever the planner believes of the table's size: the plans are made once
  // per session, often while the table is small, and a scan per appended flow would grow with the ledger.
  await sql`create function rebate_flow_running() returns trigger language plpgsql set enable_seqscan = off as $$
    declare
      accrued numeric(18, 2);
      posted numeric(18, 2);
      used numeric(18, 2);
      expired numeric(18, 2);
      next_expiry date;
      left_before numeric(18, 2);
      batch_expiry date;
    begin
      select f.accrued_to_date, f.posted_to_date, f.used_to_date, f.expired_to_date, f.next_expiry_after
        into accrued, posted, used, expired, next_expiry
        from rebate_flow f where f.account_id = new.account_id and f.seq = new.seq - 1;
      new.accrued_to_date := coalesce(accrued, 0) + case when new.flow_type = '101' then new.pending_change else 0 end;
      new.posted_to_date := coalesce(posted, 0) + case when new.flow_type = '111' then new.available_change else 0 end;
      new.used_to_date := coalesce(used, 0) - case when new.flow_type = '131' then new.frozen_change else 0 end;
      new.expired_to_date := coalesce(expired, 0) - case when new.flow_type = '161' then new.available_change else 0 end;
      new.next_expiry_after := next_expiry;
      new.batch_left_after := null;
      if new.batch_id is null then return new; end if;
      if new.batch_id = new.object_id then
        left_before := 0;
        batch_expiry := new.expiry_date;
      else
        select f.batch_left_after into left_before from rebate_flow f
          where f.account_id = new.account_id and f.batch_id = new.batch_id and f.seq < new.seq
          order by f.seq desc limit 1;
        select b.expiry_date into batch_expiry from rebate_flow b where b.object_id = new.batch_id;
      end if;
      new.batch_left_after := coalesce(left_before, 0) + new.available_change;
      if batch_expiry is null then return new; end if;
      if new.batch_left_after > 0 then
        new.next_expiry_after := least(next_expiry, batch_expiry);
      elsif coalesce(left_before, 0) > 0 and batch_expiry = next_expiry then
        -- The batch that expired first is empty now: the next one with money left, by expiry.
        new.next_expiry_after := (select b.expiry_date from rebate_flow b
          where b.account_id = new.account_id and b.object_id = b.batch_id and b.object_id <> new.batch_id
            and b.seq < new.seq and b.expiry_date >= batch_expiry
            and (select l.batch_left_after from rebate_flow l where l.account_id = b.account_id
              and l.batch_id = b.object_id and l.seq < new.seq order by l.seq desc limit 1) > 0
          order by b.expiry_date limit 1);
      end if;
      return new;
    end $$`.execute(db);
  // Also on update: the ledger's append-only trigger (which fires first, by name) refuses every update,
  // except the one below, where it steps aside so that the flows written before get their figures in
  // the order they were appended. Nothing but these derived columns changes.
  await sql`create trigger rebate_flow_running before insert or update on rebate_flow
    for each row execute function rebate_flow_running()`.execute(db);
  await sql`alter table rebate_flow disable trigger rebate_flow_no_update`.execute(db);
  await sql`do $$
    declare flow record;
    begin
      for flow in select object_id from rebate_flow order by account_id, seq loop
        update rebate_flow set seq = seq where object_id = flow.object_id;
      end loop;
    end $$`.execute(db);
  await sql`alter table rebate_flow enable trigger rebate_flow_no_update`.execute(db);

  await sql`drop view rebate_summary_list`.execute(db);
  // Every figure of an account is its last flow's: the balances and totals the ledger keeps after it.
  await sql`create view rebate_summary_list as
    select a.object_id, 1 as version, a.created_at, null::uuid as created_by, null::text as created_by_name,
      coalesce(t.last_at, a.created_at) as updated_at, null::text as updated_by_name,
      c.object_id as company_id, c.province_code, c.city_code, '{}'::jsonb as data,
      c.name as agent_name, c.customer_type as channel_tier, r.name_zh as province_name,
      a.account_type, a.brand,
      coalesce(f.accrued_to_date, 0) as accrued_amount, coalesce(f.posted_to_date, 0) as posted_amount,
      coalesce(f.frozen_after, 0) as frozen_amount, coalesce(f.used_to_date, 0) as used_amount,
      coalesce(f.expired_to_date, 0) as expired_amount, coalesce(f.available_after, 0) as available_balance,
      coalesce(f.balance_after, 0) as balance, coalesce(f.pending_after, 0) as pending_amount,
      f.next_expiry_after as next_expiry_date, t.last_at as last_flow_date
    from rebate_account a
    join customer c on c.object_id = a.company_id
    left join region r on r.code = c.province_code
    left join lateral (select * from rebate_flow l where l.account_id = a.object_id
      order by l.seq desc limit 1) f on true
    left join lateral (select max(m.created_at) as last_at from rebate_flow m
      where m.account_id = a.object_id) t on true`.execute(db);
}

/**
 * The to-do lens reads the subjects of the streams waiting for a role or a person: with the subject in
 * the index, the streams' rows are not read at all (finance's approval query at 1,000,000 orders
 * has about 9,000 orders waiting for finance, spread over the whole table of streams).
 */
async function waitingSubjects(db: Kysely<unknown>) {
  await sql`create index workflow_stream_waiting_subject_idx on workflow_stream
    (subject_resource, pending_role, pending_person) include (subject_id) where pending_role is not null`.execute(
    db,
  );
  await sql`drop index workflow_stream_waiting_idx`.execute(db);
}

/** Reads of the scale benchmarks (`npm run bench`) that missed their budgets, served by indexes and stored figures. */
export async function up(db: Kysely<unknown>) {
  await salesTaskFigures(db);
  await rebateRunningTotals(db);
  await waitingSubjects(db);
}
