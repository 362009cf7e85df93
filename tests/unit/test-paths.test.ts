import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineRegistry } from '../../machines/registry';
import { sessionMachine } from '../../machines/session/session.machine';
import { transitionsOf } from '../../machines/viewer/diagram-graph';
import { pathSamples } from '../../machines/viewer/path-samples';
import { coverPlan, planCoverage, withoutDuplicates } from '../../machines/viewer/plan-cover';
import { planOf, planReport, reportCsv, reportText } from '../../machines/viewer/plan-report';
import { planWords } from '../../machines/viewer/plan-words';
import { eventsFor, eventTypesOf, shortestPlan, simplePlan } from '../../machines/viewer/test-paths';
import { registrationWorkflow } from '../../machines/workflows/registration.workflow';
import { findWorkflow, workflowDeclarations } from '../../machines/workflows/registry';
import { translate } from '../../server/http/i18n';
import { demoEmployees } from '../../server/seed/employees.seed';
import { eventWords, stateWords } from '../../views/workflows/history-words';

const LANGS = ['zh', 'en'] as const;
type Lang = (typeof LANGS)[number];
const tr = (lang: Lang) => (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
const wordsIn = (machine: Parameters<typeof planWords>[0], lang: Lang) =>
  planWords(machine, tr(lang), { lang, logins: demoEmployees });

/** A machine with an invoked service, a timer and a guard that reads the payload. */
const exporter = setup({
  actors: { runExport: fromPromise(async () => 'file.xlsx') },
  guards: {
    hasRows: ({ event }) => (event as { rows?: number }).rows! > 0,
    isOwner: ({ event }) => (event as any).actor.id === 'me',
  },
  delays: { COOLDOWN: 30_000 },
}).createMachine({
  id: 'exporter',
  initial: 'ready',
  context: { file: '' },
  states: {
    ready: {
      on: {
        'export.start': { guard: 'hasRows', target: 'exporting' },
        'export.cancel': { guard: 'isOwner' },
      },
    },
    exporting: {
      invoke: {
        id: 'runExport',
        src: 'runExport',
        onDone: { target: 'coolingDown', actions: assign({ file: ({ event }) => event.output }) },
        onError: 'ready',
      },
    },
    coolingDown: { after: { COOLDOWN: 'ready' } },
  },
});

describe('the events of a machine', () => {
  it('are every event type it handles, service outcomes and timers included', () => {
    expect(eventTypesOf(exporter).sort()).toEqual([
      'export.cancel',
      'export.start',
      'xstate.after.COOLDOWN.exporter.coolingDown',
      'xstate.done.actor.runExport',
      'xstate.error.actor.runExport',
    ]);
    const events = eventsFor(exporter, { events: [{ type: 'export.start', rows: 5 }] });
    expect(events).toContainEqual({ type: 'export.start', rows: 5 });
    expect(events).toContainEqual({ type: 'xstate.error.actor.runExport' });
  });
});

describe('shortestPlan', () => {
  it('walks services and timers as steps, given a payload for the guard', () => {
    const plan = shortestPlan(exporter, { events: [{ type: 'export.start', rows: 5 }] });
    const lines = plan.paths.flatMap((p) => p.steps.map((s) => `${s.state} --${s.event}--> ${s.next}`));
    expect(lines).toContain('ready --export.start (rows: 5)--> exporting');
    expect(lines).toContain('exporting --xstate.done.actor.runExport--> coolingDown');
    expect(lines).toContain('coolingDown --xstate.after.COOLDOWN.exporter.coolingDown--> ready');
    expect(lines).toContain('exporting --xstate.error.actor.runExport--> ready');
    expect(plan.needsSample).toEqual(['export.cancel']);
    expect(plan.uncovered).toEqual(['exporter.ready:export.cancel:0']);
  });

  it('names the events that need a sample payload, and the transitions no path takes', () => {
    const plan = shortestPlan(exporter);
    expect(plan.paths).toEqual([]);
    expect(plan.needsSample).toEqual(['export.cancel']);
    expect(plan.uncovered).toEqual([
      'exporter.ready:export.start:0',
      'exporter.ready:export.cancel:0',
      'exporter.exporting:xstate.done.actor.runExport:0',
      'exporter.exporting:xstate.error.actor.runExport:0',
      'exporter.coolingDown:xstate.after.COOLDOWN.exporter.coolingDown:0',
    ]);
    const report = planReport(exporter, plan, wordsIn(exporter, 'en'), tr('en'));
    expect(report.summary).toContain('These events lack a sample payload and were not walked: export cancel');
    expect(report.summary.join('\n')).toContain(
      'Transitions not covered (no sample meets their condition): ready —export start→ exporting',
    );
  });

  it('reports a machine that cannot start without its input', () => {
    const plan = shortestPlan(sessionMachine);
    expect(plan.error).toMatch(/cannot start without a sample input/);
    const text = reportText(
      planReport(sessionMachine, plan, wordsIn(sessionMachine, 'zh'), tr('zh')),
      tr('zh'),
    );
    expect(text).toContain('无法生成测试路径：该状态机没有示例输入');
  });

  it('puts every state and every transition of the registration workflow on some path', () => {
    const plan = shortestPlan(registrationWorkflow, pathSamples.registration);
    const targets = new Set(plan.paths.flatMap((p) => p.steps.map((s) => s.next)));
    const leaves = getStateNodes(registrationWorkflow.root).map((n) => n.key);
    for (const state of leaves) expect(targets.has(state) || state === 'inReview', state).toBe(true);
    const taken = new Set(
      plan.paths.flatMap((p) => p.steps.map((s) => `${s.state}|${s.event.split(' ')[0]}|${s.next}`)),
    );
    for (const node of getStateNodes(registrationWorkflow.root)) {
      for (const t of transitionsOf(node)) {
        const target = t.target?.[0]?.key ?? node.key;
        expect(
          taken.has(`${node.key}|${t.eventType}|${target}`),
          `${node.key} ${t.eventType} → ${target}`,
        ).toBe(true);
      }
    }
  });
});

describe('simplePlan', () => {
  it('lists simple paths and stops at the cap, saying so', () => {
    // One actor of each step and valid payloads only: the full sample has more simple paths than the cap.
    const few = new Set(['applicant:1', 'channel-1', 'department-1', 'finance-1']);
    const sample = {
      ...pathSamples.registration,
      events: (pathSamples.registration.events ?? []).filter(
        (e) =>
          few.has((e as { actor?: { id: string } }).actor?.id ?? '') &&
          (e as { reason?: string }).reason?.trim() !== '' &&
          [undefined, 'channel-2'].includes((e as { to?: string }).to),
      ),
    };
    const full = simplePlan(registrationWorkflow, sample);
    expect(full.truncated).toBe(false);
    expect(full.paths.length).toBeGreaterThan(5);
    for (const path of full.paths) {
      const seen = path.steps.map((s) => `${s.state}`);
      expect(path.steps.length).toBeGreaterThan(0);
      expect(seen[0]).toBe('inReview');
    }
    const capped = simplePlan(registrationWorkflow, sample, {
      states: 2000,
      paths: 3,
      depth: 30,
    });
    expect(capped.paths).toHaveLength(3);
    expect(capped.truncated).toBe(true);
    const report = planReport(registrationWorkflow, capped, wordsIn(registrationWorkflow, 'en'), tr('en'));
    expect(report.summary).toContain('Too many simple paths: only the first 3 are listed.');
  });

  it('says when the state space is not finite within the limit', () => {
    const counter = setup({}).createMachine({
      id: 'counter',
      context: { n: 0 },
      initial: 'on',
      states: { on: { on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } } } },
    });
    const plan = simplePlan(
      counter,
      { contextKey: (s) => (s.context as { n: number }).n },
      {
        states: 50,
        paths: 10,
        depth: 5,
      },
    );
    expect(plan.error).toBe('state space exceeds 50 states');
  });
});

