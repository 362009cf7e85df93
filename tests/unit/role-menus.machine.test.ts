import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pages, permissionPageIds } from '../../catalogue/catalogue';
import { roleMenusMachine, selectIsDirty } from '../../machines/admin/role-menus.machine';
import type { RoleForm } from '../../machines/admin/role-menus.rules';
import { checkStates, menuTree, pagesUnder, toggleMenus } from '../../machines/admin/role-menus.tree';
import type { RoleCreate, RoleDetail, RoleSummary, RoleUpdate } from '../../services/role.service';

const menus = (...ids: string[]) => ids.map((id) => ({ ID: id, Path: id }));
const systemPages = pagesUnder('module:system');

function detail(code: string, name: string, ids: string[], version = 3): RoleDetail {
  return {
    ObjectID: code,
    RoleCode: code,
    RoleName: name,
    RoleNameEn: `${name} (en)`,
    RoleDisplayName: name,
    DataScope: 'city',
    Version: version,
    RoleToMenuMenuList: menus(...ids),
  };
}
const summary = (role: RoleDetail, employees: number): RoleSummary => ({
  ObjectID: role.ObjectID,
  RoleCode: role.RoleCode,
  RoleName: role.RoleName,
  RoleNameEn: role.RoleNameEn,
  DataScope: role.DataScope,
  Version: role.Version,
  MenuCount: role.RoleToMenuMenuList.length,
  EmployeeCount: employees,
  CreationOn: '2026-01-01',
});

/** A fake /roleToMenu server: it records what the machine sends and answers like the real one. */
function start(behaviour: { saveFails?: string; deleteFails?: string; createFails?: string } = {}) {
  const details: Record<string, RoleDetail> = {
    JS012: detail('JS012', '城市经理', ['system.cronjobList', 'system.cronjobInfo']),
    JS014: detail('JS014', '财务', ['system.roleMenus', 'no.longerInCatalogue']),
  };
  const sent = { saves: [] as RoleUpdate[], creates: [] as RoleCreate[], deletes: [] as string[] };
  const machine = roleMenusMachine.provide({
    actors: {
      loadRoles: fromPromise<RoleSummary[], void>(async () => [
        summary(details.JS012, 1),
        summary(details.JS014, 0),
      ]),
      loadRole: fromPromise<RoleDetail, { roleId: string }>(async ({ input }) => details[input.roleId]),
      saveRole: fromPromise<RoleDetail, RoleUpdate>(async ({ input }) => {
        sent.saves.push(input);
        if (behaviour.saveFails) throw new Error(behaviour.saveFails);
        const before = details[input.ObjectID];
        details[input.ObjectID] = {
          ...before,
          Version: before.Version + 1,
          RoleToMenuMenuList: input.RoleToMenuMenuList ?? before.RoleToMenuMenuList,
        };
        return details[input.ObjectID];
      }),
      createRole: fromPromise<RoleDetail, RoleCreate>(async ({ input }) => {
        sent.creates.push(input);
        if (behaviour.createFails) throw new Error(behaviour.createFails);
        details[input.RoleCode] = { ...detail(input.RoleCode, input.RoleName, [], 1), ...input };
        return details[input.RoleCode];
      }),
      deleteRole: fromPromise<void, { roleId: string }>(async ({ input }) => {
        sent.deletes.push(input.roleId);
        if (behaviour.deleteFails) throw new Error(behaviour.deleteFails);
      }),
    },
  });
  const actor = createActor(machine);
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  return { actor, sent, emitted };
}
type Running = ReturnType<typeof start>;

