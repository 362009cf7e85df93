import { sql } from 'kysely';
import type { InvoiceApprovalContext } from '../../machines/workflows/invoice-approval.workflow';
import { fieldMissing } from '../http/validate';
import type { WorkflowHooks } from '../workflows/hooks';
import { refreshOrderInvoicing } from './invoice-amounts';

/**
 * The server side of invoice approval: finance agrees only to an application that carries the
 * invoice it issued (number and date, entered on the application first); the agreement stamps it
 * and moves the invoicing status of every order on it, in the transaction of the decision.
 */
export const invoiceApprovalHooks: WorkflowHooks = {
  prepare: async (trx, call) => {
    if (call.command !== 'agree') return undefined;
    const { applicationId } = call.state.snapshot.context as InvoiceApprovalContext;
    const found = await sql<{ number: string | null; day: string | null }>`select invoice_number as number,
        invoice_date::text as day from invoice_application where object_id = ${applicationId}`.execute(trx);
    if (!found.rows[0]?.number) throw fieldMissing('invoice', 'InvoiceNumber');
    if (!found.rows[0]?.day) throw fieldMissing('invoice', 'InvoiceDate');
    return undefined;
  },
  after: async (trx, call) => {
    if (call.next.value !== 'invoiced') return;
    const { applicationId } = call.state.snapshot.context as InvoiceApprovalContext;
    const at = call.clock?.at ?? new Date();
    const stamp = { ApprovedByName: call.actor.name, ApprovedOn: at.toISOString() };
    await sql`update invoice_application set data = data || ${JSON.stringify(stamp)}::jsonb
      where object_id = ${applicationId}`.execute(trx);
    const orders = await sql<{ id: string }>`select order_id::text as id from invoice_line
      where application_id = ${applicationId} order by order_id`.execute(trx);
    for (const order of orders.rows) await refreshOrderInvoicing(trx, order.id, call.actor.name, at);
  },
};