describe('the default plan', () => {
  it('covers what every shortest path covers with far fewer paths, each final state first', () => {
    const words = wordsIn(registrationWorkflow, 'zh');
    const all = withoutDuplicates(
      shortestPlan(registrationWorkflow, pathSamples.registration),
      words.pathKey,
    );
    const plan = coverPlan(registrationWorkflow, all);
    const full = planCoverage(registrationWorkflow, all);
    const cover = planCoverage(registrationWorkflow, plan);
    expect(cover.states.covered).toEqual(full.states.reachable);
    expect(cover.transitions.covered).toEqual(full.transitions.covered);
    expect(cover.transitions.uncovered).toEqual([]);
    expect(plan.paths.length).toBeLessThan(10);
    expect(plan.paths.length * 3).toBeLessThan(all.paths.length);
    const ends = plan.paths.map((p) => p.steps.at(-1)?.next);
    expect(ends.slice(0, 3)).toEqual(['active', 'rejected', 'withdrawn']);
  });

  it('reads a registration in business words: role, demo login, command, input and status', () => {
    const zh = tr('zh');
    const words = wordsIn(registrationWorkflow, 'zh');
    const plan = planOf(registrationWorkflow, pathSamples.registration, 'cover', words);
    const text = reportText(planReport(registrationWorkflow, plan, words, zh), zh);
    expect(text).toMatch(/^代理注册审核：默认测试计划/);
    expect(text).toContain(`覆盖：状态 6/6，转换 9/9，共 ${plan.paths.length} 条路径`);
    expect(text).toContain('1. 渠道经理 · channel（王渠道）：同意 → 审核中 · 资质审核（待渠道管理部处理）');
    expect(text).toContain('渠道经理 · channel（王渠道）：签署协议并开通 → 正常合作');
    expect(text).toContain('申请人 · 公众，无需登录（凭注册编号和联系电话）：撤回申请 → 已撤回');
    // The sample reason is typed in the reader's language, like everything else the plan says.
    expect(text).toContain('退回补充资料，原因：“资料不全” → 待补充资料');
    expect(text).toContain('转交给：另一位渠道经理（非演示账号）');
    const en = tr('en');
    const enWords = wordsIn(registrationWorkflow, 'en');
    const enText = reportText(planReport(registrationWorkflow, plan, enWords, en), en);
    expect(enText).toContain(
      'Channel department · channeldept (冯渠道部): Approve → In review · Risk / finance review',
    );
  });

  it('writes one CSV row per step, headed in the chosen language and quoted where needed', () => {
    for (const lang of LANGS) {
      const t = tr(lang);
      const words = wordsIn(registrationWorkflow, lang);
      const plan = planOf(registrationWorkflow, pathSamples.registration, 'cover', words);
      const report = planReport(registrationWorkflow, plan, words, t);
      const rows = reportCsv(report, t).trim().split('\n');
      expect(rows[0]).toBe(
        lang === 'zh'
          ? '路径,步骤,操作人（角色）,演示账号,操作,输入,预期状态'
          : 'Path,Step,Who (role),Demo login,Action,Input,Expected status',
      );
      expect(rows).toHaveLength(1 + plan.paths.reduce((n, p) => n + p.steps.length, 0));
      expect(rows[1]).toBe(
        lang === 'zh'
          ? '1,1,渠道经理,channel（王渠道）,同意,,审核中 · 资质审核（待渠道管理部处理）'
          : '1,1,Channel manager,channel (王渠道),Approve,,In review · Qualification review (awaiting Channel department)',
      );
    }
    const quoted = reportCsv(
      {
        heading: '',
        summary: [],
        paths: [
          {
            n: 1,
            goal: 'x',
            steps: [{ n: 1, who: 'a,b', login: '', what: 'say "hi"', input: 'two\nlines', status: 'x' }],
          },
        ],
      },
      tr('en'),
    );
    expect(quoted.split('\n').slice(1).join('\n')).toBe('1,1,"a,b",,"say ""hi""","two\nlines",x\n');
  });
});

