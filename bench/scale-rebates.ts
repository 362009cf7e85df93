import { sql } from 'kysely';
import { CustomerStatus, CustomerType } from '../domain/codes/customers.codes';
import { OrderApprovalStatus, OrderChannel } from '../domain/codes/orders.codes';
import { Brand } from '../domain/codes/products.codes';
import { RebateAccountType, RebateFlowType } from '../domain/codes/rebates.codes';
import type { Db } from '../server/db/database';
import { ROLE } from '../server/identity/roles';
import { DEMO_TODAY } from '../server/seed/random';
import { SCALE_TEXT } from './scale/scale-text';

/** The flows one agent's rebate account gets: ten per settlement cycle. */
export const REBATE_FLOWS = Number(process.env.BENCH_REBATE_FLOWS ?? 100_000);
const PER_CYCLE = 10;
const SPAN_DAYS = 1096;

/** The benchmark's rebate account (its flows' ids follow it: '…-0011-…'). */
const ACCOUNT = '5ca1e000-0010-4000-8000-000000000000';

/**
 * The agent the rebate benchmark reads: the owner of the benchmark's account, else the first RSP (by
 * account) without a ledger account yet, so that its whole history is the generated one.
 */
export async function rebateAgent(db: Db) {
  const found = await sql<{ id: string; name: string; made: boolean }>`select c.object_id::text as id, c.name,
      exists (select 1 from rebate_account a where a.object_id = ${ACCOUNT}) as made
    from customer c
    where c.object_id = (select company_id from rebate_account where object_id = ${ACCOUNT})
      or (c.customer_type = ${sql.lit(CustomerType.rsp)}
        and c.status in (${sql.lit(CustomerStatus.active)}, ${sql.lit(CustomerStatus.renewalDue)})
        and not exists (select 1 from rebate_account a where a.company_id = c.object_id))
    order by (c.object_id = (select company_id from rebate_account where object_id = ${ACCOUNT})) desc nulls last,
      c.account_id
    limit 1`.execute(db);
  return found.rows[0] as { id: string; name: string; made: boolean } | undefined;
}

/**
 * About REBATE_FLOWS flows on one agent's own-line rebate account over three years, as the ledger's
 * commands write them (server/rebates/ledger.service.ts), each cycle of ten: a policy accrual (YT…),
 * its settlement posted as a batch usable for a year (FL…), rebate frozen on an order and used at its
 * approval, frozen on another order and released when it was rejected, frozen on a third and used, a
 * negative adjustment with its reason (TZ…), and the rest paid out in cash — the last cycle stops
 * before its payout, so money is left. A cycle spends its own batch before the next is posted, so
 * "first to expire first" draws exactly on it. The balances after each flow are running sums, like
 * the commands keep them; the orders are the agent's own effective orders.
 */
export async function ensureRebateLedger(db: Db, log: (line: string) => void) {
  const agent = await rebateAgent(db);
  if (!agent?.id || agent.made) return { agent, added: false };
  const cycles = Math.ceil(REBATE_FLOWS / PER_CYCLE);
  log(`rebate ledger: ${(cycles * PER_CYCLE - 1).toLocaleString('en')} flows for ${agent.name}…`);
  await db.transaction().execute(async (trx) => {
    await sql`insert into rebate_account (object_id, company_id, account_type, brand, created_at)
      values (${ACCOUNT}, ${agent.id}, ${sql.lit(RebateAccountType.rebate)}, ${sql.lit(Brand.ownBrand)},
        (${sql.lit(DEMO_TODAY)}::date - ${sql.lit(SPAN_DAYS)}) at time zone 'Asia/Shanghai')`.execute(trx);
    await flowsStatement(agent.id, cycles).execute(trx);
  });
  return { agent: { ...agent, made: true }, added: true };
}

const money = (fen: ReturnType<typeof sql>) => sql`((${fen}) / 100.0)::numeric(18, 2)`;

