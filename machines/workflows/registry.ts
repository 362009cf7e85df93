import { agentReportDeclaration } from './agent-report.workflow';
import { approvalDeclaration } from './approval.workflow';
import { cityManagerStiDeclaration } from './city-manager-sti.workflow';
import { commitmentLetterDeclaration } from './commitment-letter.workflow';
import { creditLimitChangeDeclaration } from './credit-limit-change.workflow';
import { customerChangeDeclaration } from './customer-change.workflow';
import { dailyReportDeclaration } from './daily-report.workflow';
import type { WorkflowDeclaration } from './declaration';
import { invoiceApprovalDeclaration } from './invoice-approval.workflow';
import { lateReportDeclaration } from './late-report.workflow';
import { loanOrderDeclaration } from './loan-order.workflow';
import { opportunityRegistrationDeclaration } from './opportunity-registration.workflow';
import { orderApprovalDeclaration } from './order-approval.workflow';
import { orderChangeDeclaration } from './order-change.workflow';
import { paymentApprovalDeclaration } from './payment-approval.workflow';
import { rebatePolicyDeclaration } from './rebate-policy.workflow';
import { rebateSettlementDeclaration } from './rebate-settlement.workflow';
import { registrationDeclaration } from './registration.workflow';
import { reportOpinionDeclaration } from './report-opinion.workflow';
import { rspStiDeclaration } from './rsp-sti.workflow';
import { rspTaskConfirmationDeclaration } from './rsp-task-confirmation.workflow';
import { salesTaskDeclaration } from './sales-task.workflow';
import { settlementSheetDeclaration } from './settlement-sheet.workflow';
import { specialPriceDeclaration } from './special-price.workflow';
import { visitDeclaration } from './visit.workflow';

/**
 * Every event-sourced workflow, declared once (docs/workflows.md) and filed under its business area:
 * the server's engine and decision layer, the viewer, the seed and the model tests all read this
 * list, and the server's area declarations (server/areas) attach their hooks by these names, so a
 * hook for a workflow the area does not have is a type error. Adding a workflow is one line here.
 */
export const workflowsByArea = {
  agents: [
    approvalDeclaration,
    registrationDeclaration,
    customerChangeDeclaration,
    creditLimitChangeDeclaration,
  ],
  orders: [
    orderApprovalDeclaration,
    orderChangeDeclaration,
    paymentApprovalDeclaration,
    invoiceApprovalDeclaration,
    loanOrderDeclaration,
  ],
  opportunities: [opportunityRegistrationDeclaration],
  specialPrices: [specialPriceDeclaration],
  letters: [commitmentLetterDeclaration],
  rebates: [rebatePolicyDeclaration, rebateSettlementDeclaration, settlementSheetDeclaration],
  salesTasks: [
    salesTaskDeclaration,
    rspTaskConfirmationDeclaration,
    rspStiDeclaration,
    cityManagerStiDeclaration,
  ],
  reports: [reportOpinionDeclaration, agentReportDeclaration, lateReportDeclaration],
  activity: [visitDeclaration, dailyReportDeclaration],
  base: [],
  system: [],
} as const satisfies Record<string, readonly WorkflowDeclaration[]>;

/** The business areas of the portal (server/areas declares each one's server side). */
export type AreaName = keyof typeof workflowsByArea;

/** The names of an area's workflows. */
export type WorkflowNameOf<A extends AreaName> = (typeof workflowsByArea)[A][number]['name'];

export const workflowDeclarations: readonly WorkflowDeclaration[] = Object.values(workflowsByArea).flat();

const byName = new Map(workflowDeclarations.map((d) => [d.name, d]));

/** The declaration of a workflow, or undefined for a name nobody declared. */
export const findWorkflow = (name: string) => byName.get(name);

export function workflowDeclaration(name: string): WorkflowDeclaration {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown workflow ${name}`);
  return found;
}