async function open({ actor }: Running, roleId: string) {
  await waitFor(actor, (s) => s.matches('browsing') || s.matches('editing'));
  actor.send({ type: 'role.select', roleId });
  await waitFor(actor, (s) => s.matches('editing') && s.context.role?.ObjectID === roleId);
  return actor.getSnapshot();
}
const settled = (actor: Running['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));
const dirty = (actor: Running['actor']) => selectIsDirty(actor.getSnapshot());

describe('choosing a role', () => {
  it('lists the roles, then shows the chosen role with its saved pages ticked and nothing to save', async () => {
    const running = start();
    await waitFor(running.actor, (s) => s.matches('browsing'));
    expect(running.actor.getSnapshot().context.roles.map((r) => r.RoleCode)).toEqual(['JS012', 'JS014']);
    const snapshot = await open(running, 'JS012');
    expect(snapshot.context.ticked).toEqual(['system.cronjobList', 'system.cronjobInfo']);
    expect(snapshot.can({ type: 'changes.save' })).toBe(false);
    expect(snapshot.can({ type: 'changes.discard' })).toBe(false);
  });

  it('drops menu paths the catalogue no longer has', async () => {
    const snapshot = await open(start(), 'JS014');
    expect(snapshot.context.saved).toEqual(['system.roleMenus']);
  });
});

describe('ticking pages', () => {
  it('is dirty while the ticks differ from the saved ones, and clean again when they match', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'system.roleMenus' });
    expect(dirty(running.actor)).toBe(true);
    running.actor.send({ type: 'menu.toggle', key: 'system.roleMenus' });
    expect(dirty(running.actor)).toBe(false);
  });

  it('ticks a whole module when part of it is ticked, and unticks it when all of it is', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'module:system' });
    expect(running.actor.getSnapshot().context.ticked).toEqual(systemPages);
    running.actor.send({ type: 'menu.toggle', key: 'module:system' });
    expect(running.actor.getSnapshot().context.ticked).toEqual([]);
  });

  it('ticks a page together with its detail pages', async () => {
    const running = start();
    await open(running, 'JS014');
    running.actor.send({ type: 'menu.toggle', key: 'system.cronjobList' });
    expect(running.actor.getSnapshot().context.ticked).toEqual([
      'system.cronjobList',
      'system.cronjobInfo',
      'system.roleMenus',
    ]);
  });

  it('discards the changes back to the saved ticks', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'system.cronjobInfo' });
    running.actor.send({ type: 'changes.discard' });
    expect(running.actor.getSnapshot().context.ticked).toEqual(['system.cronjobList', 'system.cronjobInfo']);
    expect(dirty(running.actor)).toBe(false);
  });
});

describe('saving', () => {
  it('sends the ObjectID, the Version it was based on and only the changed menu list', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'system.roleMenus' });
    running.actor.send({ type: 'changes.save' });
    expect(running.actor.getSnapshot().matches('saving')).toBe(true);
    await settled(running.actor);

    expect(running.sent.saves).toEqual([
      {
        ObjectID: 'JS012',
        Version: 3,
        RoleToMenuMenuList: menus('system.cronjobList', 'system.cronjobInfo', 'system.roleMenus'),
      },
    ]);
    const after = running.actor.getSnapshot();
    expect(after.matches('editing')).toBe(true);
    expect(after.context.role?.Version).toBe(4);
    expect(dirty(running.actor)).toBe(false);
    expect(after.context.roles.find((r) => r.ObjectID === 'JS012')).toMatchObject({
      MenuCount: 3,
      EmployeeCount: 1,
    });
    expect(running.emitted).toContain('role.saved');
  });

  it('keeps the ticks and shows the message when someone else saved first', async () => {
    const running = start({ saveFails: '数据已被他人修改，请刷新后重试' });
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'system.roleMenus' });
    running.actor.send({ type: 'changes.save' });
    await settled(running.actor);

    const after = running.actor.getSnapshot();
    expect(after.matches('editing')).toBe(true);
    expect(after.context.error).toBe('数据已被他人修改，请刷新后重试');
    expect(after.context.ticked).toContain('system.roleMenus');
    expect(after.context.role?.Version).toBe(3);
    expect(dirty(running.actor)).toBe(true);
    expect(running.emitted).not.toContain('role.saved');
  });

  it('cannot save a role without changes', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'changes.save' });
    expect(running.actor.getSnapshot().matches('editing')).toBe(true);
    expect(running.sent.saves).toEqual([]);
  });
});

