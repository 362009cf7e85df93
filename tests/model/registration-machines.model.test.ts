import { afterAll, describe, expect, it } from 'vitest';
import {
  type ActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { ChannelType } from '../../domain/codes/customers.codes';
import type { FileAttachment } from '../../domain/files';
import { progressMachine, type ResubmitInput } from '../../machines/registration/progress.machine';
import { registrationFormMachine } from '../../machines/registration/registration-form.machine';
import { requiredFields, validate } from '../../machines/registration/registration-form.rules';
import type { RegistrationProgress } from '../../services/registration.service';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  pathTitle,
  performStep,
  writeCoverageReport,
} from './model-kit';

/**
 * The two public registration statecharts walked along generated paths: every invoked call waits for the
 * path to answer it (done or error), so failures are walked like successes; coverage of every state
 * and transition is asserted per machine.
 */
const refused = new Error('refused');
const licence: FileAttachment = { ObjectID: 'f-1', FileName: '营业执照.pdf', FileURL: '/f/f-1', Size: 1 };
const eventText = (e: AnyEventObject) => JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v));

/** Shortest paths to every (state, context key, last event type, previous state) the machine reaches. */
function generate<T extends AnyStateMachine>(
  machine: T,
  events: AnyEventObject[],
  input: unknown,
  contextKey: (s: SnapshotFrom<T>) => unknown,
) {
  const model = new TestModel(machine as unknown as ActorLogic<SnapshotFrom<T>, AnyEventObject, unknown>, {
    events,
    input,
    serializeState: (s, e, prev) =>
      `${JSON.stringify((s as { value: unknown }).value)}|${JSON.stringify(contextKey(s))}${
        e ? ` via ${e.type} from ${JSON.stringify((prev as { value: unknown } | undefined)?.value)}` : ''
      }`,
  });
  return model.getShortestPaths({ filterEvents: (s, e) => (s as { can(e: unknown): boolean }).can(e) });
}

type Path = ReturnType<typeof generate>[number];
const title = (path: Path) => pathTitle(path);

/** Runs one path on a fresh actor whose invoked calls wait for the path's done/error steps. */
async function walk(
  machine: AnyStateMachine,
  ids: string[],
  input: unknown,
  path: Path,
  coverage: CoverageRecorder,
  check: (snapshot: SnapshotFrom<AnyStateMachine>, calls: Map<string, unknown[]>) => void,
) {
  const pending = new Map<string, Deferred<unknown>>();
  const calls = new Map<string, unknown[]>(ids.map((id) => [id, []]));
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise<unknown, unknown>(({ input: given }) => {
        calls.get(id)?.push(given);
        const d = deferred<unknown>();
        pending.set(id, d);
        return d.promise;
      }),
    ]),
  );
  const actor = createActor(machine.provide({ actors } as never), {
    input,
    inspect: coverage.inspect,
  } as never).start();
  coverage.recordSnapshot(actor.getSnapshot());
  for (const step of path.steps.slice(1)) {
    await performStep(actor, pending, step.event);
    const after = actor.getSnapshot();
    expect(after.value, `after ${eventText(step.event)}`).toEqual(step.state.value);
    check(after, calls);
  }
}

function suite(
  name: string,
  machine: AnyStateMachine,
  ids: string[],
  input: unknown,
  paths: Path[],
  check: (snapshot: SnapshotFrom<AnyStateMachine>, calls: Map<string, unknown[]>) => void,
) {
  const coverage = new CoverageRecorder();
  describe(`${name} statechart, generated paths`, () => {
    it('generates paths', () => expect(paths.length).toBeGreaterThan(5));
    for (const path of paths) it(title(path), () => walk(machine, ids, input, path, coverage, check));
    afterAll(() => {
      const report = coverage.report(machine);
      writeCoverageReport(report, paths.length);
      expect(report.missingStates).toEqual([]);
      expect(report.missingTransitions).toEqual([]);
    });
  });
}

