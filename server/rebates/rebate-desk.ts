import { ROLE } from '../../domain/roles';

/**
 * The rebate desk: vendor staff who set rebate tasks on published policies (docs/rebates.md). Kept
 * apart from the task service so the role seed can give the task form to these roles only — the form
 * is the permission, and a role that may not set a task is not shown a form that would refuse it.
 */
export const REBATE_DESK: readonly string[] = [
  ROLE.systemAdmin,
  ROLE.channelManager,
  ROLE.channelDepartment,
  ROLE.salesOperations,
];

/** The page that sets a rebate task (catalogue/rebates.pages.ts). */
export const REBATE_TASK_FORM = 'rebates.rebateTaskEdit';
