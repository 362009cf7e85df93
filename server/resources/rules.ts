import { afterReportWrite, refuseReportChange } from '../activity/daily-report.rules';
import { afterVisitWrite, refuseVisitChange } from '../activity/visit.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { afterCityManagerConfigWrite } from '../identity/city-manager-config.rules';
import { checkControlDate } from '../imports/control-dates';
import { afterLoanBandWrite } from '../loans/loan-bands';
import { afterOpportunityWrite } from '../opportunities/opportunity.rules';
import { afterOpportunityCustomerWrite } from '../opportunities/opportunity-customer.rules';
import { afterOrderApprovalConfigWrite } from '../orders/order-approval-config';
import { afterPolicyWrite } from '../rebates/policy.rules';
import { afterRatioWrite } from '../rebates/ratio.rules';
import { afterLateRequestWrite, refuseLateRequestChange } from '../reports/late-report.rules';
import type { RecordWrite } from '../reports/modification-log';
import { refuseLockedLineChange, refuseLockedReportEdit } from '../reports/report-lines.rules';
import { afterReportReviewWrite, refuseOpinionChange } from '../reports/report-review.rules';
import {
  afterAllocationWrite,
  afterCityManagerTaskWrite,
  afterProvinceTaskWrite,
} from '../sales-tasks/load-bearing.rules';
import { afterShareWrite } from '../sales-tasks/share-table';
import { refuseLockedTasks } from '../sales-tasks/task-lock';
import { afterTaskSplitWrite } from '../sales-tasks/task-split.rules';
import { afterPriceBandWrite } from '../special-prices/price-bands';
import { afterChainConfigWrite } from '../workflows/chain-config';
import type { ResourceDef } from './registry';
import { afterTemplateWrite } from './templates';

/**
 * A resource's own rule after a create or update, inside the same transaction: it sees the saved
 * record and the fields the write sent, may refuse it (throwing undoes the write) or change other
 * records to keep an invariant.
 */
type AfterWrite = (
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) => Promise<void>;

const afterWriteRules: Record<string, AfterWrite> = {
  // A new visit or daily report is its writer's and starts its workflow (server/activity).
  visit: afterVisitWrite,
  dailyReport: (trx, def, caller, record) => afterReportWrite(trx, def, caller, record),
  agreementTemplate: afterTemplateWrite,
  // A configuration row decides a city manager's scope: one real city, one real city manager.
  cityManagerConfig: afterCityManagerConfigWrite,
  customerProcessConfig: afterChainConfigWrite,
  rebateAnnouncement: (trx, def, caller, record) => afterPolicyWrite(trx, def, caller, record),
  rebateMaxRatio: afterRatioWrite,
  orderApprovalConfig: afterOrderApprovalConfigWrite,
  loanApprovalConfig: afterLoanBandWrite,
  // Special-price depth bands never overlap nor leave a depth without a chain (docs/special-prices.md).
  specialPriceBand: afterPriceBandWrite,
  opportunity: afterOpportunityWrite,
  // A strategic customer is unique by name and credit code, in a real province and city.
  opportunityCustomer: afterOpportunityCustomerWrite,
  reportControlDate: checkControlDate,
  // A late-report request is checked and started when asked (docs/imports.md).
  lateReportRequest: afterLateRequestWrite,
  // A report line of a locked period or of a report under review or approved is refused (notes §7.3).
  salesReport: refuseLockedReportEdit,
  stockReport: refuseLockedReportEdit,
  purchaseReport: refuseLockedReportEdit,
  shipmentReport: refuseLockedReportEdit,
  rspShipmentReport: refuseLockedReportEdit,
  // Quarters and months always add up to the annual target (notes/domain.md §6.2).
  // Load bearing follows every write of a province target or an RSP allocation (§6.3).
  provinceTask: afterProvinceTaskWrite,
  salesTask: afterTaskSplitWrite,
  rspTaskAllocation: afterAllocationWrite,
  cityManagerTask: afterCityManagerTaskWrite,
  quarterMonthShare: afterShareWrite,
};

export async function afterWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  write?: RecordWrite,
) {
  await afterWriteRules[def.name]?.(trx, def, caller, record, changed);
  // Report lines log every change with its reason; opinions name their report (notes/domain.md §7.3).
  await afterReportReviewWrite(trx, def, caller, record, changed, write);
}

/**
 * A resource's own refusal before an update or delete touches existing records (in the caller's
 * scope), for every route that writes them: a record frozen by its state is refused as a whole.
 */
type BeforeChange = (trx: Db, def: ResourceDef, caller: Caller, ids: string[]) => Promise<void>;

const beforeChangeRules: Record<string, BeforeChange> = {
  visit: refuseVisitChange,
  dailyReport: refuseReportChange,
  provinceTask: refuseLockedTasks,
  salesTask: refuseLockedTasks,
  rspTaskAllocation: refuseLockedTasks,
  cityManagerTask: refuseLockedTasks,
  reportOpinion: refuseOpinionChange,
  // A report line changes only while its report is open (docs/imports.md "Report states").
  salesReport: refuseLockedLineChange,
  stockReport: refuseLockedLineChange,
  purchaseReport: refuseLockedLineChange,
  shipmentReport: refuseLockedLineChange,
  rspShipmentReport: refuseLockedLineChange,
  lateReportRequest: refuseLateRequestChange,
};

export async function beforeChange(trx: Db, def: ResourceDef, caller: Caller, ids: string[]) {
  await beforeChangeRules[def.name]?.(trx, def, caller, ids);
}
