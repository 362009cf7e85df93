/**
 * A page of the portal as data (ARCHITECTURE.md §7). Routes, menus, titles, breadcrumbs and the
 * permission lists of roles are all derived from these entries; nothing about a page is written twice.
 */
export type PageKind = 'list' | 'detail' | 'edit' | 'custom';

export interface PageEntry {
  /** Unique id, `<module>.<page>`; it is also the permission path a role's menu list names. */
  id: string;
  /** Module key (see modules.ts); 'public' and 'shell' pages belong to no top-bar module. */
  module: string;
  /** Route path; `:name` segments match one path segment. */
  path: string;
  /** Locale key of the title, shown in menus, tabs, breadcrumbs and the document title. */
  titleKey: string;
  kind: PageKind;
  /** Custom pages name their view; generic pages are drawn from kind + resource. */
  view?: string;
  /** Detail and edit pages are reachable by route but not listed in menus. */
  hidden?: boolean;
  /** Reachable without logging in. */
  public?: boolean;
  /** Every logged-in user may open it, whatever the role's menu list says. */
  always?: boolean;
  /** Pinned as a tab that cannot be closed. */
  pinned?: boolean;
  /** Server resource behind the page: POST /portal/<resource>/search, getOne, ... */
  resource?: string;
}

export interface ModuleEntry {
  key: string;
  /** Path prefix of the module's pages. */
  path: string;
  /** Locale key of the top-bar label; modules without one stay out of the top bar. */
  topTitleKey?: string;
  icon: string;
}
