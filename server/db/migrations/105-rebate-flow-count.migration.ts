import { type Kysely, sql } from 'kysely';

/**
 * 客户返利流水 counts an agent's flows from its accounts (`keptCount`, docs/decisions.md "Counting"):
 * an account's flows are numbered 1, 2, 3… (`seq`, written under the account's lock) and never
 * changed or removed (migration 022), so its last number is how many flows it has. Counting the
 * 100,000 flows of one agent row by row took most of the list's time at scale. The database now
 * refuses a number that does not follow one already there, so the count cannot drift from the rows:
 * a flow is numbered from 1, and the flow before it in its account exists.
 *
 * `rebate_account_flow_count` has one row per account with the list's columns that an account
 * decides (the agent, its scope, the account type and brand), so a list filtered by those alone reads
 * one row per account instead of every flow.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table rebate_flow add constraint rebate_flow_seq_from_one check (seq >= 1)`.execute(db);
  // By index whatever the planner believes of the table's size, as the running totals' function.
  await sql`create function rebate_flow_seq_follows() returns trigger language plpgsql set enable_seqscan = off as $$
    begin
      if new.seq > 1 and not exists (select 1 from rebate_flow f
          where f.account_id = new.account_id and f.seq = new.seq - 1) then
        raise exception 'rebate_flow: flow % of account % does not follow flow %', new.seq, new.account_id,
          new.seq - 1 using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger rebate_flow_seq_follows before insert on rebate_flow
    for each row execute function rebate_flow_seq_follows()`.execute(db);

  await sql`create view rebate_account_flow_count as
    select a.object_id, c.object_id as company_id, c.province_code, c.city_code, c.name as agent_name,
      a.account_type, a.brand,
      coalesce((select f.seq from rebate_flow f where f.account_id = a.object_id
        order by f.seq desc limit 1), 0) as flow_count
    from rebate_account a
    join customer c on c.object_id = a.company_id`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop view rebate_account_flow_count`.execute(db);
  await sql`drop trigger rebate_flow_seq_follows on rebate_flow`.execute(db);
  await sql`drop function rebate_flow_seq_follows()`.execute(db);
  await sql`alter table rebate_flow drop constraint rebate_flow_seq_from_one`.execute(db);
}
