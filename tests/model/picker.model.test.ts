import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { CustomerType } from '../../domain/codes/customers.codes';
import { type PickerEmitted, type PickerInput, pickerMachine } from '../../machines/kit/picker.machine';
import { pickers } from '../../machines/kit/pickers';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  pathTitle,
  performStep,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof pickerMachine>;

const a = { ObjectID: 'a', Name: '南京青禾智能装备有限公司' };
const b = { ObjectID: 'b', Name: '苏州星澜新能源有限公司' };
const refused = new Error('refused');

// The answers of the invoked search are events of the model, so failures are walked like successes.
const events: AnyEventObject[] = [
  { type: 'picker.open' },
  { type: 'picker.close' },
  { type: 'keyword.change', keyword: '青禾' },
  { type: 'search.submit' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 9 },
  { type: 'selection.change', rows: [a, b] },
  { type: 'selection.change', rows: [] },
  { type: 'selection.confirm' },
  { type: 'value.clear' },
  { type: 'mode.change', readOnly: true },
  { type: 'mode.change', readOnly: false },
  { type: 'xstate.done.actor.fetchPage', output: { rows: [a, b], total: 25 } },
  { type: 'xstate.error.actor.fetchPage', error: refused },
];

// A multi-choice picker configured well, and a single-choice one whose returnFn is misconfigured.
const inputs: { name: string; input: PickerInput }[] = [
  {
    name: 'customer, multiple',
    input: {
      definition: pickers.customer,
      field: 'AgentName',
      multiple: true,
      params: { ExtCustomerType_SDK: CustomerType.rsp },
    },
  },
  {
    name: 'region, returnFn without an object',
    input: {
      definition: { ...pickers.region, returnFn: () => 'no object' },
      field: 'CityName',
      readOnly: true,
    },
  },
];

const coverage = new CoverageRecorder();
let pathCount = 0;

function startPicker(input: PickerInput) {
  const pending = new Map<string, Deferred<unknown>>();
  const searches: { endpoint: string; body: Record<string, unknown> }[] = [];
  const fetchPage: any = fromPromise<never, { endpoint: string; body: Record<string, unknown> }>(
    ({ input }) => {
      searches.push(input);
      const d = deferred<unknown>();
      pending.set('fetchPage', d);
      return d.promise as Promise<never>;
    },
  );
  const actor = createActor(pickerMachine.provide({ actors: { fetchPage } }), {
    input,
    inspect: coverage.inspect,
  });
  const emitted: PickerEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, searches, emitted };
}

describe.each(inputs)('picker statechart, generated paths ($name)', ({ input }) => {
  const model = new TestModel<Snapshot, AnyEventObject, PickerInput>(
    pickerMachine as unknown as ActorLogic<Snapshot, AnyEventObject, PickerInput>,
    {
      events,
      input,
      serializeState: (s, e, prev) => {
        const key = (x?: Snapshot) =>
          x &&
          `${JSON.stringify(x.value)}|${x.context.readOnly}|${x.context.keyword}|${x.context.currentPage}|${x.context.total}|${x.context.selection.length}`;
        return `${key(s)}${e ? ` via ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v))} from ${key(prev)}` : ''}`;
      },
    },
  );
  const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThan(15));

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const picker = startPicker(input);
      for (const step of path.steps.slice(1)) {
        const before = picker.actor.getSnapshot();
        const emittedBefore = picker.emitted.length;
        await performStep(picker.actor, picker.pending, step.event);
        const after = picker.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        const news = picker.emitted.slice(emittedBefore);

        // What a user relies on, whatever the path:
        if (after.context.readOnly) expect(after.value, 'a read-only picker is never open').toBe('closed');
        for (const search of picker.searches) {
          expect(search.body.pageSize).toBe(input.definition.pageSize);
          expect(search.body).toMatchObject(input.params ?? {});
        }
        if (!input.multiple) expect(after.context.selection.length).toBeLessThanOrEqual(1);
        if (step.event.type === 'selection.confirm') {
          if (before.context.selection.length === 0) {
            expect(news).toEqual([
              { type: 'notify', severity: 'warn', message: 'kitPickers.nothingSelected' },
            ]);
            expect(after.matches('open')).toBe(true);
          } else if (input.definition.returnFn === pickers.customer.returnFn) {
            expect(news).toEqual([
              {
                type: 'picked',
                text: `${a.Name},${b.Name}`,
                values: { AgentName: `${a.Name},${b.Name}` },
                rows: [a, b],
              },
            ]);
            expect(after.value).toBe('closed');
          } else {
            expect(news).toEqual([
              { type: 'notify', severity: 'error', message: 'kitPickers.returnNotObject' },
            ]);
            expect(after.matches('open'), 'a misconfigured returnFn keeps the dialog open').toBe(true);
          }
        }
        if (after.matches('closed')) {
          expect(after.context, 'closing resets the dialog').toMatchObject({
            keyword: '',
            selection: [],
            rows: [],
          });
        }
        if (step.event.type === 'value.clear') expect(news).toEqual([{ type: 'cleared' }]);
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(pickerMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
  // The inventory walks the states below the root; the root's own mode.change branches are checked here.
  expect([...coverage.transitions]).toEqual(
    expect.arrayContaining([
      'picker --mode.change[becomesReadOnly]--> picker.closed',
      'picker --mode.change--> (self)',
    ]),
  );
});
