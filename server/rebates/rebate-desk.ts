import { REBATE_DESK } from '../../machines/workflows/rebate-settlement.workflow';

/**
 * The rebate desk: vendor staff who set rebate tasks on published policies (docs/rebates.md), the very
 * roles the settlement's chart lets calculate. The role seed gives the task form to these roles only —
 * the form is the permission, and a role that may not set a task is not shown a form that would refuse it.
 */
export { REBATE_DESK };

/** The page that sets a rebate task (catalogue/rebates-ledger.pages.ts). */
export const REBATE_TASK_FORM = 'rebates.rebateTaskEdit';