describe('leaving a role with unsaved ticks', () => {
  it('asks first; cancelling keeps the ticks, confirming opens the other role', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'system.roleMenus' });
    running.actor.send({ type: 'role.select', roleId: 'JS014' });
    expect(running.actor.getSnapshot().matches('confirmingDiscard')).toBe(true);

    running.actor.send({ type: 'discard.cancel' });
    expect(running.actor.getSnapshot().context.role?.ObjectID).toBe('JS012');
    expect(running.actor.getSnapshot().context.ticked).toContain('system.roleMenus');

    running.actor.send({ type: 'role.select', roleId: 'JS014' });
    running.actor.send({ type: 'discard.confirm' });
    await settled(running.actor);
    expect(running.actor.getSnapshot().context.role?.ObjectID).toBe('JS014');
    expect(dirty(running.actor)).toBe(false);
  });

  it('switches at once when nothing is unsaved', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'role.select', roleId: 'JS014' });
    expect(running.actor.getSnapshot().matches('loadingRole')).toBe(true);
  });
});

describe('deleting', () => {
  it('asks for confirmation; cancel keeps the role, confirm deletes it', async () => {
    const running = start();
    await open(running, 'JS014');
    running.actor.send({ type: 'role.delete' });
    expect(running.actor.getSnapshot().matches('confirmingDelete')).toBe(true);
    running.actor.send({ type: 'delete.cancel' });
    expect(running.actor.getSnapshot().matches('editing')).toBe(true);
    expect(running.sent.deletes).toEqual([]);

    running.actor.send({ type: 'role.delete' });
    running.actor.send({ type: 'delete.confirm' });
    await settled(running.actor);
    const after = running.actor.getSnapshot();
    expect(running.sent.deletes).toEqual(['JS014']);
    expect(after.matches('browsing')).toBe(true);
    expect(after.context.role).toBeUndefined();
    expect(after.context.roles.map((r) => r.RoleCode)).toEqual(['JS012']);
    expect(running.emitted).toContain('role.deleted');
  });

  it('keeps the role and shows why when the server refuses', async () => {
    const running = start({ deleteFails: '该角色下还有 1 名员工，不能删除' });
    await open(running, 'JS012');
    running.actor.send({ type: 'role.delete' });
    running.actor.send({ type: 'delete.confirm' });
    await settled(running.actor);
    const after = running.actor.getSnapshot();
    expect(after.matches('editing')).toBe(true);
    expect(after.context.error).toBe('该角色下还有 1 名员工，不能删除');
    expect(after.context.roles).toHaveLength(2);
  });
});

