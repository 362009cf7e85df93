import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { ROLE } from '../../server/identity/roles';
import { type Fragment, h, idRange, indexOfId, isoOf, staff } from './scale-sql';
import { SCALE_TEXT } from './scale-text';

/**
 * The approval of the scale's own-line orders as the order approval workflow leaves it
 * (docs/order-approval.md): the chain of the order's type and amount band, submitted by the sales
 * operations desk, decided node by node by the demo's account of each role. The order's mirrored
 * fields (ordersStatement) and its event stream (approvalStreamsStatement) read the same path.
 */

const REJECT_REASON = sql.lit(SCALE_TEXT.rejectReason);
const CANCEL_REASON = sql.lit(SCALE_TEXT.cancelReason);
/** The order approval statuses (OrderApprovalStatus) of submitted orders, as the statements compare them. */
const IN_APPROVAL = sql.lit(OrderApprovalStatus.awaitingReview);
const EFFECTIVE = sql.lit(OrderApprovalStatus.effective);
const REJECTED = sql.lit(OrderApprovalStatus.rejected);
const CANCELLED = sql.lit(OrderApprovalStatus.cancelled);

/** The enabled bands of the order approval configuration, each with its roles in step order. */
export const bands = sql`bands as (
    select data->>'OrderType' as order_type,
      coalesce(nullif(data->>'MinAmount', '')::numeric, 0) as min_amount,
      nullif(data->>'MaxAmount', '')::numeric as max_amount,
      (select jsonb_agg(trim(v.role) order by v.n) from (values (1, data->>'firstRole'), (2, data->>'secondRole'),
          (3, data->>'thirdRole'), (4, data->>'fourthRole')) v(n, role)
        where coalesce(trim(v.role), '') <> '') as chain
    from record where resource = 'orderApprovalConfig' and (data->>'Enabled')::boolean is true)`;

/** The chain of the band covering an order's type and amount (amount above the floor, up to the ceiling). */
export const chainOf = (orderType: Fragment, amount: Fragment) => sql`(select b.chain from bands b
    where b.order_type = ${orderType} and ${amount} > b.min_amount
      and (b.max_amount is null or ${amount} <= b.max_amount) and b.chain is not null limit 1)`;

/** The workflow state of each order approval status (machines/workflows/order-approval.workflow.ts). */
const STATE = sql`case approval when ${IN_APPROVAL} then 'inApproval' when ${EFFECTIVE} then 'approved'
    when ${REJECTED} then 'rejected' else 'cancelled' end`;

/**
 * How far an order's approval went, from its status and chain (columns `approval` and `chain`, the
 * order index `g`): the node it waits at or was rejected at (a hash of the order picks it), the
 * agreements given and the decisions counted. Effective and cancelled orders passed every node.
 */
export const approvalPath = sql`select *,
      case when approval = ${REJECTED} then reached else agrees end as agreements,
      case when approval = ${REJECTED} then reached + 1 else agrees end as decisions
    from (select chain_length, reached,
        case when approval in (${IN_APPROVAL}, ${REJECTED}) then reached else chain_length end as agrees
      from (select jsonb_array_length(chain) as chain_length,
          case when approval in (${IN_APPROVAL}, ${REJECTED}) then (${h(21)} % jsonb_array_length(chain))::int
            else jsonb_array_length(chain) - 1 end as reached) n) m`;

/** When the desk submitted an order (`at` its creation) and when decision i (1-based) was taken. */
export const submittedAt = sql`(at + interval '10 minutes')`;
export const decidedAt = (i: Fragment) => sql`(at + interval '10 minutes' + (${i}) * interval '2 hours')`;
/** Sales operations cancel an effective order three hours after it took effect. */
const cancelledAt = sql`(${decidedAt(sql`agrees`)} + interval '3 hours')`;

/** The workflow's projection on the order (orderApprovalProjection) with the approval query's stamps. */
export const approvalFields = sql`case when chain is null then '{}'::jsonb else jsonb_build_object(
    'ApprovalState', ${STATE},
    'ApprovalNode', case when approval = ${IN_APPROVAL} then (reached + 1) || '/' || chain_length else '' end,
    'ApproverRole', case when approval = ${IN_APPROVAL} then chain->>reached end,
    'ApprovalReason', case approval when ${REJECTED} then ${REJECT_REASON}
      when ${CANCELLED} then ${CANCEL_REASON} else '' end,
    'SubmittedOn', ${isoOf(submittedAt)},
    'ApprovedOn', case when approval <> ${IN_APPROVAL} then ${isoOf(decidedAt(sql`decisions`))} end) end`;

/**
 * The own-line orders [from, to) that were submitted, as their approval streams: approval columns,
 * chain and path. The applicant is the sales operations desk.
 */
