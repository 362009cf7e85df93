import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { moduleOfPage } from '../../machines/shell/menu';
import { useApp, useT } from '../app-context';
import { useMenus } from './use-menus';

/** The side menu of the current page's module, its pages grouped as the catalogue groups them. */
export function Sidebar({ page }: { page: PageEntry }) {
  const { settings } = useApp();
  const t = useT();
  const showLogo = useSelector(settings, (s) => s.context.preferences.sidebarLogo);
  const mobile = useSelector(settings, (s) => s.matches({ device: 'mobile' }));
  const { modules } = useMenus();
  // Choosing an entry closes the phone's menu even when it is the page already shown.
  const pageChosen = () => settings.send({ type: 'page.open' });
  const module = moduleOfPage(page);
  const menu = modules.find((m) => m.module.key === module?.key);
  // A hidden page lights up the menu entry of the page it belongs to.
  const activeId = page.hidden && page.parent ? (pageById(page.parent)?.id ?? page.id) : page.id;

  return (
    <aside className="portal-sidebar" aria-label={t('app.shell.sideMenu')}>
      {showLogo && (
        <Link href="/dashboard" className="portal-sidebar-logo" onClick={pageChosen}>
          <i className="pi pi-desktop" />
          <span>{t('app.sidebarTitle')}</span>
        </Link>
      )}
      {/* On a phone the top bar has no room for the modules: they head the side menu instead. */}
      {mobile && (
        <nav className="portal-side-modules" aria-label={t('app.shell.modules')}>
          {modules.map((m) => (
            <Link
              key={m.module.key}
              href={m.firstPath}
              onClick={pageChosen}
              className={`portal-menu-item ${m.module.key === module?.key ? 'is-active' : ''}`}
            >
              <i className={m.module.icon} /> <span>{t(m.module.topTitleKey!)}</span>
            </Link>
          ))}
        </nav>
      )}
      <nav className="portal-side-menu">
        {!menu && (
          <Link
            href="/dashboard"
            onClick={pageChosen}
            className={`portal-menu-item ${page.id === 'shell.dashboard' ? 'is-active' : ''}`}
          >
            <i className="pi pi-home" />
            <span>{t('route.dashboard')}</span>
          </Link>
        )}
        {menu?.groups.map((group) => (
          <div key={group.key || 'main'} className="portal-menu-group">
            {group.key && (
              <div className="portal-menu-group-title">{t(`menuGroup.${menu.module.key}.${group.key}`)}</div>
            )}
            {group.pages.map((item) => (
              <Link
                key={item.id}
                href={item.path}
                onClick={pageChosen}
                className={`portal-menu-item ${item.id === activeId ? 'is-active' : ''}`}
                title={t(item.titleKey)}
              >
                <span>{t(item.titleKey)}</span>
              </Link>
            ))}
          </div>
        ))}
      </nav>
    </aside>
  );
}
