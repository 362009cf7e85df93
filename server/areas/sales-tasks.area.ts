import { NUMBER_PREFIX } from '../../domain/numbering';
import {
  afterAllocationWrite,
  afterCityManagerTaskWrite,
  afterProvinceTaskWrite,
  afterSalesTaskWrite,
} from '../sales-tasks/load-bearing.rules';
import { rspConfirmationHooks } from '../sales-tasks/rsp-confirmation.hooks';
import { rspTaskAutoConfirm } from '../sales-tasks/rsp-confirmation.job';
import { salesTaskHooks } from '../sales-tasks/sales-task.hooks';
import { salesTaskInvariants } from '../sales-tasks/sales-task.invariants';
import { salesTaskStorages } from '../sales-tasks/sales-task.storage';
import { afterShareWrite } from '../sales-tasks/share-table';
import { refuseLockedTasks } from '../sales-tasks/task-lock';
import { type AreaParts, defineArea, stored } from './area';

/**
 * Sales tasks: province targets, RSP allocations, city-manager tasks. Quarters and
 * months always add up to the annual target, and load bearing follows every write of a province
 * target or an RSP allocation (notes/domain.md §6.2, §6.3); a locked task is refused as a whole.
 */
export const salesTasksArea = defineArea(
  'salesTasks',
  (): AreaParts<'salesTasks'> => ({
    resources: {
      ...stored(salesTaskStorages),
      // Province targets and RSP allocations are entered through their saves.
      provinceTask: { afterWrite: afterProvinceTaskWrite, beforeChange: refuseLockedTasks, demo: 'story' },
      salesTask: {
        number: { field: 'TaskNo', prefix: NUMBER_PREFIX.salesTask },
        afterWrite: afterSalesTaskWrite,
        beforeChange: refuseLockedTasks,
      },
      rspTaskAllocation: { afterWrite: afterAllocationWrite, beforeChange: refuseLockedTasks, demo: 'story' },
      cityManagerTask: { afterWrite: afterCityManagerTaskWrite, beforeChange: refuseLockedTasks },
      quarterMonthShare: { afterWrite: afterShareWrite },
    },
    workflows: { salesTask: salesTaskHooks, rspTaskConfirmation: rspConfirmationHooks },
    jobs: { rspTaskAutoConfirm },
    invariants: { ...salesTaskInvariants },
  }),
);
