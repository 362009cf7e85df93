import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { publicPages } from '../../catalogue/public.pages';
import { routeById } from '../../catalogue/routes';
import { selectStatus, sessionFacts } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import { PageView } from '../pages/page-view';
import { withTheme } from '../styles/with-theme';
import { toast } from './toast-bus';

const Shell = lazy(() => withTheme(import('./shell')));

/**
 * A public page's whole entry. Public pages show before login, outside the shell that brings the page
 * definitions; theirs are a few routes in one small file, so they come with the entry instead.
 */
const publicEntry = (id: string) => publicPages.find((entry) => entry.id === id)!;

/**
 * Connects the browser location and the session to the route guard, follows its redirects and
 * shows the page it allows: public pages alone, every other page inside the shell.
 */
export function RouteOutlet() {
  const { session, guard } = useApp();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const t = useT();
  const status = useSelector(session, selectStatus);
  const menus = useSelector(session, (s) => s.context.menus);
  const error = useSelector(session, (s) => s.context.error);
  const decision = useSelector(guard, (s) => s.context.decision);
  const pending = useSelector(guard, (s) => s.hasTag('pending'));

  const request = useMemo(() => ({ path, search: search ? `?${search}` : '' }), [path, search]);

  useEffect(() => {
    guard.send({ type: 'route.request', request, session: sessionFacts(session.getSnapshot()) });
  }, [guard, session, request]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the guard re-decides when these facts change.
  useEffect(() => {
    guard.send({ type: 'session.change', session: sessionFacts(session.getSnapshot()) });
  }, [guard, session, status, menus, error]);

  useEffect(() => {
    if (decision?.kind !== 'redirect') return;
    if (decision.error) toast({ text: decision.error, severity: 'error' });
    navigate(decision.to, { replace: true });
  }, [decision, navigate]);

  const page = decision?.kind === 'allow' ? routeById(decision.pageId) : undefined;
  useEffect(() => {
    if (page) document.title = `${t(page.titleKey)} - ${t('app.systemTitle')}`;
  }, [page, t]);

  const loading = <div className="portal-center">{t('app.loading')}</div>;
  if (pending || !page || decision?.kind !== 'allow') return loading;
  return (
    <Suspense fallback={loading}>
      {page.public ? (
        <PageView page={publicEntry(page.id)} params={decision.params} query={search} />
      ) : (
        <Shell page={page} params={decision.params} fullPath={decision.fullPath} />
      )}
    </Suspense>
  );
}
