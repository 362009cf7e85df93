import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import {
  InvoicingApplicationStatus,
  PaymentConfirmStatus,
  PaymentStatus,
} from '../../domain/codes/payments.codes';
import { ROLE } from '../../server/identity/roles';
import { keywordsOf } from '../../server/reference/dictionaries.data';
import {
  documentNo,
  type Fragment,
  h,
  idOf,
  idRange,
  indexOfId,
  isoOf,
  list,
  moneyText,
  onDay,
  pick,
  staff,
  TODAY,
} from './scale-sql';

/**
 * The receipts and invoices of the scale orders, as the payment and invoice services leave them
 * (docs/workflows.md "Payment approval", "Invoice approval"): each paid order has one receipt
 * registered by finance and allocated to it, confirmed (its amount is the order's PaidAmount), and a
 * third of the effective unpaid orders have one still awaiting finance; each invoiced order has one
 * application of its InvoicedAmount that finance invoiced. Each document has its approval stream.
 */

/** A workflow stream's rows for a document decided by finance alone: started, then agreed if decided. */
const financeStream = (workflow: string, subject: string, idKey: string, decided: string) => ({
  started: (id: Fragment, applicant: Fragment) => sql`jsonb_build_object('workflow', ${sql.lit(workflow)},
      'input', jsonb_build_object('chain', jsonb_build_array(${sql.lit(ROLE.finance)}), 'applicant', ${applicant},
        ${sql.lit(idKey)}, ${id}::text),
      'subject', jsonb_build_array(${sql.lit(subject)}, ${id}::text))`,
  state: (id: Fragment, applicant: Fragment, done: Fragment) => sql`jsonb_build_object(
      'value', case when ${done} then ${sql.lit(decided)} else 'inApproval' end,
      'status', case when ${done} then 'done' else 'active' end,
      'context', jsonb_build_object('chain', jsonb_build_array(${sql.lit(ROLE.finance)}), 'applicant', ${applicant},
        ${sql.lit(idKey)}, ${id}::text, 'node', 0, 'decisions', case when ${done} then 1 else 0 end))`,
});

const receiptStream = financeStream('paymentApproval', 'payment', 'receiptId', 'approved');
const invoiceStream = financeStream('invoiceApproval', 'invoice', 'applicationId', 'invoiced');

/** The batch's effective orders with what is paid and invoiced of them, and their agents. */
const effective = (from: number, to: number) => sql`
  select o.*, ${indexOfId(sql`o.object_id`)} as g, (${TODAY} - o.order_date) as age,
    coalesce((o.data->>'ApprovedOn')::timestamptz, o.created_at) as effective_at,
    coalesce(nullif(o.data->>'PaidAmount', '')::numeric, 0) as paid,
    coalesce(nullif(o.data->>'InvoicedAmount', '')::numeric, 0) as invoiced,
    coalesce(nullif(o.data->>'PayableAmount', '')::numeric, o.order_amount) as due
  from sales_order o
  where ${idRange(sql`o.object_id`, 'order', from, to)} and o.approval_status = ${sql.lit(OrderApprovalStatus.effective)}`;

/**
 * Receipts [from, to): paid orders get a confirmed one of what is paid; a third of the unpaid ones a
 * receipt of what they owe, awaiting finance. Paid on a day up to a month after the order, registered
 * after the order took effect, confirmed three hours later.
 */
const receipts = (from: number, to: number) => sql`
  select e.*, ${idOf(sql`e.g`, 'receipt')} as receipt_id, confirmed, offset_days,
    case when confirmed then e.paid else e.due end as amount,
    ${documentNo('HK', sql`e.order_date + offset_days`, sql`offset_days`, 32)} as payment_no,
    e.order_date + offset_days as pay_day, registered_at, registered_at + interval '3 hours' as confirmed_at
  from (${effective(from, to)}) e
  cross join lateral (select
    e.payment_status in (${sql.lit(PaymentStatus.partlyPaid)}, ${sql.lit(PaymentStatus.paid)}) as confirmed,
    least(1 + ${h(31)} % 30, e.age)::int as offset_days) c
  cross join lateral (select greatest(${onDay(sql`e.order_date + offset_days`, sql`32400 + ${h(32)} % 25200`)},
    e.effective_at + interval '1 hour') as registered_at) r
  where confirmed or (e.payment_status = ${sql.lit(PaymentStatus.unpaid)} and ${h(33)} % 3 = 0)`;

