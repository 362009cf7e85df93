import { assign, emit, fromPromise, setup } from 'xstate';
import { DELIVERY_INFO_SETTLED } from '../../catalogue/ordersSetup-config.pages';
import { DeliveryInfoStatus } from '../../domain/codes/orders.codes';
import type { DeliveryAddress, DeliveryInfo } from '../../services/delivery-info.service';
import { errorText } from '../kit/error-text';

export interface DeliveryInfoView {
  info: DeliveryInfo;
  addresses: DeliveryAddress[];
}

export interface DeliveryInfoContext {
  objectId: string;
  /** Whether the person writes through the page (its `writtenBy`); others read it only. */
  writes: boolean;
  view?: DeliveryInfoView;
  /** The server's words when reading or a change was refused; shown until the next attempt. */
  error?: string;
}

export type DeliveryInfoEvent = { type: 'address.use'; addressId: string } | { type: 'info.confirm' };

/** Dictionary DeliveryInfoStatus confirmed. */
const CONFIRMED = DeliveryInfoStatus.confirmed;
/** Something of the order is left to ship: not settled by the lock its list and the server read. */
const isOpen = (info?: DeliveryInfo) =>
  info !== undefined && !DELIVERY_INFO_SETTLED.states.includes(info.DeliveryStatus);

/**
 * The delivery information of an order (delivery information confirm and modify): one of the agent's delivery addresses is
 * taken as the receiver, or the information is confirmed as it stands; a change puts it back to
 * "modified, to confirm". Once nothing is left to ship, it is settled.
 */
export const deliveryInfoMachine = setup({
  types: {
    context: {} as DeliveryInfoContext,
    events: {} as DeliveryInfoEvent,
    input: {} as { objectId: string; writes: boolean },
    emitted: {} as { type: 'changed'; confirmed: boolean },
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<DeliveryInfoView, string>(async () => {
      throw new Error('load is provided by delivery-info.actors.ts');
    }),
    useAddress: fromPromise<unknown, { objectId: string; version: number; addressId: string }>(async () => {
      throw new Error('useAddress is provided by delivery-info.actors.ts');
    }),
    confirm: fromPromise<unknown, { objectId: string; version: number }>(async () => {
      throw new Error('confirm is provided by delivery-info.actors.ts');
    }),
  },
  guards: {
    isOpen: ({ context }) => context.writes && isOpen(context.view?.info),
    isUnconfirmed: ({ context }) =>
      context.writes && isOpen(context.view?.info) && context.view?.info.ConfirmStatus !== CONFIRMED,
  },
}).createMachine({
  id: 'deliveryInfo',
  context: ({ input }) => ({ objectId: input.objectId, writes: input.writes }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'load',
        input: ({ context }) => context.objectId,
        onDone: { target: 'shown', actions: assign({ view: ({ event }) => event.output }) },
        onError: { target: 'shown', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      on: {
        'address.use': {
          guard: 'isOpen',
          target: 'usingAddress',
          description: 'By those who ship, while something of the order is left to ship.',
        },
        'info.confirm': {
          guard: 'isUnconfirmed',
          target: 'confirming',
          description: 'By those who ship: not yet confirmed, or modified since, and something left to ship.',
        },
      },
    },
    usingAddress: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'useAddress',
        input: ({ context, event }) => ({
          objectId: context.objectId,
          version: context.view?.info.Version ?? 0,
          addressId: (event as { addressId: string }).addressId,
        }),
        onDone: { target: 'loading', actions: emit({ type: 'changed', confirmed: false }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    confirming: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ objectId: context.objectId, version: context.view?.info.Version ?? 0 }),
        onDone: { target: 'loading', actions: emit({ type: 'changed', confirmed: true }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
