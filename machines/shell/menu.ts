import { modules } from '../../catalogue/modules';
import type { PageRoute } from '../../catalogue/route-fields';
import { routes } from '../../catalogue/routes';
import type { ModuleEntry } from '../../catalogue/types';
import { TOP_BAR_MODULES } from '../../domain/constants';

export interface MenuGroup {
  /** Group key, or '' for the module's ungrouped pages. */
  key: string;
  pages: PageRoute[];
}

export interface ModuleMenu {
  module: ModuleEntry;
  groups: MenuGroup[];
  /** Where clicking the module in the top bar goes: its first page the user may open. */
  firstPath: string;
}

/**
 * The menus a user sees (SPEC §2 navigation chrome, §6 roles): the modules with at least one page
 * the role may open, each with its visible pages grouped in catalogue order. Hidden pages never show.
 */
export function buildMenus(allowed: ReadonlySet<string>): ModuleMenu[] {
  const menus: ModuleMenu[] = [];
  for (const module of modules) {
    if (!module.topTitleKey) continue;
    const visible = routes.filter((p) => p.module === module.key && !p.hidden && allowed.has(p.id));
    if (!visible.length) continue;
    const groups: MenuGroup[] = [];
    for (const page of visible) {
      const key = page.group ?? '';
      let group = groups.find((g) => g.key === key);
      if (!group) {
        group = { key, pages: [] };
        groups.push(group);
      }
      group.pages.push(page);
    }
    menus.push({ module, groups, firstPath: visible[0].path });
  }
  return menus;
}

/** The first nine modules sit in the top bar, the rest under 'more' (SPEC §2, §9). */
export function splitTopBar(menus: ModuleMenu[]) {
  return { shown: menus.slice(0, TOP_BAR_MODULES), more: menus.slice(TOP_BAR_MODULES) };
}

/** The module a page belongs to; a hidden page's module is its parent's. */
export const moduleOfPage = (page: PageRoute | undefined) =>
  page ? modules.find((m) => m.key === page.module) : undefined;

/** Every page a user can search for in the menu search: visible and permitted. */
export const searchablePages = (allowed: ReadonlySet<string>) =>
  routes.filter((p) => !p.hidden && !p.public && (p.always || allowed.has(p.id)));
