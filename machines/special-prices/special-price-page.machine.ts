import { assign, emit, fromPromise, setup } from 'xstate';
import type { SpecialPriceCall, SpecialPriceView } from '../../services/special-price.service';
import { errorText } from '../kit/error-text';
import { namedField } from '../kit/field-refusal';

export type { SpecialPriceCall, SpecialPriceView };

export interface SpecialPricePageContext {
  /** The special price shown; none on the request form before it is saved. */
  objectId?: string;
  view?: SpecialPriceView;
  /** Why the special price could not be read. */
  error?: string;
  /** The server's words when it refused what was sent; shown until the next attempt. */
  refusal?: string;
  /** The field the refusal names (its wire name), shown under that field of the form. */
  refusedField?: string;
  /** What the server answered to the last call that went through (the saved request, the execution order). */
  result?: Record<string, unknown>;
  /** Standard channel prices of the products typed on the request form, by product code. */
  prices: Record<string, LinePrice>;
}

export type SpecialPricePageEvent =
  | { type: 'page.reload' }
  | ({ type: 'page.send' } & SpecialPriceCall)
  | { type: 'page.price'; codes: string[] };

export type StandardPrice = {
  pn: string;
  Name: string;
  StandardPrice: string;
  /** A CPQ configuration, priced as a whole: its sub-BOM lines with their shares. */
  Configuration?: boolean;
  Children?: { pn: string; description: string; quantity: number; standardPrice: string }[];
};

/** What the request form shows of a typed code: its name, standard price, and a configuration's parts. */
export interface LinePrice {
  name: string;
  price: string;
  children?: StandardPrice['Children'];
}

export type SpecialPricePageEmitted = { type: 'notify'; severity: 'success'; message: string };

/**
 * The special-price pages (request, approval info, create execution order): read the special price
 * with its lines, chain and history when one is named; send a request or an execution order, keep
 * what the server answered and read the price again; a refusal stays on the page.
 */
export const specialPricePageMachine = setup({
  types: {
    context: {} as SpecialPricePageContext,
    events: {} as SpecialPricePageEvent,
    input: {} as { objectId?: string },
    emitted: {} as SpecialPricePageEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadPrice: fromPromise<SpecialPriceView, string>(async () => {
      throw new Error('loadPrice is provided by special-price-page.actors.ts');
    }),
    sendCall: fromPromise<Record<string, unknown>, SpecialPriceCall>(async () => {
      throw new Error('sendCall is provided by special-price-page.actors.ts');
    }),
    priceProducts: fromPromise<StandardPrice[], string[]>(async () => {
      throw new Error('priceProducts is provided by special-price-page.actors.ts');
    }),
  },
  guards: {
    namesPrice: ({ context }) => Boolean(context.objectId),
  },
}).createMachine({
  id: 'specialPricePage',
  context: ({ input }) => ({ objectId: input.objectId, prices: {} }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'namesPrice', target: 'loading' }, { target: 'shown' }] },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPrice',
        input: ({ context }) => context.objectId ?? '',
        onDone: { target: 'shown', actions: assign({ view: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      on: {
        'page.send': { target: 'sending' },
        'page.reload': { guard: 'namesPrice', target: 'loading' },
        'page.price': { target: 'pricing' },
      },
    },
    pricing: {
      description:
        'The standard channel price of the typed products (/product/getStandardPrice); unknown ones stay blank.',
      invoke: {
        src: 'priceProducts',
        input: ({ event }) => (event as { codes: string[] }).codes,
        onDone: {
          target: 'shown',
          actions: assign({
            prices: ({ context, event }) => ({
              ...context.prices,
              ...Object.fromEntries(
                event.output.map((p) => [
                  p.pn,
                  { name: p.Name, price: p.StandardPrice, ...(p.Children ? { children: p.Children } : {}) },
                ]),
              ),
            }),
          }),
        },
        onError: { target: 'shown' },
      },
    },
    sending: {
      tags: 'busy',
      entry: assign({ refusal: undefined, refusedField: undefined }),
      invoke: {
        src: 'sendCall',
        input: ({ event }) => {
          const call = event as SpecialPriceCall & { type: string };
          return { action: call.action, body: call.body };
        },
        onDone: {
          target: 'start',
          actions: [
            assign({
              result: ({ event }) => event.output,
              objectId: ({ context, event }) =>
                context.objectId ?? (event.output.ObjectID as string | undefined) ?? undefined,
            }),
            emit({ type: 'notify', severity: 'success', message: 'app.kit.saved' }),
          ],
        },
        onError: {
          target: 'shown',
          description:
            'Refused (not protected, over the quantity, changed meanwhile): the reason stays on the page.',
          actions: assign({
            refusal: ({ event }) => errorText(event.error),
            refusedField: ({ event }) => namedField(event.error),
          }),
        },
      },
    },
    failed: { on: { 'page.reload': { guard: 'namesPrice', target: 'loading' } } },
  },
});
