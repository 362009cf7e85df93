import { pathMatcher } from './path-match';
import type { PageRoute } from './route-fields';
import { pageRoutes } from './routes.generated';

/**
 * The shell's view of the catalogue: every page's route, title and menu place, without its columns,
 * fields and filters. The first screen routes, guards and builds menus from this alone, so the page
 * definitions (catalogue/catalogue.ts) load after login with the pages that draw them, however many
 * pages the portal grows to (ARCHITECTURE.md §9).
 *
 * The table is generated from catalogue/catalogue.ts rather than written by hand, so each page is
 * still declared once, in its `*.pages.ts` file; tests/unit/catalogue-routes.test.ts fails when it
 * is stale. Splitting every entry into a routing half and a definition half would also let the
 * bundler drop the definitions, but would make each page twice as long to declare and read.
 */
export const routes: readonly PageRoute[] = pageRoutes;

/** The page a path shows, or undefined for an unknown path. */
export const matchRoute = pathMatcher(routes);

export const routeById = (id: string) => routes.find((route) => route.id === id);
