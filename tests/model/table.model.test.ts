import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { col, lockedWhile } from '../../catalogue/define';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { type TableInput, tableMachine } from '../../machines/kit/table.machine';
import type { DictionaryOption } from '../../services/dictionary.service';
import type { WireRecord } from '../../services/resource.service';
import { CoverageRecorder, pathTitle, pendingCalls, performStep, writeCoverageReport } from './model-kit';

type Snapshot = SnapshotFrom<typeof tableMachine>;

const row = (n: number, extra: Record<string, unknown> = {}): WireRecord => ({
  ObjectID: `id-${n}`,
  Version: 1,
  Name: `行${n}`,
  ...extra,
});
/** A status in which the page below locks its cells (`lockedWhile`), as the server refuses their saves. */
const CLOSED = '171';
const page1 = {
  rows: [row(1), row(2, { OrderChannel: OrderChannel.partnerLine }), row(3, { Status: CLOSED })],
  total: 25,
};
const refused = new Error('refused');

// The answers of the invoked calls are events of the model, so failures are walked like successes.
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.fetchPage', output: page1 },
  { type: 'xstate.done.actor.fetchPage', output: { rows: [row(1)], total: 11 } },
  { type: 'xstate.error.actor.fetchPage', error: refused },
  { type: 'xstate.done.actor.loadDictionaries', output: { Status: [{ keyword: '101', content: '启用' }] } },
  { type: 'xstate.error.actor.loadDictionaries', error: refused },
  { type: 'xstate.done.actor.deleteRows' },
  { type: 'xstate.error.actor.deleteRows', error: refused },
  { type: 'xstate.done.actor.saveCell', output: row(1, { Name: '改过', Version: 2 }) },
  { type: 'xstate.error.actor.saveCell', error: refused },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 99 },
  { type: 'size.change', size: 20 },
  { type: 'size.change', size: 7 },
  { type: 'sort.change', sort: { field: 'Name', descending: true } },
  { type: 'filter.apply', filters: { Name: '行' } },
  { type: 'filter.reset' },
  { type: 'table.refresh' },
  { type: 'selection.change', ids: ['id-1'] },
  { type: 'row.delete', objectId: 'id-1' },
  { type: 'rows.delete' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'cell.edit', objectId: 'id-1', field: 'Name' },
  { type: 'cell.edit', objectId: 'id-2', field: 'Name' },
  { type: 'cell.edit', objectId: 'id-3', field: 'Name' },
  { type: 'cell.edit', objectId: 'id-1', field: 'Status' },
  { type: 'cell.change', value: '改过' },
  { type: 'cell.commit' },
  { type: 'cell.cancel' },
];
const input: TableInput = {
  initial: { OrderChannel: OrderChannel.ownLine },
  dictionaryCodes: ['Status'],
  cells: {
    columns: [col.text('Name', { editable: true }), col.dict('Status', 'Status')],
    lockedWhile: [lockedWhile('Status', [CLOSED])],
  },
};
const coverage = new CoverageRecorder();

const model = new TestModel<Snapshot, AnyEventObject, TableInput>(
  tableMachine as unknown as ActorLogic<Snapshot, AnyEventObject, TableInput>,
  {
    events,
    input,
    serializeState: (s, e, prev) =>
      `${JSON.stringify(s.value)}|${s.context.currentPage}|${s.context.selection.length}|${s.context.rows.length}${
        e
          ? ` via ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v))} from ${JSON.stringify(prev?.value)}@${prev?.context.currentPage}`
          : ''
      }`,
  },
);
const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });

