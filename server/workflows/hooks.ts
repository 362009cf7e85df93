import type { AnyMachineSnapshot } from 'xstate';
import type { DecisionLine } from '../../domain/workflow-decisions';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { dailyReportHooks } from '../activity/daily-report.hooks';
import { visitHooks } from '../activity/visit.hooks';
import { customerChangeHooks } from '../customers/customer-change.hooks';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { PortalError } from '../http/envelope';
import { invoiceApprovalHooks } from '../invoices/invoice-approval.hooks';
import { commitmentLetterHooks } from '../letters/letter.hooks';
import { loanOrderHooks } from '../loans/loan-order.hooks';
import { opportunityRegistrationHooks } from '../opportunities/opportunity-registration.hooks';
import { orderApprovalHooks } from '../orders/order-approval.hooks';
import { orderChangeHooks } from '../orders/order-change.hooks';
import { paymentApprovalHooks } from '../payments/payment-approval.hooks';
import { rebatePolicyHooks } from '../rebates/policy-version.hooks';
import { settlementHooks } from '../rebates/settlement.hooks';
import { registrationHooks } from '../registration/registration.hooks';
import { reportOpinionHooks } from '../reports/report-opinion.hooks';
import { agentReportHooks, lateReportHooks } from '../reports/report-state.hooks';
import { rspConfirmationHooks } from '../sales-tasks/rsp-confirmation.hooks';
import { salesTaskHooks } from '../sales-tasks/sales-task.hooks';
import { specialPriceHooks } from '../special-prices/special-price.hooks';
import type { Clock } from './clock';
import type { StreamState } from './engine';

/** What a workflow's server rules see of a command on its way through the decision layer. */
export interface HookCall {
  caller: Caller;
  actor: WorkflowActor;
  state: StreamState;
  command: string;
  payload: Record<string, unknown>;
  /** The subject record as the caller sees it. */
  subject: Record<string, unknown>;
  /** The demo seed's clock; the real one when absent. */
  clock?: Clock;
}

/**
 * The server side of a workflow, where it has one: `prepare` adds what only the server knows to the
 * event (the agent's facts now, the customer an agreement creates) or refuses by a rule the machine
 * cannot see; `after` changes other records in the same transaction (the approved change applied).
 */
export interface WorkflowHooks {
  /** A clearer refusal than the machine's "not now" for a command it refuses, where a rule explains it. */
  explain?: (call: HookCall) => PortalError | undefined;
  prepare?: (trx: Db, call: HookCall) => Promise<Record<string, unknown> | undefined>;
  after?: (trx: Db, call: HookCall & { next: AnyMachineSnapshot }) => Promise<void>;
  /** The record's open lines, in words, for a command whose dialog asks for quantities per line. */
  openLines?: (db: Db, state: StreamState) => Promise<DecisionLine[]>;
}

/** The workflows with server rules of their own, by name: one line each. */
export const workflowHooks: Record<string, WorkflowHooks> = {
  visit: visitHooks,
  dailyReport: dailyReportHooks,
  registration: registrationHooks,
  customerChange: customerChangeHooks,
  orderApproval: orderApprovalHooks,
  orderChange: orderChangeHooks,
  opportunityRegistration: opportunityRegistrationHooks,
  paymentApproval: paymentApprovalHooks,
  invoiceApproval: invoiceApprovalHooks,
  loanOrder: loanOrderHooks,
  rebatePolicy: rebatePolicyHooks,
  rebateSettlement: settlementHooks,
  specialPrice: specialPriceHooks,
  commitmentLetter: commitmentLetterHooks,
  salesTask: salesTaskHooks,
  rspTaskConfirmation: rspConfirmationHooks,
  agentReport: agentReportHooks,
  lateReportRequest: lateReportHooks,
  reportOpinion: reportOpinionHooks,
};
