import { rebateStorages } from '../rebates/ledger.storage';
import { afterPolicyWrite } from '../rebates/policy.rules';
import { rebatePolicyHooks } from '../rebates/policy-version.hooks';
import { afterRatioWrite } from '../rebates/ratio.rules';
import { rebateInvariants } from '../rebates/rebate.invariants';
import { rebateExpiry } from '../rebates/rebate-expiry.job';
import { rebatePolicyDates } from '../rebates/rebate-policy-dates.job';
import { rebateTaskAchievement } from '../rebates/rebate-tasks.job';
import { settlementHooks } from '../rebates/settlement.hooks';
import { settlementSheetHooks } from '../rebates/settlement-sheet.hooks';
import { uploadSettlementSheet } from '../rebates/settlement-sheet.upload';
import { type AreaParts, defineArea, stored } from './area';

/** Rebates: policies, tasks, settlements and the ledger. */
export const rebatesArea = defineArea(
  'rebates',
  (): AreaParts<'rebates'> => ({
    resources: {
      ...stored(rebateStorages),
      // Policies go through their workflow; ratios are configuration; tasks are set by their command.
      rebateAnnouncement: {
        afterWrite: (trx, def, caller, record) => afterPolicyWrite(trx, def, caller, record),
        demo: 'story',
      },
      rebateMaxRatio: { afterWrite: afterRatioWrite, demo: 'story' },
      rebateTask: { demo: 'story' },
      // A settlement sheet is stored by its upload and moved by its workflow; its lines come with it.
      rebateSettlementSheet: { demo: 'story' },
      rebateSettlementLine: { importRun: uploadSettlementSheet, demo: 'story' },
    },
    workflows: {
      rebatePolicy: rebatePolicyHooks,
      rebateSettlement: settlementHooks,
      settlementSheet: settlementSheetHooks,
    },
    jobs: { rebateTaskAchievement, rebateExpiry, rebatePolicyDates },
    invariants: { ...rebateInvariants },
  }),
);
