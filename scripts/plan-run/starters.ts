import { PaymentMethod } from '../../domain/codes/payments.codes';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { findWorkflow } from '../../machines/workflows/registry';
import type { Cast } from './cast';
import type { PortalCalls } from './portal';
import type { Starter } from './run-plan';

/** The person who applies in a workflow's example: the plan's paths begin with their record. */
function applicantOf(workflow: string): WorkflowActor {
  const input = findWorkflow(workflow)?.example.input as { applicant?: WorkflowActor } | undefined;
  if (!input?.applicant) throw new Error(`${workflow} names no applicant in its example`);
  return input.applicant;
}

/** The first agent the caller may pick (the customer picker every desk has). */
async function anAgent(portal: PortalCalls, token: string) {
  const found = await portal.post('/customerLookup/search', { pageSize: 1, currentPage: 1 }, token);
  const name = found.body?.results?.[0]?.Name as string | undefined;
  if (!name) throw new Error(`no agent to pick: ${found.body?.message}`);
  return name;
}

let receipts = 0;

/** A receipt finance registers, as its page would: it waits for finance's confirmation. */
async function registeredReceipt(portal: PortalCalls, cast: Cast) {
  const { token } = await cast.account(applicantOf('paymentApproval'));
  const agent = await anAgent(portal, token);
  receipts += 1;
  const created = await portal.post(
    '/payment/create',
    {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: agent,
      PayerName: agent,
      PaymentMethod: PaymentMethod.wireTransfer,
      PaymentAmount: '1000.00',
      PaymentDate: '2026-11-02',
      BankSerialNo: `PLAN-${Date.now()}-${receipts}`,
    },
    token,
  );
  if (created.status !== 200) throw new Error(`receipt: ${created.body?.message}`);
  return String(created.body.results.ObjectID);
}

/**
 * How a plan run begins each path of a workflow: the record its applicant makes through the pages a
 * desk uses. A workflow without a starter cannot be run yet (`npm run paths -- <w> --run` says so).
 */
export const starters: Record<string, Starter> = {
  paymentApproval: registeredReceipt,
};
