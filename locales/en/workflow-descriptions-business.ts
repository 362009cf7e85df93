import { customersOrdersWorkflowDescriptions } from './workflow-descriptions-customers-orders';
import { opportunitiesRebatesWorkflowDescriptions } from './workflow-descriptions-opportunities-rebates';
import { tasksActivityWorkflowDescriptions } from './workflow-descriptions-tasks-activity';

/** The business rules of the declared business workflows' charts, in English, keyed as the Chinese file is. */
export const businessWorkflowDescriptions: Record<string, Record<string, string>> = {
  ...customersOrdersWorkflowDescriptions,
  ...opportunitiesRebatesWorkflowDescriptions,
  ...tasksActivityWorkflowDescriptions,
};
