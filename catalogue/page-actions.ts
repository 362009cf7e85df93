import { pageById, pages } from './catalogue';
import { isPlaceholderPage } from './custom-views';
import type { PageEntry } from './types';

/**
 * What a page lets a person do to its resource's records (ARCHITECTURE.md §10: permission is per
 * action). The server grants a write only where a page of the caller's menu offers it, and the
 * screens draw a button only where the same rule grants it, so no button leads to a refusal.
 */
export type PageAction = 'create' | 'update' | 'delete' | 'export';

export const PAGE_ACTIONS: readonly PageAction[] = ['create', 'update', 'delete', 'export'];

/** Whether the person may open a page (their menu list, as the caller of these functions reads it). */
export type CanOpen = (pageId: string) => boolean;

/**
 * The form a list's create button opens: the one the list names, else the resource's edit page that
 * hangs under the list or sits in the menu on its own.
 */
export function editPageOf(page: PageEntry): PageEntry | undefined {
  if (page.editPage) return pageById(page.editPage);
  return pages.find(
    (p) => p.kind === 'edit' && p.resource === page.resource && (p.parent === page.id || !p.hidden),
  );
}

/**
 * The records a page shows: its own fixed filters, or those of the list a record page belongs to (the
 * GD list's general distributors for the GD form). A record created through the form starts in it.
 */
export function lensOf(page: PageEntry): Record<string, string> | undefined {
  const fixed = page.fixed ?? (page.hidden && page.parent ? pageById(page.parent)?.fixed : undefined);
  return fixed && Object.keys(fixed).length ? fixed : undefined;
}

/** Whether a role writes through a page: every role that opens it, unless the page names its writers. */
export const writesThrough = (page: PageEntry, role: string) =>
  !page.writtenBy || page.writtenBy.includes(role);

/**
 * The actions one page offers a role on its resource:
 * - a list creates when its toolbar has the create button and the form it opens is one the person may
 *   open and write through; it deletes when its toolbar has batch delete, updates when a column is
 *   edited in the row, and exports when it declares an export;
 * - an edit form updates the record it is opened on; one that stands in the menu by itself (a
 *   "new order" form) creates too, while a hidden one creates only through its list's create button;
 * - a page whose writers are others (`writtenBy`) offers its export alone;
 * - detail pages, custom views and placeholders offer nothing through the generic endpoints.
 */
export function pageActions(page: PageEntry, canOpen: CanOpen, role: string): Set<PageAction> {
  const offered = new Set<PageAction>();
  if (!page.resource || isPlaceholderPage(page)) return offered;
  if (page.kind === 'list' && page.export) offered.add('export');
  if (!writesThrough(page, role)) return offered;
  if (page.kind === 'list') {
    const form = page.toolbar?.includes('create') ? editPageOf(page) : undefined;
    if (form && canOpen(form.id) && writesThrough(form, role)) offered.add('create');
    if (page.toolbar?.includes('batchDelete')) offered.add('delete');
    if (page.columns?.some((c) => c.editable)) offered.add('update');
  } else if (page.kind === 'edit') {
    offered.add('update');
    if (!page.hidden) offered.add('create');
  }
  return offered;
}

/** The actions on a resource that some page the person may open offers their role. */
export function resourceActions(resource: string, canOpen: CanOpen, role: string): Set<PageAction> {
  const granted = new Set<PageAction>();
  for (const page of pages) {
    if (page.resource !== resource || !canOpen(page.id)) continue;
    for (const action of pageActions(page, canOpen, role)) granted.add(action);
  }
  return granted;
}

/**
 * The pages a menu list lets a person open, as the screens read it: the pages it names, and the
 * edit form a named list shares with other lists (it hangs under only one of them in the menu tree).
 */
export function pagesOpenedBy(named: Iterable<string>): Set<string> {
  const open = new Set(named);
  for (const page of pages) if (page.editPage && open.has(page.id)) open.add(page.editPage);
  return open;
}