const submitted = (from: number, to: number) => sql`
  select o.object_id, o.created_at as at, o.approval, o.chain, p.*, ops.actor as applicant,
    'orderApproval-' || o.object_id as stream_id
  from (select object_id, created_at, approval_status as approval, ${indexOfId(sql`object_id`)} as g,
      ${chainOf(sql`order_type`, sql`order_amount`)} as chain
    from sales_order
    where ${idRange(sql`object_id`, 'order', from, to)} and order_channel = ${sql.lit(OrderChannel.ownLine)}
      and approval_status in (${IN_APPROVAL}, ${EFFECTIVE}, ${REJECTED}, ${CANCELLED})) o
  cross join lateral (${approvalPath}) p
  join staff ops on ops.role_code = ${sql.lit(ROLE.salesOperations)}
  where o.chain is not null`;

/** The events of each submitted order [from, to): started, submitted, agreed node by node, then rejected or cancelled. */
export const approvalEventsStatement = (from: number, to: number) => sql`
  with ${staff}, ${bands}, s as (${submitted(from, to)})
  insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
  select s.stream_id, e.seq, e.type, 1, e.payload, e.actor->>'id', e.actor->>'name', e.actor->>'role', e.at
  from s cross join lateral (
    select 1 as seq, 'workflow.started' as type, jsonb_build_object('workflow', 'orderApproval',
        'input', jsonb_build_object('orderId', s.object_id::text, 'applicant', s.applicant, 'chain', s.chain),
        'subject', jsonb_build_array('order', s.object_id::text)) as payload, s.applicant as actor,
      ${submittedAt} as at
    union all
    select 2, 'application.submit', jsonb_build_object('actor', s.applicant, 'chain', s.chain), s.applicant,
      ${submittedAt}
    union all
    select 3 + i, 'approval.agree', jsonb_build_object('actor', d.actor), d.actor, ${decidedAt(sql`i + 1`)}
    from generate_series(0, s.agreements - 1) i join staff d on d.role_code = s.chain->>i::int
    union all
    select 3 + s.agreements, 'approval.reject',
      jsonb_build_object('actor', d.actor, 'reason', ${REJECT_REASON}), d.actor, ${decidedAt(sql`s.decisions`)}
    from staff d where s.approval = ${REJECTED} and d.role_code = s.chain->>s.reached
    union all
    select 3 + s.agreements, 'order.cancel', jsonb_build_object('actor', s.applicant, 'reason', ${CANCEL_REASON}),
      s.applicant, ${cancelledAt}
    where s.approval = ${CANCELLED}) e
  order by s.object_id, e.seq`;

/** Each submitted order's stream row: the state its events replay to and who it waits for. */
export const approvalStreamsStatement = (from: number, to: number) => sql`
  with ${staff}, ${bands}, s as (${submitted(from, to)})
  insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status, pending_role,
    pending_person, version, updated_at)
  select s.stream_id, 'orderApproval', 'order', s.object_id,
    jsonb_build_object('value', x.state, 'status', case when s.approval in (${REJECTED}, ${CANCELLED}) then 'done' else 'active' end,
      'context', jsonb_build_object('orderId', s.object_id::text, 'applicant', s.applicant, 'chain', s.chain,
        'node', s.reached, 'decisions', s.decisions)
        || case s.approval when ${REJECTED} then jsonb_build_object('reason', ${REJECT_REASON})
          when ${CANCELLED} then jsonb_build_object('reason', ${CANCEL_REASON}) else '{}'::jsonb end),
    x.state, case when s.approval = ${IN_APPROVAL} then s.chain->>s.reached end, null,
    2 + s.agreements + case when s.approval in (${REJECTED}, ${CANCELLED}) then 1 else 0 end,
    case s.approval when ${IN_APPROVAL} then ${decidedAt(sql`s.agreements`)} when ${CANCELLED} then ${cancelledAt}
      else ${decidedAt(sql`s.decisions`)} end
  from s cross join lateral (select ${STATE} as state from (select s.approval) a) x
  order by s.object_id`;

/**
 * Who a record's stream waits for, on the record's row as the projection keeps it (migration 045):
 * the waiting streams of the resource whose record does not say so yet (those of the batch just made).
 */
const awaitingOf = (table: string, resource: string) => (_from: number, _to: number) =>
  sql`
  update ${sql.table(table)} r set awaiting_role = s.pending_role, awaiting_person = s.pending_person
  from workflow_stream s
  where s.subject_resource = ${resource} and s.subject_id = r.object_id and s.pending_role is not null
    and r.awaiting_role is null`;

export const awaitingOrdersStatement = awaitingOf('sales_order', 'order');
export const awaitingReceiptsStatement = awaitingOf('payment_receipt', 'payment');
