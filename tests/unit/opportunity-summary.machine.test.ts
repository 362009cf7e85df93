import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { opportunitySummaryMachine } from '../../machines/business/opportunity-summary.machine';
import type { OpportunitySummary } from '../../services/opportunity-summary.service';

const summary = (count: number): OpportunitySummary => ({
  byStage: [
    {
      key: '101',
      count,
      amount: '100.00',
      pipelineCount: count,
      pipelineAmount: '100.00',
      wonCount: 0,
      wonAmount: '0',
      lostCount: 0,
      voidCount: 0,
    },
  ],
  byProvince: [],
  byProductLine: [],
  words: {},
  dictionaries: {},
});

/** The page's machine with a server that answers in turn, failing where asked. */
function report(answers: (number | Error)[]) {
  const asked: Record<string, string>[] = [];
  const actor = createActor(
    opportunitySummaryMachine.provide({
      actors: {
        loadSummary: fromPromise<OpportunitySummary, { filters: Record<string, string>; lang: string }>(
          async ({ input }) => {
            asked.push(input.filters);
            const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
            if (answer instanceof Error) throw answer;
            return summary(answer);
          },
        ),
      },
    }),
    { input: { lang: 'zh' } },
  ).start();
  return { actor, asked };
}

describe('the opportunity report page', () => {
  it('loads at once, and searches with the filled filters only', async () => {
    const { actor, asked } = report([3, 1]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.summary?.byStage[0].count).toBe(3);
    actor.send({ type: 'filters.change', form: { ProductLine: '111', Year: ' ' } });
    actor.send({ type: 'filters.search' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked).toEqual([{}, { ProductLine: '111' }]);
    expect(actor.getSnapshot().context.summary?.byStage[0].count).toBe(1);
  });

  it('says why it failed and loads again on reload; reset clears the filters', async () => {
    const { actor, asked } = report([new Error('server down'), 2, 2]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('server down');
    actor.send({ type: 'summary.reload' });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'filters.change', form: { Year: '2026' } });
    actor.send({ type: 'filters.reset' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.form).toEqual({});
    expect(asked.at(-1)).toEqual({});
  });
});
