import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('/portal/roleToMenu', () => {
  it('pages through the roles with their menu and employee counts', async () => {
    const first = await t.post('/roleToMenu/search', { currentPage: 1, pageSize: 5 }, admin);
    // The thirteen roles of DOMAIN.md and the region manager (JS019) of the special prices' region level.
    expect(first.body.totalSize).toBe(14);
    expect(first.body.results).toHaveLength(5);
    expect(first.body.results[0]).toMatchObject({
      RoleCode: 'JS001',
      RoleName: '系统管理员',
      EmployeeCount: 1,
    });
    const last = await t.post('/roleToMenu/search', { currentPage: 3, pageSize: 5 }, admin);
    expect(last.body.results).toHaveLength(4);
    const found = await t.post('/roleToMenu/search', { keyword: '财务' }, admin);
    expect(found.body.results.map((r: { RoleCode: string }) => r.RoleCode)).toEqual(['JS014']);
  });

  it('creates a role with menus, which then decide what its staff may call', async () => {
    const created = await t.post(
      '/roleToMenu/create',
      {
        RoleCode: 'JS099',
        RoleName: '审计',
        RoleNameEn: 'Audit',
        DataScope: 'all',
        RoleToMenuMenuList: [{ ID: 'system.roleMenus', Path: 'system.roleMenus' }],
      },
      admin,
    );
    expect(created.body).toMatchObject({
      state: true,
      message: '保存成功',
      results: { RoleCode: 'JS099', Version: 1 },
    });
    const one = await t.post('/roleToMenu/getOne', { ObjectID: 'JS099' }, admin);
    expect(one.body.results.RoleToMenuMenuList).toEqual([
      { ID: 'system.roleMenus', Path: 'system.roleMenus' },
    ]);
  });

  it('refuses a menu that names no page, a duplicate code and a malformed code', async () => {
    const bad = await t.post(
      '/roleToMenu/create',
      {
        RoleCode: 'JS098',
        RoleName: 'x',
        RoleNameEn: 'x',
        DataScope: 'all',
        RoleToMenuMenuList: [{ ID: 'a', Path: 'no.such.page' }],
      },
      admin,
    );
    expect(bad.body).toEqual({ state: false, message: '菜单 no.such.page 不存在' });
    const duplicate = await t.post(
      '/roleToMenu/create',
      { RoleCode: 'JS001', RoleName: 'x', RoleNameEn: 'x', DataScope: 'all' },
      admin,
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('角色编码 JS001 已存在');
    const malformed = await t.post(
      '/roleToMenu/create',
      { RoleCode: 'admin', RoleName: 'x', RoleNameEn: 'x', DataScope: 'all' },
      admin,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain(labelFor('RoleCode'));
    expect((await t.post('/roleToMenu/getOne', { ObjectID: 'JS098' }, admin)).status).toBe(404);
  });

  it('updates only what changed and refuses a stale write', async () => {
    const before = (await t.post('/roleToMenu/getOne', { ObjectID: 'JS016' }, admin)).body.results;
    const saved = await t.post(
      '/roleToMenu/update',
      { ObjectID: 'JS016', Version: before.Version, RoleName: '产品经理（华东）' },
      admin,
    );
    expect(saved.body.results).toMatchObject({ RoleName: '产品经理（华东）', Version: before.Version + 1 });
    expect(saved.body.results.RoleToMenuMenuList).toEqual(before.RoleToMenuMenuList);
    const stale = await t.post(
      '/roleToMenu/update',
      { ObjectID: 'JS016', Version: before.Version, RoleName: '旧名' },
      admin,
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ state: false, message: '数据已被他人修改，请刷新后重试' });
    expect((await t.post('/roleToMenu/getOne', { ObjectID: 'JS016' }, admin)).body.results.RoleName).toBe(
      '产品经理（华东）',
    );
  });

  it('keeps the administrator able to administer roles', async () => {
    const current = (await t.post('/roleToMenu/getOne', { ObjectID: 'JS001' }, admin)).body.results;
    const lockout = await t.post(
      '/roleToMenu/update',
      { ObjectID: 'JS001', Version: current.Version, RoleToMenuMenuList: [] },
      admin,
    );
    expect(lockout.status).toBe(400);
    expect((await t.post('/roleToMenu/delete', { ObjectID: 'JS001' }, admin)).status).toBe(400);
  });

  it('refuses to delete a role that employees still have, deletes an unused one', async () => {
    const inUse = await t.post('/roleToMenu/delete', { ObjectID: 'JS014' }, admin);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('该角色下还有 1 名员工，不能删除');
    await t.post(
      '/roleToMenu/create',
      { RoleCode: 'JS097', RoleName: '临时', RoleNameEn: 'Temp', DataScope: 'company' },
      admin,
    );
    expect((await t.post('/roleToMenu/delete', { ObjectID: 'JS097' }, admin)).body).toMatchObject({
      state: true,
      message: '删除成功!',
    });
  });
});

describe('deny by default', () => {
  it("refuses an agent's direct call to an endpoint its menus do not cover", async () => {
    const rsp = await t.login('rsp', 'Demo@123456');
    const { status, body } = await t.post('/roleToMenu/search', {}, rsp);
    expect(status).toBe(403);
    expect(body).toEqual({ state: false, message: '没有访问该功能的权限' });
    expect(
      (await t.post('/roleToMenu/update', { ObjectID: 'JS002', Version: 1, RoleName: 'x' }, rsp)).status,
    ).toBe(403);
  });

  it('takes away access as soon as the menu is taken away', async () => {
    await t.post(
      '/roleToMenu/create',
      {
        RoleCode: 'JS096',
        RoleName: '角色管理员',
        RoleNameEn: 'Role admin',
        DataScope: 'all',
        RoleToMenuMenuList: [{ ID: 'system.roleMenus', Path: 'system.roleMenus' }],
      },
      admin,
    );
    await t.database.db
      .updateTable('employee')
      .set({ role_code: 'JS096' })
      .where('username', '=', 'channeldept')
      .execute();
    const token = await t.login('channeldept', 'Demo@123456');
    expect((await t.post('/roleToMenu/search', {}, token)).status).toBe(200);
    const version = (await t.post('/roleToMenu/getOne', { ObjectID: 'JS096' }, admin)).body.results.Version;
    await t.post(
      '/roleToMenu/update',
      { ObjectID: 'JS096', Version: version, RoleToMenuMenuList: [] },
      admin,
    );
    expect((await t.post('/roleToMenu/search', {}, token)).status).toBe(403);
  });
});
