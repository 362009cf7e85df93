import { pages, permissionPageIds } from '../../catalogue/catalogue';
import { modules } from '../../catalogue/modules';
import type { ModuleEntry, PageEntry } from '../../catalogue/types';

export type MenuNodeKind = 'module' | 'group' | 'page' | 'detail';

/** A node of the menu tree a role's pages are ticked in; its key is what `menu.toggle` names. */
export interface MenuNode {
  /** `module:<module>`, `group:<module>.<group>`, or the page id for pages. */
  key: string;
  kind: MenuNodeKind;
  labelKey: string;
  /** Every grantable page the node stands for: its own page and all pages below it. */
  pageIds: string[];
  children: MenuNode[];
}

/** Catalogue order of the pages a role may be given (public and always-open pages are not granted). */
const grantableIds = permissionPageIds();
const order = new Map(grantableIds.map((id, index) => [id, index]));

const leaf = (page: PageEntry): MenuNode => ({
  key: page.id,
  kind: 'detail',
  labelKey: page.titleKey,
  pageIds: [page.id],
  children: [],
});

function pageNode(page: PageEntry, details: PageEntry[]): MenuNode {
  const children = details.map(leaf);
  return {
    key: page.id,
    kind: 'page',
    labelKey: page.titleKey,
    pageIds: [page.id, ...children.map((c) => c.key)],
    children,
  };
}

/**
 * A module's pages as its side menu groups them. Hidden (detail) pages hang under the page they are
 * opened from, because a role that opens a list needs its detail pages too.
 */
function moduleNode(module: ModuleEntry): MenuNode | undefined {
  const own = pages.filter((p) => p.module === module.key && order.has(p.id));
  if (!own.length) return undefined;
  const visible = new Set(own.filter((p) => !p.hidden).map((p) => p.id));
  const children: MenuNode[] = [];
  for (const page of own) {
    if (page.hidden && page.parent && visible.has(page.parent)) continue;
    const node = page.hidden
      ? leaf(page)
      : pageNode(
          page,
          own.filter((p) => p.hidden && p.parent === page.id),
        );
    if (!page.group) {
      children.push(node);
      continue;
    }
    const key = `group:${module.key}.${page.group}`;
    let group = children.find((c) => c.key === key);
    if (!group) {
      group = {
        key,
        kind: 'group',
        labelKey: `menuGroup.${module.key}.${page.group}`,
        pageIds: [],
        children: [],
      };
      children.push(group);
    }
    group.children.push(node);
    group.pageIds.push(...node.pageIds);
  }
  return {
    key: `module:${module.key}`,
    kind: 'module',
    labelKey: `module.${module.key}`,
    pageIds: children.flatMap((c) => c.pageIds),
    children,
  };
}

/** The whole tree: modules in top-bar order, then groups and pages in menu order. */
export const menuTree: MenuNode[] = modules.map(moduleNode).filter((n): n is MenuNode => Boolean(n));

const byKey = new Map<string, MenuNode>();
const index = (nodes: MenuNode[]) => {
  for (const node of nodes) {
    byKey.set(node.key, node);
    index(node.children);
  }
};
index(menuTree);

/** The pages a tree key stands for; an unknown key stands for none. */
export const pagesUnder = (key: string): string[] => byKey.get(key)?.pageIds ?? [];

export const isGrantable = (id: string) => order.has(id);

/** Page ids in catalogue order without repeats, so saved lists compare and read the same way. */
export const inCatalogueOrder = (ids: Iterable<string>) =>
  [...new Set(ids)].filter(isGrantable).sort((a, b) => order.get(a)! - order.get(b)!);

/**
 * Ticking a node: when every page under it is ticked, all of them are unticked; otherwise all of
 * them are ticked. A partly ticked module therefore fills up first, as a checkbox tree does.
 */
export function toggleMenus(ticked: readonly string[], key: string): string[] {
  const under = pagesUnder(key);
  if (!under.length) return [...ticked];
  const current = new Set(ticked);
  const allTicked = under.every((id) => current.has(id));
  for (const id of under) {
    if (allTicked) current.delete(id);
    else current.add(id);
  }
  return inCatalogueOrder(current);
}

export const sameMenus = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
};

export interface CheckState {
  checked: boolean;
  partialChecked: boolean;
}

/** The check state of every node for the ticked pages: checked when all, partial when some. */
export function checkStates(ticked: readonly string[]): Record<string, CheckState> {
  const current = new Set(ticked);
  const states: Record<string, CheckState> = {};
  for (const [key, node] of byKey) {
    const count = node.pageIds.filter((id) => current.has(id)).length;
    if (count === 0) continue;
    const checked = count === node.pageIds.length;
    states[key] = { checked, partialChecked: !checked };
  }
  return states;
}
