import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageEntry } from '../../catalogue/types';

export interface PageProps {
  page: PageEntry;
  params: Record<string, string>;
}

type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

// Each page is its own chunk: the login page stays small, the shell loads after login.
const customViews: Record<string, LazyPage> = {
  login: lazy(() => import('./login-page')),
  notFound: lazy(() => import('./error-pages').then((m) => ({ default: m.NotFoundPage }))),
  unauthorized: lazy(() => import('./error-pages').then((m) => ({ default: m.UnauthorizedPage }))),
  dashboard: lazy(() => import('./dashboard-page')),
  profile: lazy(() => import('./profile-page')),
  changePassword: lazy(() => import('./change-password-page')),
};

const Layout = lazy(() => import('../shell/layout'));
const Placeholder = lazy(() => import('./pending-page'));

/** Draws a catalogue page: public pages stand alone, every other page sits in the shell layout. */
export function PageView({ page, params }: PageProps) {
  const View = (page.view && customViews[page.view]) || Placeholder;
  if (page.public) return <View page={page} params={params} />;
  return (
    <Layout page={page}>
      <View page={page} params={params} />
    </Layout>
  );
}
