import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type SpecialPriceCall,
  type SpecialPriceView,
  type StandardPrice,
  specialPricePageMachine,
} from '../../machines/special-prices/special-price-page.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The special-price page actor over a fake server: `answer` decides what a send gets back. */
function pageActor(
  objectId: string | undefined,
  answer: (call: SpecialPriceCall) => Promise<Record<string, unknown>>,
) {
  const loads: string[] = [];
  const actor = createActor(
    specialPricePageMachine.provide({
      actors: {
        loadPrice: fromPromise<SpecialPriceView, string>(async ({ input }) => {
          loads.push(input);
          return { Record: { ObjectID: input } } as unknown as SpecialPriceView;
        }),
        sendCall: fromPromise<Record<string, unknown>, SpecialPriceCall>(({ input }) => answer(input)),
        priceProducts: fromPromise<StandardPrice[], string[]>(async ({ input }) =>
          input.filter((c) => c === 'P1').map((pn) => ({ pn, Name: 'Server', StandardPrice: '100.00' })),
        ),
      },
    }),
    { input: { objectId } },
  );
  actor.start();
  return { actor, loads };
}

describe('special-price page statechart', () => {
  it('keeps a refusal on the page and sends nothing twice', async () => {
    const { actor, loads } = pageActor(undefined, async () => {
      throw new Error('Opportunity BB1 is not protected');
    });
    expect(loads).toEqual([]);
    actor.send({ type: 'page.send', action: 'apply', body: {} });
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.refusal).toContain('not protected');
  });

  it('after a saved request names it, reads it, and keeps what the server answered', async () => {
    const { actor, loads } = pageActor(undefined, async () => ({
      ObjectID: 'sp-1',
      ExtSpecialApprovalNo_SDK: 'TJ1',
    }));
    actor.send({ type: 'page.send', action: 'apply', body: {} });
    await settle();
    await settle();
    expect(loads).toEqual(['sp-1']);
    expect(actor.getSnapshot().context.result).toMatchObject({ ExtSpecialApprovalNo_SDK: 'TJ1' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });

  it('prices typed products, leaving unknown ones blank', async () => {
    const { actor } = pageActor(undefined, async () => ({}));
    actor.send({ type: 'page.price', codes: ['P1', 'NOPE'] });
    await settle();
    expect(actor.getSnapshot().context.prices).toEqual({ P1: { name: 'Server', price: '100.00' } });
  });
});
