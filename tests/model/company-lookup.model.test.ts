import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { fullNameProblem } from '../../domain/company-lookup';
import { COMPANY_PICKER_PAGE_SIZE, REGISTRY_PICKER_PAGE_SIZE } from '../../domain/constants';
import { companyLookupMachine } from '../../machines/kit/company-lookup.machine';
import type { CompanyLookupEmitted, CompanyLookupInput } from '../../machines/kit/company-lookup.types';
import { CoverageRecorder, pathTitle, pendingCalls, performStep, writeCoverageReport } from './model-kit';

type Snapshot = SnapshotFrom<typeof companyLookupMachine>;

const local = {
  CompanyName: '南京锐辰信息技术有限公司',
  CreditCode: '91320100MA1XXXXXX0',
  Representative: '王伟',
};
const registry = {
  KeyNo: 'k1',
  Name: '上海青禾建筑工程有限公司',
  CreditCode: '9131010101230277EE',
  OperName: '冯鹏',
};
const refused = new Error('refused');

// The answers of the three calls are events too; 45 hits make three pages of 20.
const events: AnyEventObject[] = [
  { type: 'lookup.open' },
  { type: 'lookup.close' },
  { type: 'keyword.change', keyword: '青' },
  { type: 'keyword.change', keyword: '青禾' },
  { type: 'local.search' },
  { type: 'local.page', page: 2 },
  { type: 'local.choose', row: local },
  { type: 'registry.search' },
  { type: 'registry.page', page: 2 },
  { type: 'registry.choose', row: registry },
  { type: 'manual.start' },
  { type: 'manual.change', name: '苏州青禾智能装备有限公司' },
  { type: 'manual.confirm' },
  { type: 'manual.cancel' },
  { type: 'value.clear' },
  { type: 'mode.change', readOnly: true },
  { type: 'mode.change', readOnly: false },
  { type: 'xstate.done.actor.searchLocal', output: { rows: [local], total: 45 } },
  { type: 'xstate.done.actor.searchLocal', output: { rows: [], total: 0 } },
  { type: 'xstate.error.actor.searchLocal', error: refused },
  { type: 'xstate.done.actor.searchRegistry', output: { rows: [registry], total: 45 } },
  { type: 'xstate.error.actor.searchRegistry', error: refused },
  { type: 'xstate.done.actor.recordCompany', output: {} },
  { type: 'xstate.error.actor.recordCompany', error: refused },
];
const input: CompanyLookupInput = { field: 'Name' };
const coverage = new CoverageRecorder();

// Only what decides what happens next: the keyword's class, the page in the list on screen, whether
// a typed name would be accepted, and what is being recorded.
const keyOf = (x?: Snapshot) => {
  if (!x) return '';
  const c = x.context;
  const parts: unknown[] = [JSON.stringify(x.value), c.readOnly];
  if (x.matches('open')) parts.push(Math.min(c.keyword.trim().length, 2));
  if (x.matches({ open: 'local' })) parts.push(c.localPage);
  if (x.matches({ open: 'fallback' })) parts.push(c.registryPage);
  if (x.matches({ open: { fallback: 'manualEntry' } })) parts.push(fullNameProblem(c.manualName) ?? 'ok');
  if (x.matches({ open: 'recording' })) parts.push(c.candidate?.source);
  return parts.join('|');
};
const model = new TestModel<Snapshot, AnyEventObject, CompanyLookupInput>(
  companyLookupMachine as unknown as ActorLogic<Snapshot, AnyEventObject, CompanyLookupInput>,
  {
    events,
    input,
    serializeState: (s, e, prev) =>
      `${keyOf(s)}${e ? ` via ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v))} from ${keyOf(prev)}` : ''}`,
  },
);
const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });

function startLookup() {
  const calls: { id: string; input: Record<string, unknown> }[] = [];
  const { pending, call: waitingCall } = pendingCalls();
  const call = (id: string) => waitingCall(id, (input) => calls.push({ id, input }));
  const actor = createActor(
    companyLookupMachine.provide({
      actors: {
        searchLocal: call('searchLocal'),
        searchRegistry: call('searchRegistry'),
        recordCompany: call('recordCompany'),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  const emitted: CompanyLookupEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, calls, emitted };
}

describe('company lookup statechart, generated paths', () => {
  it('generates paths', () => expect(paths.length).toBeGreaterThan(40));

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const lookup = startLookup();
      for (const step of path.steps.slice(1)) {
        const before = lookup.actor.getSnapshot();
        const emittedBefore = lookup.emitted.length;
        const callsBefore = lookup.calls.length;
        await performStep(lookup.actor, lookup.pending, step.event);
        const after = lookup.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        const news = lookup.emitted.slice(emittedBefore);
        const newCalls = lookup.calls.slice(callsBefore);

        // What a user relies on, whatever the path:
        if (after.context.readOnly) expect(after.value, 'a read-only lookup never opens').toBe('closed');
        if (after.hasTag('fallback')) {
          expect(after.can({ type: 'local.search' }), 'the local search is off after a miss').toBe(false);
        }
        if (step.event.type === 'xstate.done.actor.searchLocal' && step.event.output.rows.length === 0) {
          expect(news).toEqual([
            { type: 'notify', severity: 'warn', message: 'kitPickers.company.notFound' },
          ]);
          expect(after.hasTag('fallback')).toBe(true);
        }
        for (const c of newCalls) {
          if (c.id === 'searchLocal') expect(c.input.pageSize).toBe(COMPANY_PICKER_PAGE_SIZE);
          if (c.id === 'searchRegistry') expect(c.input.pageSize).toBe(REGISTRY_PICKER_PAGE_SIZE);
          if (c.id === 'recordCompany' && c.input.source === 'manual') {
            expect(
              fullNameProblem(String(c.input.CompanyName)),
              'only full names are recorded',
            ).toBeUndefined();
          }
        }
        const picked = news.find((e) => e.type === 'picked');
        if (picked) {
          expect(after.value).toBe('closed');
          if (step.event.type === 'local.choose') expect(picked.text).toBe(local.CompanyName);
          else {
            expect(step.event.type, 'registry and manual choices are recorded first').toBe(
              'xstate.done.actor.recordCompany',
            );
            expect(picked.text).toBe(before.context.candidate?.CompanyName);
          }
        }
        if (step.event.type === 'manual.confirm' && after.matches({ open: { fallback: 'manualEntry' } })) {
          expect(after.context.manualProblem, 'a refused name says why').toBe(
            fullNameProblem(before.context.manualName),
          );
        }
        if (after.matches('closed')) {
          expect(after.context, 'closing resets the lookup').toMatchObject({
            keyword: '',
            localRows: [],
            registryRows: [],
            manualName: '',
          });
        }
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(companyLookupMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
  // The inventory walks the states below the root; the root's own mode.change branches are checked here.
  expect([...coverage.transitions]).toEqual(
    expect.arrayContaining([
      'companyLookup --mode.change[becomesReadOnly]--> companyLookup.closed',
      'companyLookup --mode.change--> (self)',
    ]),
  );
});
