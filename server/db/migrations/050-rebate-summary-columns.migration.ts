import { type Kysely, sql } from 'kysely';

/**
 * 客户返利汇总 adds up to its own balance (docs/rebates.md): besides the totals migration 044 keeps on
 * every flow (accrued, posted, used, expired), each flow keeps the account's reversals, adjustments,
 * cash payouts and STI postings to date, so the row reads posted + STI − used ± reversed ± adjusted −
 * expired − paid out = balance. Reversals and adjustments are signed (a cancelled order's use given
 * back adds, a correction that takes money away subtracts), as the flows record them.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table rebate_flow add column reversed_to_date numeric(18, 2) not null default 0,
    add column adjusted_to_date numeric(18, 2) not null default 0,
    add column paid_out_to_date numeric(18, 2) not null default 0,
    add column sti_to_date numeric(18, 2) not null default 0`.execute(db);

  // Migration 044's function with the four new totals; everything else it writes is unchanged.
  await sql`create or replace function rebate_flow_running() returns trigger language plpgsql set enable_seqscan = off as $$
    declare
      prior rebate_flow%rowtype;
      left_before numeric(18, 2);
      batch_expiry date;
    begin
      select f.* into prior from rebate_flow f where f.account_id = new.account_id and f.seq = new.seq - 1;
      new.accrued_to_date := coalesce(prior.accrued_to_date, 0) + case when new.flow_type = '101' then new.pending_change else 0 end;
      new.posted_to_date := coalesce(prior.posted_to_date, 0) + case when new.flow_type = '111' then new.available_change else 0 end;
      new.used_to_date := coalesce(prior.used_to_date, 0) - case when new.flow_type = '131' then new.frozen_change else 0 end;
      new.expired_to_date := coalesce(prior.expired_to_date, 0) - case when new.flow_type = '161' then new.available_change else 0 end;
      new.reversed_to_date := coalesce(prior.reversed_to_date, 0) + case when new.flow_type = '151' then new.available_change else 0 end;
      new.adjusted_to_date := coalesce(prior.adjusted_to_date, 0) + case when new.flow_type = '171' then new.available_change else 0 end;
      new.paid_out_to_date := coalesce(prior.paid_out_to_date, 0) - case when new.flow_type = '181' then new.available_change else 0 end;
      new.sti_to_date := coalesce(prior.sti_to_date, 0) + case when new.flow_type = '191' then new.available_change else 0 end;
      new.next_expiry_after := prior.next_expiry_after;
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
        new.next_expiry_after := least(prior.next_expiry_after, batch_expiry);
      elsif coalesce(left_before, 0) > 0 and batch_expiry = prior.next_expiry_after then
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

  // The flows written before get their totals in one pass; only the four new columns change, so the
  // append-only guard and the running trigger both step aside for it.
  await sql`alter table rebate_flow disable trigger rebate_flow_no_update`.execute(db);
  await sql`alter table rebate_flow disable trigger rebate_flow_running`.execute(db);
  await sql`update rebate_flow f set reversed_to_date = t.reversed, adjusted_to_date = t.adjusted,
      paid_out_to_date = t.paid_out, sti_to_date = t.sti
    from (select object_id,
        sum(case when flow_type = '151' then available_change else 0 end) over w as reversed,
        sum(case when flow_type = '171' then available_change else 0 end) over w as adjusted,
        -sum(case when flow_type = '181' then available_change else 0 end) over w as paid_out,
        sum(case when flow_type = '191' then available_change else 0 end) over w as sti
      from rebate_flow window w as (partition by account_id order by seq)) t
    where t.object_id = f.object_id
      and (t.reversed, t.adjusted, t.paid_out, t.sti) <> (0::numeric, 0::numeric, 0::numeric, 0::numeric)`.execute(
    db,
  );
  await sql`alter table rebate_flow enable trigger rebate_flow_running`.execute(db);
  await sql`alter table rebate_flow enable trigger rebate_flow_no_update`.execute(db);

  await sql`drop view rebate_summary_list`.execute(db);
  await sql`create view rebate_summary_list as
    select a.object_id, 1 as version, a.created_at, null::uuid as created_by, null::text as created_by_name,
      coalesce(t.last_at, a.created_at) as updated_at, null::text as updated_by_name,
      c.object_id as company_id, c.province_code, c.city_code, '{}'::jsonb as data,
      c.name as agent_name, c.customer_type as channel_tier, r.name_zh as province_name,
      a.account_type, a.brand,
      coalesce(f.accrued_to_date, 0) as accrued_amount, coalesce(f.posted_to_date, 0) as posted_amount,
      coalesce(f.sti_to_date, 0) as sti_amount,
      coalesce(f.frozen_after, 0) as frozen_amount, coalesce(f.used_to_date, 0) as used_amount,
      coalesce(f.reversed_to_date, 0) as reversed_amount, coalesce(f.adjusted_to_date, 0) as adjusted_amount,
      coalesce(f.expired_to_date, 0) as expired_amount, coalesce(f.paid_out_to_date, 0) as paid_out_amount,
      coalesce(f.available_after, 0) as available_balance,
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