function startTable() {
  const { pending, call } = pendingCalls();
  const requests: Record<string, unknown>[] = [];
  const notices: string[] = [];
  const actor = createActor(
    tableMachine.provide({
      actors: {
        fetchPage: call('fetchPage', (i) => requests.push(i as Record<string, unknown>)),
        loadDictionaries: call('loadDictionaries'),
        deleteRows: call('deleteRows'),
        saveCell: call('saveCell'),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  actor.on('notify', (e) => notices.push(e.message));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, requests, notices };
}

describe('table statechart, generated paths', () => {
  it('generates paths', () => expect(paths.length).toBeGreaterThan(30));

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const table = startTable();
      for (const step of path.steps.slice(1)) {
        const before = table.actor.getSnapshot();
        await performStep(table.actor, table.pending, step.event);
        const after = table.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        // What the user relies on, whatever the path:
        const lastRequest = table.requests.at(-1);
        if (lastRequest)
          expect(lastRequest.OrderChannel, 'the page lens is always sent').toBe(OrderChannel.ownLine);
        // The partner line's row (SPEC §4), the row in a state its page locks, a column not editable: never.
        if (after.matches({ data: 'editingCell' }))
          expect(after.context.edit, 'only an open row’s editable cell edits').toMatchObject({
            objectId: 'id-1',
            field: 'Name',
          });
        if (step.event.type === 'rows.delete' && before.context.selection.length === 0) {
          expect(table.notices.at(-1)).toBe('app.kit.selectFirst');
        }
        expect(after.context.pageSize === 10 || after.context.pageSize === 20).toBe(true);
        expect(after.context.currentPage).toBeLessThanOrEqual(3);
      }
    });
  }
});

describe('table statechart, a search while a page loads', () => {
  it('asks for the filtered rows and shows them, not the answer that was on its way', async () => {
    const asked: Record<string, unknown>[] = [];
    const answers: ((page: typeof page1) => void)[] = [];
    const actor = createActor(
      tableMachine.provide({
        actors: {
          fetchPage: fromPromise<typeof page1, Record<string, unknown>>(({ input: request }) => {
            asked.push(request);
            return new Promise((resolve) => answers.push(resolve));
          }),
          loadDictionaries: fromPromise(async () => ({})),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'filter.apply', filters: { Name: '行1' } });
    expect(asked.map((request) => request.Name)).toEqual([undefined, '行1']);
    answers[0](page1);
    answers[1]({ rows: [row(1)], total: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shown = actor.getSnapshot();
    expect(shown.matches({ data: 'ready' })).toBe(true);
    expect(shown.context.rows.map((r) => r.ObjectID)).toEqual(['id-1']);
    expect(shown.context.total).toBe(1);
  });
});

describe('table statechart, dictionaries that fail to load', () => {
  it('asks again on its own a few times, later each time, then waits for a refresh', async () => {
    const timers: { at: number; fire: () => void }[] = [];
    let now = 0;
    const clock = {
      setTimeout: (fire: () => void, ms: number) => timers.push({ at: now + ms, fire }),
      clearTimeout: (id: number) => {
        timers[id - 1] = { at: Number.POSITIVE_INFINITY, fire: () => {} };
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timer.at = Number.POSITIVE_INFINITY;
        timer.fire();
      }
    };
    let asked = 0;
    const actor = createActor(
      tableMachine.provide({
        actors: {
          fetchPage: fromPromise(async () => page1),
          loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(async () => {
            asked += 1;
            throw refused;
          }),
        },
      }),
      { input, clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(asked).toBe(1);
    advance(1499);
    await settle();
    expect(asked, 'not before the delay').toBe(1);
    advance(1);
    await settle();
    expect(asked).toBe(2);
    advance(3000);
    await settle();
    advance(4500);
    await settle();
    expect(asked).toBe(4);
    advance(60_000);
    await settle();
    expect(asked, 'three retries, then no more on its own').toBe(4);
    expect(actor.getSnapshot().matches({ lookups: 'failed' })).toBe(true);
    actor.send({ type: 'table.refresh' });
    await settle();
    expect(asked, 'a refresh asks again').toBe(5);
  });
});

afterAll(() => {
  const report = coverage.report(tableMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