export const receiptsStatement = (from: number, to: number) => sql`
  with ${staff}, p as (${receipts(from, to)}), fin as (select actor from staff where role_code = ${sql.lit(ROLE.finance)}),
  receipt as (
    insert into payment_receipt (object_id, version, payment_no, agent_id, agent_name, payer_name, payment_method,
      payment_amount, allocated_amount, payment_date, arrival_date, bank_serial_no, third_party, company_id,
      province_code, city_code, data, created_by, created_by_name, updated_by_name, created_at, updated_at)
    select receipt_id, case when confirmed then 3 else 2 end, payment_no, company_id, agent_name, agent_name,
      ${pick(list(keywordsOf('PaymentMethod')), sql`${h(34)}`)}, amount, amount, pay_day, pay_day,
      to_char(pay_day, 'YYYYMMDD') || lpad((${h(35)} % 100000000)::text, 8, '0'), false, company_id,
      province_code, city_code,
      jsonb_build_object('Remark', null, 'SubmittedOn', ${isoOf(sql`registered_at`)}, 'RelatedOrderNos', order_no,
        'ConfirmStatus',
          case when confirmed then ${sql.lit(PaymentConfirmStatus.confirmed)} else ${sql.lit(PaymentConfirmStatus.awaitingFinance)} end)
        || case when confirmed then jsonb_build_object('ConfirmedByName', fin.actor->>'name',
          'ConfirmedOn', ${isoOf(sql`confirmed_at`)}) else '{}'::jsonb end,
      (fin.actor->>'id')::uuid, fin.actor->>'name', fin.actor->>'name', registered_at,
      case when confirmed then confirmed_at else registered_at end
    from p cross join fin order by receipt_id returning 1),
  allocation as (
    insert into payment_allocation (object_id, receipt_id, payment_no, order_id, order_no, agent_name, amount,
      company_id, province_code, city_code, created_by, created_by_name, updated_by_name, created_at, updated_at)
    select ${idOf(sql`g`, 'allocation')}, receipt_id, payment_no, object_id, order_no, agent_name, amount,
      company_id, province_code, city_code, (fin.actor->>'id')::uuid, fin.actor->>'name', fin.actor->>'name',
      registered_at, registered_at
    from p cross join fin order by 1 returning 1),
  events as (
    insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
    select 'paymentApproval-' || receipt_id, e.seq, e.type, 1, e.payload, fin.actor->>'id', fin.actor->>'name',
      ${sql.lit(ROLE.finance)}, e.at
    from p cross join fin cross join lateral (
      select 1 as seq, 'workflow.started' as type, ${receiptStream.started(sql`receipt_id`, sql`fin.actor`)} as payload,
        registered_at as at
      union all
      select 2, 'approval.agree', jsonb_build_object('actor', fin.actor), confirmed_at where confirmed) e
    order by 1, 2 returning 1)
  insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status, pending_role,
    pending_person, version, updated_at)
  select 'paymentApproval-' || receipt_id, 'paymentApproval', 'payment', receipt_id,
    ${receiptStream.state(sql`receipt_id`, sql`fin.actor`, sql`confirmed`)},
    case when confirmed then 'approved' else 'inApproval' end,
    case when confirmed then null else ${sql.lit(ROLE.finance)} end, null, case when confirmed then 2 else 1 end,
    case when confirmed then confirmed_at else registered_at end
  from p cross join fin order by 1`;

/**
 * Invoice applications [from, to): the sales operations desk applies for what the order's
 * InvoicedAmount says after its payment was confirmed; finance issues the invoice four hours later.
 */
