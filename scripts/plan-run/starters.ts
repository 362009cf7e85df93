import type { Starter } from './run-plan';
import { agentChangeStarters } from './starters/agent-changes';
import { agentReportStarters } from './starters/agent-reports';
import { agentStarters } from './starters/agents';
import { opportunityStarters } from './starters/opportunities';
import { orderDocumentStarters } from './starters/order-documents';
import { orderStarters } from './starters/orders';
import { rebateAndTaskStarters } from './starters/rebates-tasks';
import { reportAndActivityStarters } from './starters/reports-activity';
import { taskRoundStarters } from './starters/task-rounds';

/**
 * How a plan run begins each path of a workflow: the record its applicant makes through the pages a
 * desk uses (one file per business area under starters/). A workflow without a starter cannot be run
 * yet (`npm run paths -- <w> --run` says so).
 */
export const starters: Record<string, Starter> = {
  ...orderStarters,
  ...orderDocumentStarters,
  ...agentStarters,
  ...agentChangeStarters,
  ...rebateAndTaskStarters,
  ...taskRoundStarters,
  ...reportAndActivityStarters,
  ...agentReportStarters,
  ...opportunityStarters,
};
