import { pages } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import type { MenuItem } from '../../services/session.service';

/**
 * The pages a role may open (SPEC §6): those its menu list names, plus the pages every logged-in
 * user has. With no menus at all only those remain. An edit page several lists share hangs under
 * one of them in the menu tree, so a role holding any list that names it may open it as well.
 */
export function allowedPages(menus: MenuItem[]): Set<string> {
  const named = new Set(menus.map((m) => m.Path));
  const allowed = new Set(
    pages.filter((p: PageEntry) => p.always || p.public || named.has(p.id)).map((p) => p.id),
  );
  for (const page of pages) if (page.editPage && allowed.has(page.id)) allowed.add(page.editPage);
  return allowed;
}
