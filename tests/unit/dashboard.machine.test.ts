import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type DashboardCharts, dashboardMachine } from '../../machines/shell/dashboard.machine';
import type { DashboardSummary } from '../../services/dashboard.service';

/** Fake calls that record what was asked; the charts answer the language they were read in. */
function start(options: { chartsFail?: boolean } = {}) {
  const calls = { summary: 0, charts: [] as string[] };
  const machine = dashboardMachine.provide({
    actors: {
      loadSummary: fromPromise<DashboardSummary, void>(async () => {
        calls.summary++;
        return { queues: [], recent: {} };
      }),
      loadCharts: fromPromise<DashboardCharts, { lang: string }>(async ({ input }) => {
        calls.charts.push(input.lang);
        if (options.chartsFail) throw new Error('charts down');
        return { Period: '2026-11', orderTrend: [], words: { Brand: { '101': input.lang } } };
      }),
    },
  });
  const actor = createActor(machine, { input: { lang: 'zh' } }).start();
  const settled = () =>
    waitFor(actor, (s) => !s.matches({ summary: 'loading' }) && !s.matches({ charts: 'loading' }));
  return { actor, calls, settled };
}

describe('the dashboard machine', () => {
  it('loads the to-do cards and the charts side by side, and both again on refresh', async () => {
    const { actor, calls, settled } = start();
    await settled();
    expect(actor.getSnapshot().value).toEqual({ summary: 'ready', charts: 'ready' });
    expect(actor.getSnapshot().context.charts?.words.Brand['101']).toBe('zh');
    actor.send({ type: 'dashboard.refresh' });
    await settled();
    expect([calls.summary, calls.charts]).toEqual([2, ['zh', 'zh']]);
  });

  it('reads the charts again in a new language, but not for the language shown', async () => {
    const { actor, calls, settled } = start();
    await settled();
    actor.send({ type: 'dashboard.language', lang: 'zh' });
    await settled();
    expect(calls.charts).toEqual(['zh']);
    actor.send({ type: 'dashboard.language', lang: 'en' });
    await settled();
    expect(calls.charts).toEqual(['zh', 'en']);
    expect(calls.summary).toBe(1);
    expect(actor.getSnapshot().context.charts?.words.Brand['101']).toBe('en');
  });

  it('keeps the to-do cards when the charts fail, and names the failure', async () => {
    const { actor, settled } = start({ chartsFail: true });
    await settled();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ summary: 'ready', charts: 'failed' });
    expect(snapshot.context.summary).toBeDefined();
    expect(snapshot.context.chartsError).toBe('charts down');
  });
});
