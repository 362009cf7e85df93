/**
 * How many tab pages stay mounted while hidden. A hidden page costs nothing on a switch (it is
 * memoised), but each keeps its DOM and its machines: beyond this many, the least recently shown
 * page is unmounted and mounts again from its saved state (a list's filters, sort and page live in
 * the page memory) when its tab is shown again.
 */
export const KEEP_ALIVE_PAGES = 12;

/** An edit form keeps its draft only while mounted, so an open form is never unmounted for room. */
const holdsDraft = (fullPath: string) => /[?&]action=(add|edit)(&|$)/.test(fullPath);

/**
 * The tabs whose pages stay mounted: the active one, every open form, then the most recently shown
 * others up to the limit. `recent` lists tab paths, most recently shown first.
 */
export function keptTabs(
  open: readonly string[],
  recent: readonly string[],
  active: string,
  limit = KEEP_ALIVE_PAGES,
): Set<string> {
  const kept = new Set<string>([active]);
  for (const path of open) if (holdsDraft(path)) kept.add(path);
  for (const path of recent) {
    if (kept.size >= limit) break;
    if (open.includes(path)) kept.add(path);
  }
  return kept;
}

/** The recency list after showing a tab: it moves to the front, closed tabs drop out. */
export function touch(recent: readonly string[], shown: string, open: readonly string[]): string[] {
  return [shown, ...recent.filter((path) => path !== shown && open.includes(path))];
}
