import { isPlaceholderPage } from '../../catalogue/custom-views';
import { routes } from '../../catalogue/routes';
import type { MenuItem } from '../../services/session.service';

/**
 * The pages a role may open (SPEC §6): those its menu list names, plus the pages every logged-in
 * user has. With no menus at all only those remain. An edit page several lists share hangs under
 * one of them in the menu tree, so a role holding any list that names it may open it as well.
 * A placeholder never counts, even from a server that still lists it: the menus and the menu search
 * are drawn from this set, and a menu entry that shows only a title does no one's job.
 */
export function allowedPages(menus: MenuItem[]): Set<string> {
  const named = new Set(menus.map((m) => m.Path));
  const allowed = new Set(
    routes.filter((p) => !isPlaceholderPage(p) && (p.always || p.public || named.has(p.id))).map((p) => p.id),
  );
  for (const page of routes) if (page.editPage && allowed.has(page.id)) allowed.add(page.editPage);
  return allowed;
}
