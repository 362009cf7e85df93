import { type Kysely, sql } from 'kysely';

/*
 * The codes and names as they stood when this ran (a migration reads nothing that changes after it).
 */
/** OrderApprovalStatus: 已取消, and the read-only copy a change keeps of the revision it replaced. */
const CANCELLED = '141';
/** RebateFlowType: an order's use, and the reversal that gives it back. */
const USE = '131';
const REVERSE = '151';
/** The order's rebate as it shows it (RebateStatus) once its use is given back. */
const REVERSED = 'reversed';
/** The order's approval workflow and the event of its cancellation. */
const ORDER_APPROVAL = 'orderApproval';
const CANCEL_EVENT = 'order.cancel';
/** Prefix of a flow's number: LS<yyyyMMdd><daily sequence>, counted in number_sequence. */
const FLOW_PREFIX = 'LS';

/** What one order's cancellation left unwritten: the use to give back in one account, and who cancelled it. */
interface Owed {
  orderId: string;
  ledgerNo: string;
  accountId: string;
  /** The rebate the order's use flows took from the account (numeric text, yuan). */
  used: string;
  /** The latest expiry of the batches it used: its reversal is usable no longer than they were. */
  expiry: string | null;
  actorId: string | null;
  actorName: string | null;
  /** When it was cancelled, as the database writes the instant (text, so no precision is lost). */
  at: string;
}

/**
 * Gives back the rebate of orders cancelled after a change before the ledger found an order's flows by
 * its base number (docs/rebates.md "Rebate on orders"). A change renumbers the order (`DD…-1`) while
 * what it froze and used stays under `DD…`; the cancellation looked under the new number, found nothing
 * and wrote nothing, so the order still shows its rebate used and the agent's available balance stays
 * short by it — `rebates.rebateUsedFollowsLedger` names each such order.
 *
 * For every cancelled order renumbered by a change with a use flow under its base number and no
 * reversal under it, this writes what its cancellation writes now (server/rebates/order-rebate.ts and
 * ledger.store.ts as they stood when this ran), in SQL of its own:
 * - one reversal flow (type 151, source `return` and the base number) of what the use flows took, in
 *   the account they took it from, a batch of its own (`batch_id` its own id) usable until the latest
 *   expiry of the batches it used;
 * - appended as the account's next flow under the account's row lock: `seq` follows the last one
 *   (migration 105), the balances after it are the last flow's with the amount added to available, and
 *   the database's running-totals trigger (migrations 044, 050) gives it its totals to date, so
 *   客户返利汇总 and the flow count follow;
 * - signed by whoever cancelled the order and dated when they did (the last cancel event of its
 *   approval), numbered on that business day (the session's clock is the business clock), so
 *   客户返利流水 shows it on the day of the cancellation;
 * - the order then shows its rebate reversed.
 *
 * Money whose batches have expired since is given back already expired, as it would have been, and
 * the nightly expiry writes it off. Orders are taken in the order they were cancelled. Run again it finds
 * the reversals it wrote and writes nothing; where no order was cancelled so, it writes nothing.
 * Nothing is renamed: no flow was ever named by a revision number, as only an order's approval writes
 * order flows and a revision never returns to approval.
 */
export async function up(db: Kysely<unknown>) {
  const work = async (trx: Kysely<unknown>) => {
    for (const owed of await cancelledWithoutReversal(trx)) await giveBack(trx, owed);
  };
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

/** The reversals are the ledger's record: nothing takes a flow back. */
export async function down() {}

/** The cancelled revisions whose use was never given back, per account, in the order they were cancelled. */
async function cancelledWithoutReversal(trx: Kysely<unknown>) {
  const found = await sql<Owed>`with renumbered as (
      select o.object_id, coalesce(o.data->>'BaseOrderNo', o.order_no) as ledger_no, o.order_no,
        o.updated_at, o.updated_by_name
      from sales_order o
      where o.approval_status = ${CANCELLED}
        and coalesce(o.data->>'BaseOrderNo', o.order_no) <> o.order_no
    )
    select r.object_id::text as "orderId", r.ledger_no as "ledgerNo", u.account_id::text as "accountId",
      u.used::text as used, to_char(u.expiry, 'YYYY-MM-DD') as expiry,
      e.actor_id as "actorId", coalesce(e.actor_name, r.updated_by_name) as "actorName",
      coalesce(e.at, r.updated_at)::text as at
    from renumbered r
    join lateral (select f.account_id, sum(f.amount) as used, max(b.expiry_date) as expiry
        from rebate_flow f left join rebate_flow b on b.object_id = f.batch_id
        where f.source_doc_type = 'order' and f.flow_type = ${USE} and f.source_doc_no = r.ledger_no
        group by f.account_id) u on u.used > 0
    left join lateral (select v.actor_id, v.actor_name, v.at
        from workflow_stream s join workflow_event v on v.stream_id = s.stream_id
        where s.workflow = ${ORDER_APPROVAL} and s.subject_id = r.object_id and v.type = ${CANCEL_EVENT}
        order by v.seq desc limit 1) e on true
    where not exists (select 1 from rebate_flow f where f.source_doc_type = 'return'
        and f.flow_type = ${REVERSE} and f.source_doc_no = r.ledger_no)
    order by coalesce(e.at, r.updated_at), r.order_no, u.account_id`.execute(trx);
  return found.rows;
}

/** Appends the reversal as the account's next flow, then marks the order's rebate reversed. */
async function giveBack(trx: Kysely<unknown>, owed: Owed) {
  // The account's row lock, as every ledger command takes it: the last flow read next stays the last.
  await sql`select 1 from rebate_account where object_id = ${owed.accountId} for update`.execute(trx);
  const number = await sql<{ no: string }>`insert into number_sequence (prefix, day, last)
      values (${FLOW_PREFIX}, to_char(${owed.at}::timestamptz, 'YYYYMMDD'), 1)
    on conflict (prefix, day) do update set last = number_sequence.last + 1
    returning prefix || day || lpad(last::text, 4, '0') as no`.execute(trx);
  await sql`with last as (
      select l.seq, l.available_after, l.frozen_after, l.pending_after from rebate_flow l
      where l.account_id = ${owed.accountId} order by l.seq desc limit 1
    ), flow as (select gen_random_uuid() as id)
    insert into rebate_flow (object_id, account_id, seq, flow_no, flow_type, amount,
      available_change, frozen_change, pending_change, available_after, frozen_after, pending_after,
      balance_after, batch_id, expiry_date, source_doc_type, source_doc_no, reason, created_at,
      created_by, created_by_name)
    select flow.id, ${owed.accountId}::uuid, last.seq + 1, ${number.rows[0].no}, ${REVERSE}, ${owed.used}::numeric,
      ${owed.used}::numeric, 0, 0, last.available_after + ${owed.used}::numeric, last.frozen_after,
      last.pending_after, last.available_after + ${owed.used}::numeric + last.frozen_after, flow.id,
      ${owed.expiry}::date, 'return', ${owed.ledgerNo}, null, ${owed.at}::timestamptz,
      ${signature(owed.actorId)}::uuid, ${owed.actorName ?? ''}
    from last, flow`.execute(trx);
  await sql`update sales_order set data = data || ${JSON.stringify({ RebateStatus: REVERSED })}::jsonb
    where object_id = ${owed.orderId}`.execute(trx);
}

/** A flow's author is an employee or no one: a system signature on the event is not an employee's id. */
const signature = (actorId: string | null) =>
  actorId && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(actorId) ? actorId : null;
