import { fromPromise } from 'xstate';
import { fetchTaskPackage, type TaskPackage } from '../../services/task-package.service';
import { type TaskPackageInput, taskPackageMachine } from './task-package.machine';

/** A line's task package wired to /<line resource>/package. */
export const taskPackageLogic = taskPackageMachine.provide({
  actors: {
    loadPackage: fromPromise<TaskPackage, TaskPackageInput>(({ input }) =>
      fetchTaskPackage(input.resource, input.objectId, input.lang),
    ),
  },
});
