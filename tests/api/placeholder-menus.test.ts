import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById, placeholderPageIds } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { allowedPageIds } from '../../server/http/access';
import { roleAccounts } from '../../server/seed/employees.seed';
import { customViews, kindViews } from '../../views/pages/page-view';
import { startTestApp, type TestApp } from './harness';

/** The demo accounts of the README, each with the menus its role is seeded with. */
const ACCOUNTS = roleAccounts.map(({ username, password }) => [username, password]);

/** What the client's PageView would draw: the page's custom view, its kind's view, or its title alone. */
const drawsTitleOnly = (page: PageEntry) =>
  !((page.view && Object.hasOwn(customViews, page.view)) || Object.hasOwn(kindViews, page.kind));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function menuOf(username: string, password: string) {
  const { body } = await t.post('/user/login', { username, password });
  expect(body.state, username).toBe(true);
  const { token, employee } = body.results;
  const menus = await t.post('/roleToMenu/searchOne', { code: employee.ExtRoleCode_SDK }, token);
  return {
    token,
    roleCode: employee.ExtRoleCode_SDK as string,
    paths: menus.body.results.RoleToMenuMenuList.map((m: { Path: string }) => m.Path) as string[],
  };
}

describe('the menu every demo account logs in to', () => {
  it.each(ACCOUNTS)(
    '%s: pages that do their job, none that shows only its title',
    async (login, password) => {
      const { paths } = await menuOf(login, password);
      expect(paths.length).toBeGreaterThan(0);
      const unbuilt = paths.filter((path) => {
        const page = pageById(path);
        return !page || drawsTitleOnly(page);
      });
      expect(unbuilt).toEqual([]);
    },
  );
});

describe('a database seeded while a page was listed for a role', () => {
  const placeholder = [...placeholderPageIds].find((id) => !pageById(id)?.public);

  it.skipIf(!placeholder)(
    'keeps the placeholder out of the login menu, the role editor and the permissions',
    async () => {
      const id = placeholder!;
      await t.database.db
        .insertInto('role_menu')
        .values({ role_code: 'JS013', menu_id: id, path: id })
        .execute();

      const ops = await menuOf('ops', 'Demo@123456');
      expect(ops.paths).not.toContain(id);
      expect(await allowedPageIds(t.database.db, 'JS013')).not.toContain(id);

      const admin = await t.login('admin', 'Admin@123456');
      const role = await t.post('/roleToMenu/getOne', { ObjectID: 'JS013' }, admin);
      expect(role.body.results.RoleToMenuMenuList.map((m: { Path: string }) => m.Path)).not.toContain(id);
      const listed = await t.post('/roleToMenu/search', { keyword: 'JS013' }, admin);
      expect(listed.body.results[0].MenuCount).toBe(role.body.results.RoleToMenuMenuList.length);
    },
  );

  it.skipIf(!placeholder)('refuses to grant it anew', async () => {
    const admin = await t.login('admin', 'Admin@123456');
    const created = await t.post(
      '/roleToMenu/create',
      {
        RoleCode: 'JS097',
        RoleName: '占位',
        RoleNameEn: 'Placeholder',
        DataScope: 'all',
        RoleToMenuMenuList: [{ ID: placeholder, Path: placeholder }],
      },
      admin,
    );
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ state: false, message: `菜单 ${placeholder} 不存在` });
  });
});
