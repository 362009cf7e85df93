export interface RouteMatch<Page> {
  page: Page;
  params: Record<string, string>;
}

function compile(path: string) {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

/** Finds the page a path shows among these pages; `:name` segments match one path segment. */
export function pathMatcher<Page extends { path: string }>(pages: readonly Page[]) {
  const compiled = pages.map((page) => ({ page, pattern: compile(page.path) }));
  return (pathname: string): RouteMatch<Page> | undefined => {
    for (const { page, pattern } of compiled) {
      const found = pattern.regex.exec(pathname);
      if (found)
        return {
          page,
          params: Object.fromEntries(pattern.names.map((n, i) => [n, decodeURIComponent(found[i + 1])])),
        };
    }
    return undefined;
  };
}
