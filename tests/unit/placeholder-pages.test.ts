import { describe, expect, it } from 'vitest';
import { pageById, pages, permissionPageIds, placeholderPageIds } from '../../catalogue/catalogue';
import { genericPageKinds, implementedCustomViews, isPlaceholderPage } from '../../catalogue/custom-views';
import type { PageEntry } from '../../catalogue/types';
import { menuTree } from '../../machines/admin/role-menus.tree';
import { allowedPages } from '../../machines/session/permissions';
import { buildMenus, searchablePages } from '../../machines/shell/menu';
import { menuIdsFor, roleSeeds } from '../../server/reference/roles.data';
import { customViews, kindViews } from '../../views/pages/page-view';

/** Whether PageView has no screen of the page's own to draw (it would say the page does not exist). */
const hasNoScreen = (page: Pick<PageEntry, 'kind' | 'view'>) =>
  !((page.view && Object.hasOwn(customViews, page.view)) || Object.hasOwn(kindViews, page.kind));

// The login page is imported eagerly (it is the first screen); every other view is lazy.
const isComponent = (value: unknown) =>
  typeof value === 'function' || (value as { $$typeof?: symbol }).$$typeof === Symbol.for('react.lazy');

const menusOf = (ids: string[]) => ids.map((id) => ({ ID: id, Path: id }));

describe('the list of built custom views', () => {
  it('names exactly the custom views PageView draws, each with a component', () => {
    expect(Object.keys(customViews).sort()).toEqual([...implementedCustomViews].sort());
    for (const view of Object.values(customViews)) expect(isComponent(view)).toBe(true);
    expect(Object.keys(kindViews).sort()).toEqual([...genericPageKinds].sort());
  });

  it('tells a placeholder exactly as PageView does, for every page of the catalogue', () => {
    for (const page of pages) expect(isPlaceholderPage(page), page.id).toBe(hasNoScreen(page));
  });

  it('calls a page a placeholder when its custom view or its kind has no screen', () => {
    expect(hasNoScreen({ kind: 'custom', view: 'notBuiltYet' })).toBe(true);
    expect(hasNoScreen({ kind: 'custom' })).toBe(true);
    expect(hasNoScreen({ kind: 'board' as PageEntry['kind'] })).toBe(true);
    expect(hasNoScreen({ kind: 'custom', view: 'dashboard' })).toBe(false);
    expect(hasNoScreen({ kind: 'list', view: 'notBuiltYet' })).toBe(false);
  });
});

describe('no placeholder in a menu', () => {
  it.each(roleSeeds.map((role) => [role.code, role] as const))('%s: the seeded menu list', (_, role) => {
    const unbuilt = menuIdsFor(role).filter((id) => hasNoScreen(pageById(id)!));
    expect(unbuilt).toEqual([]);
  });

  it('offers none in the role editor', () => {
    expect(permissionPageIds().filter((id) => hasNoScreen(pageById(id)!))).toEqual([]);
    const keys = (nodes: typeof menuTree): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children)]);
    expect(keys(menuTree).filter((key) => placeholderPageIds.has(key))).toEqual([]);
  });

  it('shows none in the menus or the menu search, even when a server still lists them', () => {
    const everything = allowedPages(menusOf(pages.map((p) => p.id)));
    const shown = buildMenus(everything).flatMap((m) => m.groups.flatMap((g) => g.pages));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter(hasNoScreen).map((p) => p.id)).toEqual([]);
    expect(
      searchablePages(everything)
        .filter(hasNoScreen)
        .map((p) => p.id),
    ).toEqual([]);
    expect([...everything].filter((id) => placeholderPageIds.has(id))).toEqual([]);
  });
});
