import { publicPages, shellPages } from './public.pages';
import type { PageEntry } from './types';

/** Every page of the portal. Module page lists are appended here as they are declared. */
export const pages: PageEntry[] = [...publicPages, ...shellPages];

export interface RouteMatch {
  page: PageEntry;
  params: Record<string, string>;
}

const compiled = pages.map((page) => ({ page, pattern: compile(page.path) }));

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

/** The page a path shows, or undefined for an unknown path. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const { page, pattern } of compiled) {
    const found = pattern.regex.exec(pathname);
    if (found)
      return {
        page,
        params: Object.fromEntries(pattern.names.map((n, i) => [n, decodeURIComponent(found[i + 1])])),
      };
  }
  return undefined;
}

export const pageById = (id: string) => pages.find((p) => p.id === id);

/** Ids a role may be given in its menu list: everything but public and always-open pages. */
export const permissionPageIds = () => pages.filter((p) => !p.public && !p.always).map((p) => p.id);
