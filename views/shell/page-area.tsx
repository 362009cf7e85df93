import { useSelector } from '@xstate/react';
import { memo, type ReactNode, Suspense, useLayoutEffect, useMemo, useRef } from 'react';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
// The page definitions come with the shell, after login: the first screen has only the routes.
import { pageById } from '../../catalogue/catalogue';
import type { PageRoute } from '../../catalogue/route-fields';
import { matchRoute } from '../../catalogue/routes';
import type { PageEntry } from '../../catalogue/types';
import { selectMustChangePassword } from '../../machines/session/session.selectors';
import { keptTabs, touch } from '../../machines/shell/keep-alive';
import { useApp, useT } from '../app-context';
import { PageView } from '../pages/page-view';
import { PageTabContext } from './page-tab';

interface PageAreaProps {
  page: PageRoute;
  params: Record<string, string>;
  fullPath: string;
  keepAlive: boolean;
}

const queryOf = (fullPath: string) => fullPath.split('?')[1] ?? '';
const pathOf = (fullPath: string) => fullPath.split('?')[0];

/** A tab's own scroll area: hidden while another tab shows, scrolled back to where it was when shown again. */
function TabSection({
  fullPath,
  active,
  children,
}: {
  fullPath: string;
  active: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (active) element.scrollTop = scrollTop.current;
    const remember = () => {
      scrollTop.current = element.scrollTop;
    };
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [active]);
  return (
    <section
      ref={ref}
      className="portal-tab-page"
      hidden={!active}
      data-testid="tab-page"
      data-tab-path={fullPath}
    >
      {children}
    </section>
  );
}

interface KeptPageProps {
  fullPath: string;
  page: PageEntry;
  params: Record<string, string>;
  active: boolean;
}

const sameParams = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * One tab's page. Its location is the tab's own, not the browser's: a hidden page must not render
 * again whenever another tab is shown, and pages that ask the router where they are would otherwise
 * follow every navigation. Navigating from a page still goes through the browser's history.
 */
const KeptPage = memo(
  function KeptPage({ fullPath, page, params, active }: KeptPageProps) {
    const t = useT();
    const paramsKey = JSON.stringify(params);
    // The page element stays the same object while only `active` changes, so showing or hiding a
    // tab flips its section and renders nothing inside it.
    // biome-ignore lint/correctness/useExhaustiveDependencies: params are compared by value (paramsKey).
    const content = useMemo(() => {
      const fixed = () => [pathOf(fullPath), navigate] as [string, typeof navigate];
      const search = () => queryOf(fullPath);
      return (
        <PageTabContext.Provider value={{ fullPath, pageId: page.id }}>
          <Router hook={fixed} searchHook={search}>
            <Suspense fallback={<div className="portal-page">{t('app.loading')}</div>}>
              <PageView page={page} params={params} query={queryOf(fullPath)} />
            </Suspense>
          </Router>
        </PageTabContext.Provider>
      );
    }, [fullPath, page, paramsKey, t]);
    return (
      <TabSection fullPath={fullPath} active={active}>
        {content}
      </TabSection>
    );
  },
  (a, b) =>
    a.fullPath === b.fullPath && a.page === b.page && a.active === b.active && sameParams(a.params, b.params),
);

/**
 * The pages of the open tabs. The recently shown ones stay mounted while hidden and never render
 * while hidden, so switching tabs costs only the two tabs that change; older ones are unmounted and
 * come back from their saved state (machines/shell/keep-alive.ts).
 */
export function PageArea({ page, params, fullPath, keepAlive }: PageAreaProps) {
  const { session, tabs } = useApp();
  const t = useT();
  const open = useSelector(tabs, (s) => s.context.tabs);
  const forcedPasswordChange = useSelector(session, selectMustChangePassword);
  const recent = useRef<string[]>([]);
  const openPaths = open.map((tab) => tab.fullPath);
  // The shown page counts as open even before its tab is added (the tab opens after this render).
  recent.current = touch(recent.current, fullPath, [...openPaths, fullPath]);

  if (forcedPasswordChange) {
    const changePassword = pageById('shell.changePassword')!;
    return (
      <main className="portal-app-main">
        <section className="portal-tab-page">
          <Suspense fallback={<div className="portal-page">{t('app.loading')}</div>}>
            <PageView page={changePassword} params={{}} query="" />
          </Suspense>
        </section>
      </main>
    );
  }

  // One keyed list in tab order, so a page keeps its place (and its state) when another tab is shown.
  const kept = keepAlive ? keptTabs(openPaths, recent.current, fullPath) : new Set([fullPath]);
  const keys = openPaths.filter((key) => kept.has(key));
  if (!keys.includes(fullPath)) keys.push(fullPath);

  return (
    <main className="portal-app-main">
      {keys.map((key) => {
        const active = key === fullPath;
        const tab = open.find((candidate) => candidate.fullPath === key);
        const tabPage = active ? pageById(page.id) : tab && pageById(tab.pageId);
        if (!tabPage) return null;
        const tabParams = active ? params : (matchRoute(pathOf(key))?.params ?? {});
        return <KeptPage key={key} fullPath={key} page={tabPage} params={tabParams} active={active} />;
      })}
    </main>
  );
}
