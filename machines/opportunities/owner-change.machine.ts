import { assign, fromPromise, setup } from 'xstate';
import type { OwnerChange } from '../../services/opportunity-owner.service';
import { errorText } from '../kit/error-text';

export interface OwnerChangeInput {
  objectId: string;
  version: number;
}

export interface OwnerChangeContext extends OwnerChangeInput {
  error?: string;
  /** The new owner's name, once the change is made. */
  newOwner?: string;
}

export type OwnerChangeEvent =
  | { type: 'owner.open' }
  | { type: 'owner.close' }
  | { type: 'owner.submit'; agentId: string; reason: string; remark: string };

/**
 * The owner change of an opportunity (docs/opportunities.md "Owner"): the channel or province
 * manager picks another active agent and a reason; the server makes the change as one logged command
 * (the protection end date stays) or refuses it, naming the field or the state.
 */
export const ownerChangeMachine = setup({
  types: {
    context: {} as OwnerChangeContext,
    events: {} as OwnerChangeEvent,
    input: {} as OwnerChangeInput,
    tags: {} as 'busy',
  },
  actors: {
    changeOwner: fromPromise<Record<string, unknown>, OwnerChange>(async () => ({})),
  },
}).createMachine({
  id: 'ownerChange',
  context: ({ input }) => ({ ...input }),
  initial: 'closed',
  states: {
    closed: { on: { 'owner.open': { target: 'open', actions: assign({ error: undefined }) } } },
    open: {
      on: {
        'owner.close': 'closed',
        'owner.submit': { target: 'submitting' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        src: 'changeOwner',
        input: ({ context, event }) => {
          const e = event as Extract<OwnerChangeEvent, { type: 'owner.submit' }>;
          return {
            ObjectID: context.objectId,
            Version: context.version,
            AgentID: e.agentId,
            ChangeReason: e.reason,
            ...(e.remark.trim() ? { Remark: e.remark.trim() } : {}),
          };
        },
        onDone: {
          target: 'done',
          actions: assign({
            newOwner: ({ event }) => String(event.output.AgentName ?? ''),
            version: ({ context, event }) => Number(event.output.Version ?? context.version),
            error: undefined,
          }),
        },
        onError: { target: 'open', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    done: {
      description: 'The change is made and logged; the page shows the new owner once read again.',
      on: { 'owner.close': 'closed' },
    },
  },
});
