import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';
import { matchRoute, pageById } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { selectMustChangePassword } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import { PageView } from '../pages/page-view';

interface PageAreaProps {
  page: PageEntry;
  params: Record<string, string>;
  fullPath: string;
  keepAlive: boolean;
}

const queryOf = (fullPath: string) => fullPath.split('?')[1] ?? '';

/** A tab's own scroll area: hidden while another tab shows, scrolled back to where it was when shown again. */
function TabSection({ active, children }: { active: boolean; children: ReactNode }) {
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
    <section ref={ref} className="portal-tab-page" hidden={!active}>
      {children}
    </section>
  );
}

/**
 * The pages of the open tabs. A tab's page stays mounted once shown, so switching tabs keeps it as it
 * was — no refetch, scroll kept; tabs restored after a reload mount when first shown.
 */
export function PageArea({ page, params, fullPath, keepAlive }: PageAreaProps) {
  const { session, tabs } = useApp();
  const t = useT();
  const open = useSelector(tabs, (s) => s.context.tabs);
  const forcedPasswordChange = useSelector(session, selectMustChangePassword);
  const shown = useRef(new Set<string>());
  shown.current.add(fullPath);

  const fallback = <div className="portal-page">{t('app.loading')}</div>;
  if (forcedPasswordChange) {
    const changePassword = pageById('shell.changePassword')!;
    return (
      <main className="portal-app-main">
        <section className="portal-tab-page">
          <Suspense fallback={fallback}>
            <PageView page={changePassword} params={{}} query="" />
          </Suspense>
        </section>
      </main>
    );
  }

  // One keyed list in tab order, so a page keeps its place (and its state) when another tab is shown.
  const keys = keepAlive ? open.map((tab) => tab.fullPath).filter((key) => shown.current.has(key)) : [];
  if (!keys.includes(fullPath)) keys.push(fullPath);
  for (const key of [...shown.current]) if (!keys.includes(key)) shown.current.delete(key);

  return (
    <main className="portal-app-main">
      {keys.map((key) => {
        const active = key === fullPath;
        const tab = open.find((candidate) => candidate.fullPath === key);
        const tabPage = active ? page : tab && pageById(tab.pageId);
        if (!tabPage) return null;
        const tabParams = active ? params : (matchRoute(key.split('?')[0])?.params ?? {});
        return (
          <TabSection key={key} active={active}>
            <Suspense fallback={fallback}>
              <PageView page={tabPage} params={tabParams} query={queryOf(key)} />
            </Suspense>
          </TabSection>
        );
      })}
    </main>
  );
}
