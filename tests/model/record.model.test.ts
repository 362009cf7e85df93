import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { FieldDef } from '../../catalogue/types';
import {
  ConfirmationAsked,
  FieldRefusal,
  type RecordInput,
  recordMachine,
} from '../../machines/kit/record.machine';
import { CoverageRecorder, pathTitle, pendingCalls, performStep, writeCoverageReport } from './model-kit';

type Snapshot = SnapshotFrom<typeof recordMachine>;

const fields: FieldDef[] = [
  { field: 'Name', kind: 'text', required: true },
  { field: 'Remark', kind: 'longText' },
  { field: 'OrderNo', kind: 'text', readOnly: true },
];
const stored = { ObjectID: 'r-1', Version: 3, Name: '宏图科技', Remark: '', OrderNo: 'DD202611220001' };
const refused = new Error('数据已被他人修改，请刷新后重试');

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDictionaries', output: {} },
  { type: 'xstate.error.actor.loadDictionaries', error: refused },
  { type: 'xstate.done.actor.loadRecord', output: stored },
  { type: 'xstate.error.actor.loadRecord', error: refused },
  {
    type: 'xstate.done.actor.saveRecord',
    output: { ...stored, ObjectID: 'r-2', Version: 4, Name: '新名称' },
  },
  { type: 'xstate.error.actor.saveRecord', error: refused },
  { type: 'xstate.error.actor.saveRecord', error: new FieldRefusal('Name is too long', 'Name') },
  {
    type: 'xstate.error.actor.saveRecord',
    error: new ConfirmationAsked('省份：仍有 3 家城市代理以该代理商为供货上级。确认后…', {
      name: 'carrySuppliedCcps',
      value: 3,
    }),
  },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'field.change', field: 'Name', value: '新名称' },
  { type: 'field.change', field: 'Name', value: '' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'record.reload' },
];
const inputs: RecordInput[] = [
  { objectId: 'r-1', action: 'edit', fields, dictionaryCodes: [] },
  { objectId: 'r-1', action: 'detail', fields, dictionaryCodes: [] },
  { action: 'add', fields, dictionaryCodes: [] },
];
const coverage = new CoverageRecorder();
let total = 0;

describe.each(inputs)('record statechart, generated paths (action $action)', (input) => {
  const model = new TestModel<Snapshot, AnyEventObject, RecordInput>(
    recordMachine as unknown as ActorLogic<Snapshot, AnyEventObject, RecordInput>,
    {
      events,
      input,
      serializeState: (s, e, prev) =>
        `${JSON.stringify(s.value)}|${s.context.action}|${JSON.stringify(s.context.values.Name ?? null)}|${JSON.stringify(s.context.original.Name ?? null)}${
          e
            ? ` via ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v))} from ${JSON.stringify(prev?.value)}`
            : ''
        }`,
    },
  );
  const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });
  total += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThanOrEqual(3));

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const { pending, call } = pendingCalls();
      const saved: Record<string, unknown>[] = [];
      const actor = createActor(
        recordMachine.provide({
          actors: {
            loadDictionaries: call('loadDictionaries'),
            loadRecord: call('loadRecord'),
            saveRecord: call('saveRecord', (given) => saved.push(given as Record<string, unknown>)),
          },
        }),
        { input, inspect: coverage.inspect },
      ).start();
      coverage.recordSnapshot(actor.getSnapshot());
      for (const step of path.steps.slice(1)) {
        const asked = actor.getSnapshot().context.confirmation;
        await performStep(actor, pending, step.event);
        const after = actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        if (step.event.type === 'confirm.accept')
          expect(
            (saved.at(-1) as { confirmed?: unknown }).confirmed,
            'a confirmed save sends back the figure it was asked about',
          ).toEqual({ [asked!.confirm.name]: asked!.confirm.value });
        if (step.event.type === 'form.submit' && after.matches('saving'))
          expect((saved.at(-1) as { confirmed?: unknown }).confirmed, 'a new save confirms nothing yet').toBe(
            undefined,
          );
        if (input.action === 'detail')
          expect(after.hasTag('editable'), 'action=detail is read-only').toBe(false);
        const last = saved.at(-1) as { action: string; body: Record<string, unknown> } | undefined;
        if (last) {
          expect(last.body.OrderNo, 'read-only fields are never sent').toBeUndefined();
          if (last.action === 'edit') {
            expect(last.body.ObjectID).toBeDefined();
            expect(last.body.Version, 'the version the editor saw goes with the save').toBeDefined();
            expect(Object.keys(last.body).sort(), 'only changed fields').toEqual([
              'Name',
              'ObjectID',
              'Version',
            ]);
          }
          expect(last.body.Name, 'a required field is never sent empty').toBeTruthy();
        }
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(recordMachine);
  writeCoverageReport(report, total);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
