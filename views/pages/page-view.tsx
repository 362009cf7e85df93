import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { GenericPageKind, ImplementedCustomView } from '../../catalogue/custom-views';
import type { PageEntry } from '../../catalogue/types';

export interface PageProps {
  page: PageEntry;
  params: Record<string, string>;
  /** The tab's query string without '?': pages read objectID, action, ... from it, not from the URL. */
  query: string;
}

type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

// Each page is its own chunk: the login page stays small, the shell and the kit load after login.
// Keyed by catalogue/custom-views.ts, so menus and the server know which custom pages are built.
export const customViews = {
  login: lazy(() => import('./login-page')),
  notFound: lazy(() => import('./error-pages').then((m) => ({ default: m.NotFoundPage }))),
  unauthorized: lazy(() => import('./error-pages').then((m) => ({ default: m.UnauthorizedPage }))),
  dashboard: lazy(() => import('./dashboard-page')),
  profile: lazy(() => import('./profile-page')),
  changePassword: lazy(() => import('./change-password-page')),
  roleMenus: lazy(() => import('./role-menus-page')),
  resetPassword: lazy(() => import('./employees-page')),
  workflows: lazy(() => import('./workflows-page')),
  provRegister: lazy(() => import('./registration-page')),
  cityRegister: lazy(() => import('./registration-page')),
  provProgress: lazy(() => import('./registration-progress-page')),
  cityProgress: lazy(() => import('./registration-progress-page')),
  cronjobInfo: lazy(() => import('./cron-job-page')),
} satisfies Record<ImplementedCustomView, LazyPage>;

export const kindViews = {
  list: lazy(() => import('../kit/list-page')),
  detail: lazy(() => import('../kit/record-page')),
  edit: lazy(() => import('../kit/record-page')),
} satisfies Record<GenericPageKind, LazyPage>;

const viewByName: Record<string, LazyPage | undefined> = customViews;
const viewByKind: Record<string, LazyPage | undefined> = kindViews;

/**
 * The body of a catalogue page: its custom view, or the generic view of its kind. A page not built yet
 * (catalogue/custom-views.ts isPlaceholderPage) is in no menu and refused by the server; should its
 * path be opened anyway, it says the page does not exist rather than show an empty title.
 */
export function PageView(props: PageProps) {
  const View =
    (props.page.view && viewByName[props.page.view]) || viewByKind[props.page.kind] || customViews.notFound;
  return <View {...props} />;
}
