import { sql } from 'kysely';
import { hasIssuedOn, type IssuedFact } from '../../machines/workflows/finance-review.builder';
import type { InvoiceApprovalContext } from '../../machines/workflows/invoice-approval.workflow';
import { fieldMissing } from '../http/validate';
import { allowedCommands } from '../workflows/allowed';
import { fixedChain } from '../workflows/configured-chains';
import type { WorkflowHooks } from '../workflows/hooks';
import { FINANCE_CHAIN } from './invoice.service';
import { refreshOrderInvoicing } from './invoice-amounts';

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The invoice finance entered on the application (number and date), as the machine's guard `hasIssued` reads it. */
const issuedOf = (subject: Record<string, unknown>): IssuedFact => ({
  number: textOf(subject.InvoiceNumber),
  date: textOf(subject.InvoiceDate),
});

/**
 * The server side of invoice approval: finance's agreement carries the invoice it issued as entered
 * on the application, which the machine's guard reads (so the page offers it only once the number and
 * date are there, and the command is refused naming the missing field); the agreement stamps the
 * application and moves the invoicing status of every order on it, in the transaction of the decision.
 */
export const invoiceApprovalHooks: WorkflowHooks = {
  chains: fixedChain(FINANCE_CHAIN),
  facts: (call) => (call.command === 'agree' ? { issued: issuedOf(call.subject) } : undefined),
  explain: (call) => {
    if (call.command !== 'agree') return undefined;
    const issued = issuedOf(call.subject);
    if (hasIssuedOn(issued)) return undefined;
    // The missing invoice is the reason only when the caller could agree once it is entered.
    if (!allowedCommands(call.state.declaration, call.state.snapshot, call.actor).includes('agree'))
      return undefined;
    return fieldMissing('invoice', issued.number ? 'InvoiceDate' : 'InvoiceNumber');
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
