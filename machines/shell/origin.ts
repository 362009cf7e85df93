import type { PageRoute } from '../../catalogue/route-fields';
import { routeById } from '../../catalogue/routes';
import type { TabsContext } from './tabs.machine';

/**
 * The menu page a hidden page (a detail or edit form) was opened from, so the side menu and the
 * breadcrumb light up the list the person came from rather than the page's catalogue parent: an
 * order opened from the self-built order list belongs to that list, though the catalogue files the
 * detail under the own-brand order list. Opened again by a link, an open tab takes the new origin; shown from the tab bar, it keeps its own.
 */
export function originOf(tabs: TabsContext, fullPath: string, page: PageRoute): string | undefined {
  if (!page.hidden) return undefined;
  const own = tabs.tabs.find((tab) => tab.fullPath === fullPath);
  // Shown again from the tab bar (which makes it active first), or already shown: it keeps its origin.
  if (own && tabs.active === fullPath) return own.from;
  const previous = tabs.active ? tabs.tabs.find((tab) => tab.fullPath === tabs.active) : undefined;
  const candidate = previous && routeById(previous.from ?? previous.pageId);
  // Only a menu page of the same module: a detail opened from the dashboard keeps its parent.
  if (!candidate || candidate.hidden || candidate.module !== page.module) return own?.from;
  return candidate.id;
}

/** The page whose menu entry and breadcrumb stand for this page. */
export function menuPageOf(page: PageRoute, from: string | undefined): PageRoute | undefined {
  if (!page.hidden) return undefined;
  return (from && routeById(from)) || (page.parent ? routeById(page.parent) : undefined);
}
