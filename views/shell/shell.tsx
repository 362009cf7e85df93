import '../styles/shell.css';
import { useSelector } from '@xstate/react';
import { use, useEffect } from 'react';
import type { PageRoute } from '../../catalogue/route-fields';
import { RESIZE_THROTTLE_MS } from '../../domain/constants';
import { originOf } from '../../machines/shell/origin';
import { loadAllMessages, useApp, useLang } from '../app-context';
import { PrimeContext } from '../kit/prime-context';
import { Breadcrumb } from './breadcrumb';
import { Navbar } from './navbar';
import { PageArea } from './page-area';
import { SettingsDrawer } from './settings-drawer';
import { Sidebar } from './sidebar';
import { TabsBar } from './tabs-bar';
import { TimeoutDialog } from './timeout-dialog';

export interface ShellProps {
  page: PageRoute;
  params: Record<string, string>;
  fullPath: string;
}

/**
 * The logged-in frame (SPEC §2 navigation chrome): side menu of the chosen module, the navbar with
 * the top-bar modules and user menu, the open-page tabs and the pages themselves.
 */
export default function Shell({ page, params, fullPath }: ShellProps) {
  const { settings, tabs } = useApp();
  use(loadAllMessages(useLang()));
  const preferences = useSelector(settings, (s) => s.context.preferences);
  const sidebarOpened = useSelector(
    settings,
    (s) =>
      s.matches({ device: { desktop: 'sidebarOpened' } }) ||
      s.matches({ device: { mobile: 'sidebarOpened' } }),
  );
  const mobile = useSelector(settings, (s) => s.matches({ device: 'mobile' }));
  const from = useSelector(tabs, (s) => originOf(s.context, fullPath, page));

  useEffect(() => {
    const from = originOf(tabs.getSnapshot().context, fullPath, page);
    tabs.send({ type: 'tab.open', tab: { fullPath, pageId: page.id, pinned: Boolean(page.pinned), from } });
    settings.send({ type: 'page.open' });
  }, [tabs, settings, fullPath, page]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => settings.send({ type: 'viewport.resize', width: document.body.clientWidth }),
        RESIZE_THROTTLE_MS,
      );
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [settings]);

  useEffect(() => {
    document.documentElement.style.setProperty('--portal-primary', preferences.themeColor);
    document.documentElement.dataset.size = preferences.size;
  }, [preferences.themeColor, preferences.size]);

  const classes = [
    'portal-shell',
    sidebarOpened ? 'is-sidebar-open' : 'is-sidebar-collapsed',
    mobile ? 'is-mobile' : '',
    preferences.fixedHeader ? 'has-fixed-header' : '',
  ].join(' ');

  return (
    <PrimeContext>
      <div className={classes}>
        {mobile && sidebarOpened && (
          <div className="portal-sidebar-mask" onClick={() => settings.send({ type: 'sidebar.toggle' })} />
        )}
        <Sidebar page={page} from={from} />
        <div className="portal-main-container">
          <div className="portal-header">
            <Navbar page={page} />
            {preferences.tabsView && <TabsBar />}
          </div>
          <Breadcrumb page={page} from={from} />
          <PageArea page={page} params={params} fullPath={fullPath} keepAlive={preferences.tabsView} />
        </div>
        <SettingsDrawer />
        <TimeoutDialog />
      </div>
    </PrimeContext>
  );
}
