import { useSelector } from '@xstate/react';
import type { PageRoute } from '../../catalogue/route-fields';
import { selectEmployee } from '../../machines/session/session.selectors';
import { moduleOfPage } from '../../machines/shell/menu';
import { useApp, useT } from '../app-context';
import { LanguageSwitch } from './language-switch';
import { MenuSearch } from './menu-search';
import { NoticeBell } from './notice-bell';
import { TopModules } from './top-modules';
import { UserMenu } from './user-menu';

/** Hamburger, top-bar modules, menu search, language, settings and the user menu. */
export function Navbar({ page }: { page: PageRoute }) {
  const { session, settings } = useApp();
  const t = useT();
  const employee = useSelector(session, selectEmployee);
  const module = moduleOfPage(page);

  return (
    <header className="portal-navbar">
      <button
        type="button"
        className="portal-icon-button"
        aria-label={t('app.shell.toggleSidebar')}
        onClick={() => settings.send({ type: 'sidebar.toggle' })}
      >
        <i className="pi pi-bars" />
      </button>
      <TopModules activeModule={module?.key} />
      <div className="portal-navbar-right">
        <MenuSearch />
        <LanguageSwitch />
        <NoticeBell />
        <button
          type="button"
          className="portal-icon-button"
          aria-label={t('app.settings.title')}
          onClick={() => settings.send({ type: 'drawer.open' })}
        >
          <i className="pi pi-cog" />
        </button>
        <UserMenu lastName={employee?.LastName ?? ''} />
      </div>
    </header>
  );
}
