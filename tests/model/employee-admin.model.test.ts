import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { employeeAdminMachine } from '../../machines/admin/employee-admin.machine';
import { changesOf, isStrongPassword } from '../../machines/admin/employee-admin.rules';
import type { EmployeeRecord } from '../../services/employee.service';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  shortestPathsOf,
  walkPath,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof employeeAdminMachine>;

const clerk: EmployeeRecord = {
  ObjectID: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
  Version: 3,
  LastName: 'Wang Min',
  ExtUserName_SDK: 'wang.min',
  ExtRoleCode_SDK: 'JS013',
  Email: 'wang.min@portal.example',
  Phone: null,
  ProvinceCode: '320000',
  CityCode: null,
  ExtCompanyID_SDK: null,
  Enabled: true,
};
const roles = [
  { value: 'JS013', label: 'Sales operations', scope: 'all' },
  { value: 'JS002', label: 'RSP staff', scope: 'company' },
];
const provinces = [{ value: '320000', label: 'Jiangsu' }];
const refused = new Error('Email: invalid format');
const stale = new Error('someone else changed this employee; reload and try again');

// Every event the page can meet, with the answers of the invoked calls as events too, so failures are
// walked like successes.
const events: AnyEventObject[] = [
  { type: 'employee.create' },
  { type: 'employee.edit', row: clerk },
  { type: 'password.reset', row: clerk },
  { type: 'change.undo', row: clerk },
  { type: 'form.change', field: 'LastName', value: 'Wang Ming' },
  { type: 'form.change', field: 'ProvinceCode', value: '110000' },
  { type: 'form.change', field: 'Password', value: 'Temp2026x' },
  { type: 'form.change', field: 'Password', value: 'weak' },
  { type: 'company.search', keyword: 'Nanjing' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'undo.confirm' },
  { type: 'undo.cancel' },
  { type: 'xstate.done.actor.loadForm', output: { record: clerk, roles, provinces } },
  { type: 'xstate.error.actor.loadForm', error: stale },
  { type: 'xstate.done.actor.loadCities', output: [{ value: '320100', label: 'Nanjing' }] },
  { type: 'xstate.error.actor.loadCities', error: stale },
  { type: 'xstate.done.actor.searchCompanies', output: [{ value: 'c1', label: 'Nanjing Agent' }] },
  { type: 'xstate.error.actor.searchCompanies', error: stale },
  { type: 'xstate.done.actor.saveEmployee', output: { ...clerk, Version: 4 } },
  { type: 'xstate.error.actor.saveEmployee', error: refused },
  { type: 'xstate.done.actor.resetPassword', output: { ObjectID: clerk.ObjectID, Version: 4 } },
  { type: 'xstate.error.actor.resetPassword', error: stale },
  { type: 'xstate.done.actor.undoChange', output: { ...clerk, Version: 4 } },
  { type: 'xstate.error.actor.undoChange', error: stale },
];

/** What decides the next step: the state, the dialog's kind, unsaved changes, the password, the error. */
const stateKey = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.mode ?? null,
    s.context.target ? Object.keys(changesOf(s.context)).length > 0 : null,
    isStrongPassword(s.context.form.Password),
    s.context.errorField ?? null,
  ]);

const coverage = new CoverageRecorder();
let pathCount = 0;

function startPage(accountAdmin = true, selfId?: string) {
  const pending = new Map<string, Deferred<unknown>>();
  const inputs = new Map<string, unknown>();
  const call = <T>(id: string): any =>
    fromPromise<T, unknown>(({ input }) => {
      const d = deferred<unknown>();
      pending.set(id, d);
      inputs.set(id, input);
      return d.promise as Promise<T>;
    });
  const emitted: { type: string; message?: string }[] = [];
  const ids = ['loadForm', 'loadCities', 'searchCompanies', 'saveEmployee', 'resetPassword', 'undoChange'];
  const actor = createActor(
    employeeAdminMachine.provide({ actors: Object.fromEntries(ids.map((id) => [id, call(id)])) }),
    { input: { accountAdmin, selfId }, inspect: coverage.inspect },
  );
  actor.on('*', (e) => emitted.push(e as { type: string; message?: string }));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, inputs, emitted };
}
type Page = ReturnType<typeof startPage>;