function flowsStatement(agentId: string, cycles: number) {
  const step = (SPAN_DAYS * 86_400) / cycles;
  return sql`
    with orders as (
      select array_agg(order_no order by created_at) as nos, count(*) as n from sales_order
      where company_id = ${agentId} and order_channel = ${sql.lit(OrderChannel.ownLine)}
        and approval_status = ${sql.lit(OrderApprovalStatus.effective)}),
    people as (select
      (select jsonb_build_object('id', object_id, 'name', last_name) from employee
        where role_code = ${ROLE.finance} and enabled and not first_time order by created_at limit 1) as finance,
      (select jsonb_build_object('id', object_id, 'name', last_name) from employee
        where role_code = ${ROLE.salesOperations} and enabled and not first_time order by created_at limit 1) as ops),
    cycle as (
      select c, at, a, f, g, x, a * (20 + (hashint8extended(c, 3) & 2147483647) % 11) / 100 as hfen
      from (select c, (${sql.lit(DEMO_TODAY)}::date - ${sql.lit(SPAN_DAYS)}) at time zone 'Asia/Shanghai'
          + make_interval(secs => 32400 + c * ${sql.lit(step)}) as at,
        (1000000 + (hashint8extended(c, 1) & 2147483647) % 9000000) as a from generate_series(0, ${cycles - 1}) c) s
      cross join lateral (select a * (30 + (hashint8extended(c, 2) & 2147483647) % 21) / 100 as f,
        a * (5 + (hashint8extended(c, 4) & 2147483647) % 6) / 100 as g,
        a * (1 + (hashint8extended(c, 5) & 2147483647) % 5) / 100 as x) m),
    flow as (
      select y.c * ${PER_CYCLE} + y.k as i, y.*, ('5ca1e000-0011-4000-8000-' || lpad(to_hex(y.c * ${PER_CYCLE} + y.k), 12, '0'))::uuid as id,
        ('5ca1e000-0011-4000-8000-' || lpad(to_hex(y.c * ${PER_CYCLE} + 1), 12, '0'))::uuid as batch
      from (select cy.c, cy.at + make_interval(mins => 10 * v.k) as at, v.*
        from cycle cy cross join orders o cross join lateral (values
          (0, ${sql.lit(RebateFlowType.accrual)}, cy.a, 0::bigint, 0::bigint, cy.a, 'accrual', 'YT'),
          (1, ${sql.lit(RebateFlowType.posted)}, cy.a, cy.a, 0, -cy.a, 'settlement', 'FL'),
          (2, ${sql.lit(RebateFlowType.frozen)}, cy.f, -cy.f, cy.f, 0, 'order', 'o1'),
          (3, ${sql.lit(RebateFlowType.used)}, cy.f, 0, -cy.f, 0, 'order', 'o1'),
          (4, ${sql.lit(RebateFlowType.frozen)}, cy.g, -cy.g, cy.g, 0, 'order', 'o2'),
          (5, ${sql.lit(RebateFlowType.released)}, cy.g, cy.g, -cy.g, 0, 'order', 'o2'),
          (6, ${sql.lit(RebateFlowType.frozen)}, cy.hfen, -cy.hfen, cy.hfen, 0, 'order', 'o3'),
          (7, ${sql.lit(RebateFlowType.used)}, cy.hfen, 0, -cy.hfen, 0, 'order', 'o3'),
          (8, ${sql.lit(RebateFlowType.adjustment)}, -cy.x, -cy.x, 0, 0, 'adjustment', 'TZ'),
          (9, ${sql.lit(RebateFlowType.cashPayout)}, cy.a - cy.f - cy.hfen - cy.x, -(cy.a - cy.f - cy.hfen - cy.x), 0, 0, 'payout', 'FL'))
          v(k, flow_type, fen, available, frozen, pending, source_type, doc)
        where cy.c < ${cycles - 1} or v.k < 9) y),
    numbered as (
      select f.*, row_number() over (order by i) as seq,
        row_number() over (partition by (at at time zone 'Asia/Shanghai')::date order by i) as day_seq,
        sum(available) over w as available_after, sum(frozen) over w as frozen_after,
        sum(pending) over w as pending_after
      from flow f window w as (order by i))
    insert into rebate_flow (object_id, account_id, seq, flow_no, flow_type, amount, available_change,
      frozen_change, pending_change, available_after, frozen_after, pending_after, balance_after, batch_id,
      expiry_date, source_doc_type, source_doc_no, reason, created_at, created_by, created_by_name)
    select n.id, ${ACCOUNT}::uuid, n.seq,
      'LS' || to_char(n.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || (5000 + n.day_seq)::text,
      n.flow_type, ${money(sql`n.fen`)}, ${money(sql`n.available`)}, ${money(sql`n.frozen`)}, ${money(sql`n.pending`)},
      ${money(sql`n.available_after`)}, ${money(sql`n.frozen_after`)}, ${money(sql`n.pending_after`)},
      ${money(sql`n.available_after + n.frozen_after`)},
      case when n.flow_type <> ${sql.lit(RebateFlowType.accrual)} then n.batch end,
      case when n.flow_type = ${sql.lit(RebateFlowType.posted)} then (n.at at time zone 'Asia/Shanghai')::date + 365 end,
      n.source_type,
      case when n.doc in ('o1', 'o2', 'o3') then coalesce(o.nos[1 + (n.c * 3 + right(n.doc, 1)::int - 1) % nullif(o.n, 0)],
          'DD' || to_char(n.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || (9000 + n.c % 1000)::text)
        else n.doc || to_char(cy.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || (5000 + n.c % 4000)::text end,
      case when n.flow_type = ${sql.lit(RebateFlowType.adjustment)} then ${SCALE_TEXT.rebatePenalty} end,
      n.at, (case when n.source_type = 'order' then p.ops else p.finance end->>'id')::uuid,
      case when n.source_type = 'order' then p.ops else p.finance end->>'name'
    from numbered n join cycle cy on cy.c = n.c cross join orders o cross join people p
    order by n.seq`;
}
