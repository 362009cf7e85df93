import { type Kysely, sql } from 'kysely';
import { OrderApprovalStatus } from '../../../domain/codes/orders.codes';
import { orderApprovalDeclaration } from '../../../machines/workflows/order-approval.workflow';
import { baseOrderNoOf } from '../../orders/order-base-no';
import { FLOW } from '../../rebates/ledger.types';
import { giveBackUsedRebate } from '../../rebates/order-rebate';
import type { Db } from '../database';

/** The event an effective order's cancellation appends to its approval stream. */
const CANCEL = orderApprovalDeclaration.commands.cancel.event;
/** An employee's id: a flow's author is an employee or no one (a system signature is not one). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Gives back the rebate of orders cancelled after a change before the ledger found an order's flows by
 * its base number (docs/rebates.md "Rebate on orders"). A change renumbers the order (`DD…-1`) while
 * what it froze and used stays under `DD…`; the cancellation looked under the new number, found
 * nothing and wrote nothing, so the order still shows its rebate used and the agent's available
 * balance stays short by it — `rebates.rebateUsedFollowsLedger` names each such order.
 *
 * For every cancelled order renumbered by a change, with a use flow under its base number and no
 * reversal under it, the reversal its cancellation writes now is written: the same call
 * (`giveBackUsedRebate`), the same amount (the rebate the order shows used), account, batch expiry and
 * order status, signed by whoever cancelled it and dated when they did, so 客户返利流水 shows it on the
 * day of the cancellation. It is appended as the last flow of its account (an account's flows are
 * numbered in turn, migration 105), through the ledger's own insert, so the running totals, the
 * summary and the flow count follow. Orders are taken in the order they were cancelled.
 *
 * Nothing is renamed: no flow was ever named by a revision number. Only an order's approval writes
 * order flows, a revision never returns to approval (a change has its own workflow, and applies only
 * to an effective order), and the cancellation after a change wrote nothing. Run again, it finds the
 * reversals it wrote and writes nothing; on a database with no such order it writes nothing.
 */
export async function up(db: Kysely<unknown>) {
  const work = async (trx: Db) => {
    for (const order of await cancelledWithoutReversal(trx)) {
      const signed = order.actorId && UUID.test(order.actorId) ? order.actorId : null;
      await giveBackUsedRebate(trx, order.id, {
        employeeId: signed,
        name: order.actorName ?? '',
        at: order.at === null ? undefined : new Date(order.at),
      });
    }
  };
  const base = db as unknown as Db;
  await (base.isTransaction ? work(base) : base.transaction().execute(work));
}

/** The reversals are the ledger's record: nothing takes a flow back. */
export async function down() {}

/** The cancelled revisions whose use was never given back, with who cancelled them and when. */
async function cancelledWithoutReversal(trx: Db) {
  const found = await sql<{
    id: string;
    actorId: string | null;
    actorName: string | null;
    at: Date | string | null;
  }>`select o.object_id::text as id, e.actor_id as "actorId",
      coalesce(e.actor_name, o.updated_by_name) as "actorName", coalesce(e.at, o.updated_at) as at
    from sales_order o
    left join lateral (select v.actor_id, v.actor_name, v.at
        from workflow_stream s join workflow_event v on v.stream_id = s.stream_id
        where s.workflow = ${orderApprovalDeclaration.name} and s.subject_id = o.object_id
          and v.type = ${CANCEL}
        order by v.seq desc limit 1) e on true
    where o.approval_status = ${sql.lit(OrderApprovalStatus.cancelled)}
      and ${baseOrderNoOf('o')} <> o.order_no
      and coalesce(nullif(o.data->>'RebateUsed', ''), '0')::numeric > 0
      and exists (select 1 from rebate_flow f where f.source_doc_type = 'order'
        and f.flow_type = ${sql.lit(FLOW.use)} and f.source_doc_no = ${baseOrderNoOf('o')})
      and not exists (select 1 from rebate_flow f where f.source_doc_type = 'return'
        and f.flow_type = ${sql.lit(FLOW.reverse)} and f.source_doc_no = ${baseOrderNoOf('o')})
    order by coalesce(e.at, o.updated_at), o.order_no`.execute(trx);
  return found.rows;
}