/** A key or event type as the code writes it (`review.agree`), not a file name (`a.xlsx`). */
const RAW_KEY = /\b[a-z][a-zA-Z]*\.[a-zA-Z]+/;
const rawIn = (line: string) =>
  RAW_KEY.test(line.replace(/\S+\.(xlsx|csv|pdf)\b/g, '')) || line.includes('xstate.');

describe('the plans of every registered machine', () => {
  it('cover what the full set covers, in words with no raw key, every workflow step with a login and a status', async () => {
    for (const entry of machineRegistry) {
      const machine = await entry.load();
      const sample = pathSamples[entry.id];
      const full = shortestPlan(machine, sample);
      if (sample) {
        expect(full.error, entry.id).toBeUndefined();
        expect(full.paths.length, entry.id).toBeGreaterThan(0);
      } else if (full.error) {
        expect(full.error, entry.id).toMatch(/sample input|state space/);
      }
      for (const lang of LANGS) {
        const t = tr(lang);
        const words = wordsIn(machine, lang);
        const plan = coverPlan(machine, withoutDuplicates(full, words.pathKey));
        const covered = planCoverage(machine, plan);
        const everything = planCoverage(machine, full);
        expect(covered.states.covered, entry.id).toEqual(everything.states.covered);
        expect(covered.transitions.covered, entry.id).toEqual(everything.transitions.covered);
        expect(plan.paths.length, entry.id).toBeLessThanOrEqual(full.paths.length);
        const report = planReport(machine, plan, words, t);
        const lines = reportText(report, t).split('\n');
        expect(lines.filter(rawIn), `${entry.id} (${lang})`).toEqual([]);
        if (!findWorkflow(entry.id)) continue;
        for (const step of report.paths.flatMap((p) => p.steps)) {
          expect(step.login, `${entry.id} (${lang}) ${step.what}`).not.toBe('');
          expect(step.status, `${entry.id} (${lang}) ${step.what}`).not.toBe('');
          expect(Object.keys(machine.states), entry.id).not.toContain(step.status);
        }
      }
    }
  }, 120_000);
});

describe('the words of a workflow plan', () => {
  it('name states and commands as process history does, in both languages', () => {
    for (const lang of LANGS) {
      const t = tr(lang);
      for (const declaration of workflowDeclarations) {
        const words = wordsIn(declaration.machine, lang);
        for (const state of Object.values(declaration.machine.states) as { id: string; key: string }[]) {
          expect(words.state(state.id), `${declaration.name} ${state.key}`).toBe(
            stateWords(t, declaration.name, state.key),
          );
        }
        for (const command of Object.values(declaration.commands)) {
          expect(words.event(command.event), `${declaration.name} ${command.event}`).toBe(
            eventWords(t, declaration.name, command.event),
          );
        }
      }
    }
  });
});