describe('creating a role', () => {
  const valid: RoleForm = { RoleCode: ' JS020 ', RoleName: '审计', RoleNameEn: 'Audit', DataScope: 'all' };

  it('checks the form before calling the server', async () => {
    const running = start();
    await waitFor(running.actor, (s) => s.matches('browsing'));
    running.actor.send({ type: 'role.create' });
    expect(running.actor.getSnapshot().matches('creating')).toBe(true);

    running.actor.send({
      type: 'form.submit',
      form: { RoleCode: 'AB12', RoleName: ' ', RoleNameEn: '', DataScope: 'all' },
    });
    expect(running.actor.getSnapshot().context.formErrors).toEqual({
      RoleCode: 'admin.roleMenus.codeRule',
      RoleName: 'required',
      RoleNameEn: 'required',
    });
    running.actor.send({ type: 'form.submit', form: { ...valid, RoleCode: 'JS012' } });
    expect(running.actor.getSnapshot().context.formErrors).toEqual({ RoleCode: 'admin.roleMenus.codeTaken' });
    running.actor.send({ type: 'form.submit', form: { ...valid, RoleCode: '', DataScope: '' } });
    expect(running.actor.getSnapshot().context.formErrors).toEqual({
      RoleCode: 'required',
      DataScope: 'required',
    });
    expect(running.sent.creates).toEqual([]);
    expect(running.actor.getSnapshot().matches('creating')).toBe(true);
  });

  it('creates the role without pages and opens it for ticking', async () => {
    const running = start();
    await waitFor(running.actor, (s) => s.matches('browsing'));
    running.actor.send({ type: 'role.create' });
    running.actor.send({ type: 'form.submit', form: valid });
    await settled(running.actor);
    expect(running.sent.creates).toEqual([
      { RoleCode: 'JS020', RoleName: '审计', RoleNameEn: 'Audit', DataScope: 'all', RoleToMenuMenuList: [] },
    ]);
    const after = running.actor.getSnapshot();
    expect(after.matches('editing')).toBe(true);
    expect(after.context.role?.RoleCode).toBe('JS020');
    expect(after.context.roles.map((r) => r.RoleCode)).toEqual(['JS012', 'JS014', 'JS020']);
    expect(running.emitted).toContain('role.created');
  });

  it('stays in the form with the server message when the server refuses', async () => {
    const running = start({ createFails: '角色编码 JS020 已存在' });
    await waitFor(running.actor, (s) => s.matches('browsing'));
    running.actor.send({ type: 'role.create' });
    running.actor.send({ type: 'form.submit', form: valid });
    await settled(running.actor);
    expect(running.actor.getSnapshot().matches('creating')).toBe(true);
    expect(running.actor.getSnapshot().context.error).toBe('角色编码 JS020 已存在');
    running.actor.send({ type: 'form.cancel' });
    expect(running.actor.getSnapshot().matches('browsing')).toBe(true);
    expect(running.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('asks before a new role replaces unsaved ticks, and cancelling the form returns to the role', async () => {
    const running = start();
    await open(running, 'JS012');
    running.actor.send({ type: 'menu.toggle', key: 'system.roleMenus' });
    running.actor.send({ type: 'role.create' });
    expect(running.actor.getSnapshot().matches('confirmingDiscard')).toBe(true);
    running.actor.send({ type: 'discard.confirm' });
    expect(running.actor.getSnapshot().matches('creating')).toBe(true);
    running.actor.send({ type: 'form.cancel' });
    const after = running.actor.getSnapshot();
    expect(after.matches('editing')).toBe(true);
    expect(after.context.role?.ObjectID).toBe('JS012');
    expect(dirty(running.actor)).toBe(false);
  });
});

describe('the menu tree', () => {
  const keysOf = (nodes: typeof menuTree): string[] =>
    nodes.flatMap((n) =>
      (n.kind === 'page' || n.kind === 'detail' ? [n.key] : []).concat(keysOf(n.children)),
    );

  it('holds every page a role may be given exactly once, and no other', () => {
    const keys = keysOf(menuTree);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...permissionPageIds()].sort());
  });

  it('hangs every hidden page under the page it is opened from', () => {
    for (const page of pages.filter((p) => p.hidden && p.parent && permissionPageIds().includes(p.id))) {
      expect(pagesUnder(page.parent!), page.id).toContain(page.id);
    }
  });

  it('groups pages as the side menu does', () => {
    expect(pagesUnder('group:ordersSetup.loans').length).toBeGreaterThan(0);
    expect(pagesUnder('module:ordersSetup')).toEqual(
      expect.arrayContaining(pagesUnder('group:ordersSetup.loans')),
    );
  });

  it('checks a node when all its pages are ticked and marks it partial when some are', () => {
    const states = checkStates(toggleMenus([], 'system.cronjobList'));
    expect(states['system.cronjobList']).toEqual({ checked: true, partialChecked: false });
    expect(states['module:system']).toEqual({ checked: false, partialChecked: true });
    expect(states['system.roleMenus']).toBeUndefined();
  });
});
