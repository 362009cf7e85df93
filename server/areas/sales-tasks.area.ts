import { NUMBER_PREFIX } from '../../domain/numbering';
import { afterCityManagerTaskDelete } from '../sales-tasks/city-manager-allocated';
import { cityManagerStiHooks } from '../sales-tasks/city-manager-sti.hooks';
import {
  afterAllocationDelete,
  afterAllocationWrite,
  afterCityManagerTaskWrite,
  afterProvinceTaskWrite,
  afterSalesTaskWrite,
} from '../sales-tasks/load-bearing.rules';
import { packageLenses } from '../sales-tasks/package-awaiting';
import { rspConfirmationHooks } from '../sales-tasks/rsp-confirmation.hooks';
import { rspTaskAutoConfirm } from '../sales-tasks/rsp-confirmation.job';
import { salesTaskHooks } from '../sales-tasks/sales-task.hooks';
import { salesTaskInvariants } from '../sales-tasks/sales-task.invariants';
import { salesTaskStorages } from '../sales-tasks/sales-task.storage';
import { afterShareWrite } from '../sales-tasks/share-table';
import { stiHooks } from '../sales-tasks/sti.hooks';
import { stiInvariants } from '../sales-tasks/sti.invariants';
import { refuseLockedTasks } from '../sales-tasks/task-lock';
import {
  refreshingAfterDelete,
  refreshingAfterMove,
  refreshingTaskManagement,
} from '../sales-tasks/task-management.figures';
import { TASK_APPROVAL_CHAIN } from '../sales-tasks/task-package.start';
import { fixedChain } from '../workflows/configured-chains';
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
      // The task management list's allocation and status follow every write and move of their key (task-management.figures.ts).
      provinceTask: {
        afterWrite: refreshingTaskManagement(afterProvinceTaskWrite),
        beforeChange: refuseLockedTasks,
        // Its key's tasks no longer show its package's status.
        afterDelete: refreshingAfterDelete(),
        // A waiting package is HQ's to-do on its lines' approval page, or here when it has no line to open.
        awaiting: packageLenses.provinceTask,
        demo: 'story',
      },
      salesTask: {
        number: { field: 'TaskNo', prefix: NUMBER_PREFIX.salesTask },
        afterWrite: refreshingTaskManagement(afterSalesTaskWrite),
        beforeChange: refuseLockedTasks,
      },
      rspTaskAllocation: {
        afterWrite: refreshingTaskManagement(afterAllocationWrite),
        beforeChange: refuseLockedTasks,
        // Its target's load bearing and its key's allocated figure give back what it carried.
        afterDelete: refreshingAfterDelete(afterAllocationDelete),
        awaiting: packageLenses.rspTaskAllocation,
        demo: 'story',
      },
      cityManagerTask: {
        afterWrite: afterCityManagerTaskWrite,
        beforeChange: refuseLockedTasks,
        // Its target's CityManagerAllocated gives back what it carried.
        afterDelete: afterCityManagerTaskDelete,
      },
      quarterMonthShare: { afterWrite: afterShareWrite },
      // An RSP's STI is opened by its calculation and moves only through its workflow: its pages offer no field to write.
      rspSti: { demo: 'story' },
    },
    workflows: {
      // HQ's approval of a package is fixed in the rules, not configured: the chart's readers see it as such.
      salesTask: refreshingAfterMove({ ...salesTaskHooks, chains: fixedChain(TASK_APPROVAL_CHAIN) }),
      rspTaskConfirmation: refreshingAfterMove(rspConfirmationHooks),
      rspStiReview: stiHooks,
      cityManagerStiReview: cityManagerStiHooks,
    },
    jobs: { rspTaskAutoConfirm },
    invariants: { ...salesTaskInvariants, ...stiInvariants },
  }),
);
