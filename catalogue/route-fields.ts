import type { PageEntry } from './types';

/**
 * The fields of a page the shell reads to route, guard, build menus, tabs, breadcrumbs and titles.
 * They are copied into catalogue/routes.generated.ts, which the first screen loads; the rest of an
 * entry (columns, fields, filters, toolbars, ...) loads with the pages that draw it. A shell module
 * that needs another field adds it here and regenerates (`npm run catalogue:routes`).
 */
export const routeFields = [
  'id',
  'module',
  'path',
  'titleKey',
  'kind',
  'view',
  'hidden',
  'parent',
  'group',
  'public',
  'always',
  'pinned',
  'editPage',
] as const satisfies readonly (keyof PageEntry)[];

/** What the shell knows of a page before its definitions load. */
export type PageRoute = Pick<PageEntry, (typeof routeFields)[number]>;

/** A page's route: its routing fields that are set, in the order of routeFields. */
export function routeOf(page: PageEntry): PageRoute {
  const route: Record<string, unknown> = {};
  for (const field of routeFields) if (page[field] !== undefined) route[field] = page[field];
  return route as PageRoute;
}