/** What an administrator relies on in each state, whatever the path that led there. */
function checkInvariants(before: Snapshot, after: Snapshot, page: Page, event: AnyEventObject) {
  if (
    after.matches({ form: { submission: 'saving' } }) &&
    !before.matches({ form: { submission: 'saving' } })
  ) {
    const sent = page.inputs.get('saveEmployee') as { mode: string; changes?: object; fields?: object };
    if (after.context.mode === 'edit') {
      const { ObjectID, Version, ...changed } = sent.changes as Record<string, unknown>;
      expect({ ObjectID, Version }, 'an update names the version the form showed').toEqual({
        ObjectID: clerk.ObjectID,
        Version: clerk.Version,
      });
      expect(Object.keys(changed).length).toBeGreaterThan(0);
      for (const [field, value] of Object.entries(changed)) {
        expect(value, `${field} goes out only when changed`).not.toEqual(clerk[field] ?? null);
      }
    } else {
      expect(sent.fields, 'a new account goes out with its initial password').toMatchObject({
        Password: 'Temp2026x',
      });
    }
  }
  if (after.matches('resetting')) {
    expect(page.inputs.get('resetPassword')).toEqual({
      ObjectID: clerk.ObjectID,
      Version: 3,
      Password: 'Temp2026x',
    });
  }
  if (after.matches('undoing')) {
    expect(page.inputs.get('undoChange')).toEqual({ ObjectID: clerk.ObjectID, Version: 3 });
  }
  if (before.hasTag('busy') && after.matches('idle') && event.type.startsWith('xstate.done')) {
    expect(page.emitted.at(-1)?.type, 'a finished write reloads the list').toBe('rows.changed');
  }
  if (
    before.matches({ form: { submission: 'saving' } }) &&
    event.type === 'xstate.error.actor.saveEmployee'
  ) {
    expect(after.context.errorField, 'the refusal names the field').toBe('Email');
    expect(after.context.form, 'a refused save keeps what was typed').toEqual(before.context.form);
  }
  if (after.matches('idle')) expect(after.context.target).toBeUndefined();
}

describe('employee administration statechart, generated paths', () => {
  const paths = shortestPathsOf<Snapshot, { accountAdmin: boolean }>(employeeAdminMachine, {
    events,
    input: { accountAdmin: true },
    stateKey,
  });
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), async () => {
      const page = startPage();
      await walkPath(page, path.steps, (before, after, event) => checkInvariants(before, after, page, event));
    });
  }
});

describe('employee administration for a holder of the page who is no account administrator', () => {
  it('offers the reset only', () => {
    const { actor } = startPage(false);
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'employee.create' })).toBe(false);
    expect(snapshot.can({ type: 'employee.edit', row: clerk })).toBe(false);
    expect(snapshot.can({ type: 'change.undo', row: clerk })).toBe(false);
    expect(snapshot.can({ type: 'password.reset', row: clerk })).toBe(true);
    const administrator = { ...clerk, ExtRoleCode_SDK: 'JS001' };
    expect(snapshot.can({ type: 'password.reset', row: administrator }), "not an administrator's").toBe(
      false,
    );
  });

  it("never offers one's own password, which the password form changes", () => {
    const { actor } = startPage(true, clerk.ObjectID);
    expect(actor.getSnapshot().can({ type: 'password.reset', row: clerk })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'password.reset', row: { ...clerk, ObjectID: 'other' } })).toBe(
      true,
    );
  });
});

afterAll(() => {
  const report = coverage.report(employeeAdminMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
