import { assign, fromPromise, setup } from 'xstate';
import type { PackageLineResource, TaskPackage } from '../../services/task-package.service';
import { errorText } from '../kit/error-text';

export type { PackageLineResource, TaskPackage } from '../../services/task-package.service';

export interface TaskPackageInput {
  resource: PackageLineResource;
  objectId: string;
  lang: string;
}

export interface TaskPackageContext extends TaskPackageInput {
  taskPackage?: TaskPackage;
  /** Why the package could not be read. */
  error?: string;
}

/**
 * The task package of a line on its approval page (docs/sales-tasks.md): read, then read again once
 * the package was decided, so its lines show the status the decision stamped on them.
 */
export const taskPackageMachine = setup({
  types: {
    context: {} as TaskPackageContext,
    events: {} as { type: 'package.reload' },
    input: {} as TaskPackageInput,
    tags: {} as 'busy',
  },
  actors: {
    loadPackage: fromPromise<TaskPackage, TaskPackageInput>(async () => {
      throw new Error('loadPackage is provided by task-package.actors.ts');
    }),
  },
}).createMachine({
  id: 'taskPackage',
  context: ({ input }) => ({ ...input }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPackage',
        input: ({ context }) => ({
          resource: context.resource,
          objectId: context.objectId,
          lang: context.lang,
        }),
        onDone: {
          target: 'shown',
          actions: assign({ taskPackage: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: { on: { 'package.reload': 'loading' } },
    failed: { on: { 'package.reload': 'loading' } },
  },
});
