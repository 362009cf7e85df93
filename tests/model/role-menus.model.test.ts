import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { roleMenusMachine } from '../../machines/admin/role-menus.machine';
import type { RoleForm } from '../../machines/admin/role-menus.rules';
import { sameMenus } from '../../machines/admin/role-menus.tree';
import type { RoleDetail, RoleSummary } from '../../services/role.service';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  performStep,
  shortestPathsOf,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof roleMenusMachine>;

const menus = (...ids: string[]) => ids.map((id) => ({ ID: id, Path: id }));
const cityManager: RoleDetail = {
  ObjectID: 'JS012',
  RoleCode: 'JS012',
  RoleName: '城市经理',
  RoleNameEn: 'City manager',
  RoleDisplayName: '城市经理',
  DataScope: 'city',
  Version: 3,
  RoleToMenuMenuList: menus('system.cronjobList', 'system.cronjobInfo'),
};
const savedCityManager: RoleDetail = {
  ...cityManager,
  Version: 4,
  RoleToMenuMenuList: menus('system.cronjobList', 'system.cronjobInfo', 'system.roleMenus'),
};
const audit: RoleDetail = {
  ...cityManager,
  ObjectID: 'JS020',
  RoleCode: 'JS020',
  RoleName: '审计',
  RoleNameEn: 'Audit',
  DataScope: 'all',
  Version: 1,
  RoleToMenuMenuList: [],
};
const roles: RoleSummary[] = [{ ...cityManager, MenuCount: 2, EmployeeCount: 1, CreationOn: '2026-01-01' }];
const validForm: RoleForm = { RoleCode: 'JS020', RoleName: '审计', RoleNameEn: 'Audit', DataScope: 'all' };
const badForm: RoleForm = { RoleCode: 'AB12', RoleName: '', RoleNameEn: 'Audit', DataScope: 'all' };
const refused = new Error('数据已被他人修改，请刷新后重试');

// Every event the page can meet, with the answers of the invoked calls as events too, so failures are
// walked like successes.
const events: AnyEventObject[] = [
  { type: 'roles.reload' },
  { type: 'role.select', roleId: 'JS012' },
  { type: 'menu.toggle', key: 'system.roleMenus' },
  { type: 'changes.save' },
  { type: 'changes.discard' },
  { type: 'discard.confirm' },
  { type: 'discard.cancel' },
  { type: 'role.create' },
  { type: 'form.submit', form: validForm },
  { type: 'form.submit', form: badForm },
  { type: 'form.cancel' },
  { type: 'role.delete' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.loadRoles', output: roles },
  { type: 'xstate.error.actor.loadRoles', error: refused },
  { type: 'xstate.done.actor.loadRole', output: cityManager },
  { type: 'xstate.error.actor.loadRole', error: refused },
  { type: 'xstate.done.actor.saveRole', output: savedCityManager },
  { type: 'xstate.error.actor.saveRole', error: refused },
  { type: 'xstate.done.actor.createRole', output: audit },
  { type: 'xstate.error.actor.createRole', error: refused },
  { type: 'xstate.done.actor.deleteRole' },
  { type: 'xstate.error.actor.deleteRole', error: refused },
];

const isDirty = (s: Snapshot) => !sameMenus(s.context.ticked, s.context.saved);
/** What decides the next step: the state, unsaved ticks, the role in the editor and what waits. */
const stateKey = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    isDirty(s),
    s.context.role?.ObjectID ?? null,
    s.context.next?.kind ?? null,
    Object.keys(s.context.formErrors).length > 0,
  ]);

const coverage = new CoverageRecorder();
let pathCount = 0;

function startPage() {
  const pending = new Map<string, Deferred<unknown>>();
  const inputs = new Map<string, unknown>();
  const call = <T>(id: string): any =>
    fromPromise<T, unknown>(({ input }) => {
      const d = deferred<unknown>();
      pending.set(id, d);
      inputs.set(id, input);
      return d.promise as Promise<T>;
    });
  const emitted: string[] = [];
  const actor = createActor(
    roleMenusMachine.provide({
      actors: {
        loadRoles: call('loadRoles'),
        loadRole: call('loadRole'),
        saveRole: call('saveRole'),
        createRole: call('createRole'),
        deleteRole: call('deleteRole'),
      },
    }),
    { inspect: coverage.inspect },
  );
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, inputs, emitted };
}
type Page = ReturnType<typeof startPage>;

async function perform(page: Page, event: AnyEventObject) {
  await performStep(page.actor, page.pending, event);
}

/** What an administrator relies on in each state, whatever the path that led there. */
function checkInvariants(snapshot: Snapshot, page: Page) {
  expect(snapshot.can({ type: 'changes.save' }), 'Save is offered exactly when ticks are unsaved').toBe(
    snapshot.matches('editing') && isDirty(snapshot),
  );
  if (snapshot.matches('editing') || snapshot.matches('confirmingDelete')) {
    expect(snapshot.context.role, 'the editor always shows a role').toBeDefined();
  }
  if (snapshot.matches('browsing')) expect(snapshot.context.role).toBeUndefined();
  if (snapshot.matches('confirmingDiscard')) {
    expect(isDirty(snapshot), 'only unsaved ticks are asked about').toBe(true);
    expect(snapshot.context.next).toBeDefined();
  }
  if (snapshot.matches('saving')) {
    const sent = page.inputs.get('saveRole') as Record<string, unknown>;
    expect(Object.keys(sent).sort(), 'an update carries the version and only what changed').toEqual([
      'ObjectID',
      'RoleToMenuMenuList',
      'Version',
    ]);
    expect(sent.Version).toBe(snapshot.context.role?.Version);
  }
  if (snapshot.matches('creatingRole')) {
    expect(page.inputs.get('createRole')).toMatchObject({ RoleCode: 'JS020', RoleToMenuMenuList: [] });
  }
  if (snapshot.matches('loadFailed')) expect(snapshot.context.error).toBe(refused.message);
}

describe('role and menu statechart, generated paths', () => {
  const paths = shortestPathsOf<Snapshot, undefined>(roleMenusMachine, { events, stateKey });
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), async () => {
      const page = startPage();
      expect(page.actor.getSnapshot().value).toEqual(path.steps[0].state.value);
      for (const step of path.steps.slice(1)) {
        const before = page.actor.getSnapshot();
        await perform(page, step.event);
        const after = page.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        expect(after.context.ticked).toEqual(step.state.context.ticked);
        checkInvariants(after, page);
        if (before.matches('saving') && step.event.type.startsWith('xstate.error')) {
          expect(after.context.ticked, 'a refused save keeps the ticks').toEqual(before.context.ticked);
          expect(after.context.error).toBe(refused.message);
        }
        if (before.matches('deleting') && after.matches('browsing')) {
          expect(page.emitted).toContain('role.deleted');
        }
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(roleMenusMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