// ── The public form: the registry pick fills three fields, the others one by one. ──
type FormSnapshot = SnapshotFrom<typeof registrationFormMachine>;
const formEvents: AnyEventObject[] = [
  {
    type: 'company.pick',
    name: '南京启明科技有限公司',
    creditCode: '91110000600037341L',
    representative: '周启明',
  },
  { type: 'field.change', field: 'ProvinceCode', value: '320000' },
  { type: 'field.change', field: 'ProvinceCode', value: '' },
  { type: 'field.change', field: 'Address', value: '南京市鼓楼区中山北路 1 号' },
  { type: 'field.change', field: 'ContactName', value: '周启明' },
  { type: 'field.change', field: 'ContactPhone', value: '13912340001' },
  { type: 'field.change', field: 'Email', value: 'zhou@example.com' },
  { type: 'field.change', field: 'ExtBankName_SDK', value: '招商银行南京分行' },
  { type: 'field.change', field: 'ExtBankAccountName_SDK', value: '南京启明科技有限公司' },
  { type: 'field.change', field: 'ExtBankAccount_SDK', value: '1259 0388 7710 601' },
  { type: 'licence.change', files: [licence] },
  { type: 'form.submit' },
  { type: 'regions.retry' },
  { type: 'xstate.done.actor.loadProvinces', output: [{ code: '320000', name: '江苏省' }] },
  { type: 'xstate.error.actor.loadProvinces', error: refused },
  { type: 'xstate.done.actor.loadCities', output: [{ code: '320100', name: '南京市' }] },
  { type: 'xstate.error.actor.loadCities', error: refused },
  { type: 'xstate.done.actor.submitRegistration', output: { RegistrationNo: 'ZR202611220001' } },
  { type: 'xstate.error.actor.submitRegistration', error: refused },
];
const formInput = { channel: ChannelType.rsp };
suite(
  'registration form',
  registrationFormMachine,
  ['loadProvinces', 'loadCities', 'submitRegistration'],
  formInput,
  generate(registrationFormMachine, formEvents, formInput, (s: FormSnapshot) => [
    Object.keys(validate(s.context.channel, s.context.values)).length,
    Object.keys(s.context.errors).length > 0,
  ]),
  (snapshot, calls) => {
    const s = snapshot as FormSnapshot;
    for (const body of calls.get('submitRegistration') as Record<string, unknown>[])
      for (const field of requiredFields(ChannelType.rsp))
        expect(body[field], `${field} is never sent empty`).toBeTruthy();
    for (const code of calls.get('loadCities') as string[]) expect(code).not.toBe('');
    if (s.matches({ form: 'submitted' })) expect(s.context.registrationNo).toMatch(/^ZR/);
    if (s.matches({ form: 'submitting' })) expect(s.hasTag('editable')).toBe(false);
  },
);

// ── The progress page: number and phone in, a returned application takes corrections. ──
type ProgressSnapshot = SnapshotFrom<typeof progressMachine>;
const found = (State: string, MayWithdraw = State !== 'toSign'): RegistrationProgress => ({
  RegistrationNo: 'ZR202611220001',
  State,
  CurrentStep: null,
  MayWithdraw,
  Steps: [],
  StepIndex: null,
  Reason: State === 'supplement' ? '请补充' : null,
  History: [],
});
const progressEvents: AnyEventObject[] = [
  { type: 'query.change', field: 'registrationNo', value: '' },
  { type: 'query.change', field: 'registrationNo', value: 'ZR202611220001' },
  { type: 'query.change', field: 'phone', value: '13912340001' },
  { type: 'query.submit' },
  { type: 'progress.refresh' },
  { type: 'correction.change', field: 'Address', value: '南京市玄武区珠江路 8 号' },
  { type: 'licence.change', files: [licence] },
  { type: 'supplement.submit' },
  { type: 'xstate.done.actor.fetchProgress', output: found('inReview') },
  { type: 'xstate.done.actor.fetchProgress', output: found('supplement') },
  { type: 'xstate.error.actor.fetchProgress', error: refused },
  { type: 'xstate.done.actor.resubmit', output: { State: 'inReview' } },
  { type: 'xstate.error.actor.resubmit', error: refused },
  { type: 'xstate.done.actor.fetchProgress', output: found('toSign') },
  { type: 'withdraw.ask' },
  { type: 'withdraw.cancel' },
  { type: 'withdraw.confirm' },
  { type: 'xstate.done.actor.withdraw', output: { State: 'withdrawn' } },
  { type: 'xstate.error.actor.withdraw', error: refused },
];
const progressInput = { registrationNo: 'ZR202611220001' };
suite(
  'registration progress',
  progressMachine,
  ['fetchProgress', 'resubmit', 'withdraw'],
  progressInput,
  generate(progressMachine, progressEvents, progressInput, (s: ProgressSnapshot) => [
    s.context.registrationNo !== '',
    s.context.phone !== '',
    s.context.progress?.State ?? null,
    s.context.missing ?? null,
  ]),
  (snapshot, calls) => {
    const s = snapshot as ProgressSnapshot;
    for (const query of calls.get('fetchProgress') as { RegistrationNo: string; ContactPhone: string }[]) {
      expect(query.RegistrationNo, 'never looked up without a number').not.toBe('');
      expect(query.ContactPhone, 'never looked up without a phone').not.toBe('');
    }
    for (const body of calls.get('resubmit') as ResubmitInput[]) expect(body.ContactPhone).toBeTruthy();
    for (const query of calls.get('withdraw') as { RegistrationNo: string; ContactPhone: string }[])
      expect(query.ContactPhone, 'the applicant proves the application').toBeTruthy();
    if (s.matches('confirmingWithdrawal') || s.matches('withdrawing'))
      expect(s.context.progress?.MayWithdraw, 'offered only when the server allows it').toBe(true);
    if (s.matches('resubmitting')) expect(s.context.progress?.State).toBe('supplement');
    if (s.context.progress?.State !== 'supplement') expect(s.context.corrections).toEqual({});
  },
);
