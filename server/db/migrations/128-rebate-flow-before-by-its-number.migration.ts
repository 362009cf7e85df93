import { type Kysely, sql } from 'kysely';

/**
 * The flow before a new one (its account's number less one) was looked up by `account_id = … and seq
 * = …`. Two indexes begin with the account (its numbers, and its flows by time), and on a table whose
 * statistics were never gathered, as on an embedded database, which has no autovacuum, the plan the
 * triggers keep for their session took the one by time and read every flow of the account to find
 * one: each flow cost as much as the account's flows before it, and 100,000 flows of one agent took
 * over an hour. Asked as "the last flow below this number, in number order" the lookup is served by
 * the numbers' index only, whatever the planner believes of the table.
 *
 * The functions are migration 050's `rebate_flow_running` and migration 105's
 * `rebate_flow_seq_follows` with that lookup; nothing else they do changes.
 */
const flowBefore = sql.raw(`(select * from rebate_flow f
      where (f.account_id, f.seq) < (new.account_id, new.seq)
      order by f.account_id desc, f.seq desc limit 1) f
    where f.account_id = new.account_id and f.seq = new.seq - 1`);

export async function up(db: Kysely<unknown>) {
  await seqFollows(db, flowBefore);
  await runningTotals(db, flowBefore);
}

export async function down(db: Kysely<unknown>) {
  const byEquality = sql.raw('rebate_flow f where f.account_id = new.account_id and f.seq = new.seq - 1');
  await seqFollows(db, byEquality);
  await runningTotals(db, byEquality);
}

function seqFollows(db: Kysely<unknown>, flowBefore: ReturnType<typeof sql.raw>) {
  return sql`create or replace function rebate_flow_seq_follows() returns trigger language plpgsql set enable_seqscan = off as $$
    begin
      if new.seq > 1 and not exists (select 1 from ${flowBefore}) then
        raise exception 'rebate_flow: flow % of account % does not follow flow %', new.seq, new.account_id,
          new.seq - 1 using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
}

function runningTotals(db: Kysely<unknown>, flowBefore: ReturnType<typeof sql.raw>) {
  return sql`create or replace function rebate_flow_running() returns trigger language plpgsql set enable_seqscan = off as $$
    declare
      prior rebate_flow%rowtype;
      left_before numeric(18, 2);
      batch_expiry date;
    begin
      select f.* into prior from ${flowBefore};
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
}