const invoices = (from: number, to: number) => sql`
  select p.*, ${idOf(sql`p.g`, 'invoice')} as invoice_id,
    ${documentNo('KP', sql`p.order_date + applied_days`, sql`applied_days`, 64)} as apply_no,
    applied_at, applied_at + interval '4 hours' as invoiced_at
  from (${receipts(from, to)}) p
  cross join lateral (select least(p.offset_days + ${h(36)} % 10, p.age)::int as applied_days) a
  cross join lateral (select greatest(${onDay(sql`p.order_date + applied_days`, sql`36000 + ${h(37)} % 21600`)},
    p.confirmed_at + interval '1 hour') as applied_at) t
  where p.confirmed and p.invoiced > 0`;

export const invoicesStatement = (from: number, to: number) => sql`
  with ${staff}, i as (${invoices(from, to)}),
  fin as (select actor from staff where role_code = ${sql.lit(ROLE.finance)}),
  ops as (select actor from staff where role_code = ${sql.lit(ROLE.salesOperations)}),
  application as (
    insert into invoice_application (object_id, version, invoice_apply_no, agent_id, agent_name, invoice_type,
      invoice_title, taxpayer_id, bank_name, bank_account, registered_address, registered_phone, order_nos,
      invoice_amount, discount_amount, invoice_number, invoice_date, applied_on, company_id, province_code,
      city_code, data, created_by, created_by_name, updated_by_name, created_at, updated_at)
    select invoice_id, 3, apply_no, i.company_id, c.name, ${pick(list(keywordsOf('InvoiceType')), sql`${h(38)}`)},
      c.name, c.credit_code, c.data->>'ExtBankName_SDK', c.data->>'ExtBankAccount_SDK', c.data->>'Address',
      c.data->>'ContactPhone', order_no, invoiced, 0, lpad((${h(39)} % 100000000)::text, 8, '0'),
      (invoiced_at at time zone 'Asia/Shanghai')::date, (applied_at at time zone 'Asia/Shanghai')::date,
      i.company_id, i.province_code, i.city_code,
      jsonb_build_object('SubmittedOn', ${isoOf(sql`applied_at`)},
        'ApplicationStatus', ${sql.lit(InvoicingApplicationStatus.invoiced)},
        'ConfirmedPaidAmount', ${moneyText(sql`paid`)}, 'ApprovedOn', ${isoOf(sql`invoiced_at`)},
        'ApprovedByName', fin.actor->>'name'),
      (ops.actor->>'id')::uuid, ops.actor->>'name', fin.actor->>'name', applied_at, invoiced_at
    from i join customer c on c.object_id = i.company_id cross join fin cross join ops
    order by invoice_id returning 1),
  line as (
    insert into invoice_line (object_id, application_id, order_id, order_no, amount, discount_amount, company_id,
      province_code, city_code, created_by, created_by_name, updated_by_name, created_at, updated_at)
    select ${idOf(sql`g`, 'invoiceLine')}, invoice_id, object_id, order_no, invoiced, 0, company_id, province_code,
      city_code, (ops.actor->>'id')::uuid, ops.actor->>'name', ops.actor->>'name', applied_at, applied_at
    from i cross join ops order by 1 returning 1),
  events as (
    insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
    select 'invoiceApproval-' || invoice_id, e.seq, e.type, 1, e.payload, e.actor->>'id', e.actor->>'name',
      e.actor->>'role', e.at
    from i cross join fin cross join ops cross join lateral (
      select 1 as seq, 'workflow.started' as type, ${invoiceStream.started(sql`invoice_id`, sql`ops.actor`)} as payload,
        ops.actor as actor, applied_at as at
      union all
      select 2, 'approval.agree', jsonb_build_object('actor', fin.actor), fin.actor, invoiced_at) e
    order by 1, 2 returning 1)
  insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status, pending_role,
    pending_person, version, updated_at)
  select 'invoiceApproval-' || invoice_id, 'invoiceApproval', 'invoice', invoice_id,
    ${invoiceStream.state(sql`invoice_id`, sql`ops.actor`, sql`true`)}, 'invoiced', null, null, 2, invoiced_at
  from i cross join ops order by 1`;
