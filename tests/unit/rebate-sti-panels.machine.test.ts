import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { policyVersionsMachine } from '../../machines/rebates/policy-versions.machine';
import { rspStiMachine } from '../../machines/sales-tasks/rsp-sti.machine';
import type { PolicyVersions } from '../../services/rebate-policy.service';
import type { RspSti, StiCalculation, StiQuarter } from '../../services/rsp-sti.service';

const quarter = (n: number, finished: boolean, calculated: string | null = null): StiQuarter => ({
  Quarter: n,
  No: `STI-line-2026Q${n}`,
  TaskAmount: '1000.00',
  AchievedAmount: '1000.00',
  AchievementRate: '100.00',
  StiLevel: '111',
  StiBase: '10.00',
  StiAmount: '10.00',
  Finished: finished,
  StiID: calculated,
  StiStatus: calculated ? '111' : null,
  PostedFlowNo: null,
});

/** The STI panel's machine with a server whose quarters and answers to calculations are given. */
function stiPanel(quarters: StiQuarter[], answers: (StiCalculation | Error)[], mayCalculate = true) {
  const posted: number[] = [];
  const actor = createActor(
    rspStiMachine.provide({
      actors: {
        loadSti: fromPromise<RspSti, { objectId: string; lang: string }>(async () => ({
          Quarters: quarters,
          MayCalculate: mayCalculate,
          Approved: true,
          levels: [],
          statuses: [],
        })),
        calculateSti: fromPromise<StiCalculation, { objectId: string; quarter: number }>(
          async ({ input }) => {
            posted.push(input.quarter);
            const answer = answers[posted.length - 1];
            if (answer instanceof Error) throw answer;
            return answer;
          },
        ),
      },
    }),
    { input: { objectId: 'line', lang: 'zh' } },
  ).start();
  return { actor, posted };
}

describe("an RSP line's STI panel", () => {
  it('offers the first finished quarter not calculated, and tells the page what was calculated', async () => {
    const { actor, posted } = stiPanel(
      [quarter(1, true, 'sti-1'), quarter(2, true), quarter(3, false), quarter(4, false)],
      [{ No: 'STI-line-2026Q2', StiID: 'sti-2', StiAmount: '10.00' }],
    );
    const told: unknown[] = [];
    actor.on('calculated', (e) => told.push(e));
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.quarter).toBe(2);
    actor.send({ type: 'sti.calculate' });
    await waitFor(actor, (s) => s.matches('shown') && posted.length === 1);
    expect(posted).toEqual([2]);
    expect(told).toEqual([{ type: 'calculated', quarter: 2, amount: '10.00' }]);
  });

  it('keeps the server’s refusal on the panel until the next choice', async () => {
    const { actor } = stiPanel([quarter(1, false), quarter(2, false)], [new Error('2033 Q1 尚未结束')]);
    await waitFor(actor, (s) => s.matches('shown'));
    // Nothing finished: the first quarter not calculated is offered, and the server says why not.
    expect(actor.getSnapshot().context.quarter).toBe(1);
    actor.send({ type: 'sti.calculate' });
    await waitFor(actor, (s) => s.matches('shown') && s.context.refusal !== undefined);
    expect(actor.getSnapshot().context.refusal).toBe('2033 Q1 尚未结束');
    actor.send({ type: 'quarter.choose', quarter: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ quarter: 2, refusal: undefined });
  });

  it('calculates nothing for someone who may not calculate', async () => {
    const { actor, posted } = stiPanel([quarter(1, true)], [], false);
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'sti.calculate' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(posted).toEqual([]);
  });
});

/** The versions panel's machine with a server that lists versions and answers a draft as given. */
function versionsPanel(mayDraft: boolean, answer: { ObjectID: string } | Error) {
  let drafts = 0;
  const actor = createActor(
    policyVersionsMachine.provide({
      actors: {
        loadVersions: fromPromise<PolicyVersions, { objectId: string; lang: string }>(async () => ({
          Versions: [],
          MayDraft: mayDraft && drafts === 0,
          statuses: [],
        })),
        draftVersion: fromPromise<{ ObjectID: string }, string>(async () => {
          drafts += 1;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input: { objectId: 'v1', lang: 'zh' } },
  ).start();
  return { actor, drafts: () => drafts };
}

describe("a policy's versions panel", () => {
  it('drafts the next version where the server allows it, and names the new one to open', async () => {
    const { actor, drafts } = versionsPanel(true, { ObjectID: 'v2' });
    const told: unknown[] = [];
    actor.on('drafted', (e) => told.push(e));
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'version.draft' });
    await waitFor(actor, (s) => s.matches('shown') && drafts() === 1);
    expect(told).toEqual([{ type: 'drafted', objectId: 'v2' }]);
    expect(actor.getSnapshot().context.versions?.MayDraft).toBe(false);
  });

  it('keeps a refusal, and sends nothing where the server does not allow a draft', async () => {
    const refused = versionsPanel(true, new Error('该政策已有未发布的新版本'));
    await waitFor(refused.actor, (s) => s.matches('shown'));
    refused.actor.send({ type: 'version.draft' });
    await waitFor(refused.actor, (s) => s.matches('shown') && s.context.refusal !== undefined);
    expect(refused.actor.getSnapshot().context.refusal).toBe('该政策已有未发布的新版本');
    const closed = versionsPanel(false, { ObjectID: 'v2' });
    await waitFor(closed.actor, (s) => s.matches('shown'));
    closed.actor.send({ type: 'version.draft' });
    expect(closed.drafts()).toBe(0);
  });
});
