import { pages } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { allowedPages } from '../../machines/session/permissions';
import { buildMenus } from '../../machines/shell/menu';
import type { MenuItem } from '../../services/session.service';

async function call<T>(baseURL: string, path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(new URL(`/portal${path}`, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const payload = await response.json();
  if (!response.ok || payload.state === false) throw new Error(`${path}: ${JSON.stringify(payload)}`);
  return payload.results as T;
}

/**
 * The pages of a user's side menu as the server grants them right now (the role's menu list read
 * through the API, drawn as the shell draws it), in menu order; pages that need an id in their path
 * are left out, as they are in no menu.
 */
export async function menuPagesOf(baseURL: string, username: string, password: string): Promise<PageEntry[]> {
  const { token, employee } = await call<{ token: string; employee: { ExtRoleCode_SDK: string } }>(
    baseURL,
    '/user/login',
    { username, password },
  );
  const role = await call<{ RoleToMenuMenuList: MenuItem[] }>(
    baseURL,
    '/roleToMenu/searchOne',
    { code: employee.ExtRoleCode_SDK },
    token,
  );
  await call(baseURL, '/user/logout', {}, token).catch(() => undefined);
  return buildMenus(allowedPages(role.RoleToMenuMenuList))
    .flatMap((menu) => menu.groups.flatMap((group) => group.pages))
    .filter((route) => !route.path.includes(':'))
    .flatMap((route) => pages.filter((page) => page.id === route.id));
}
