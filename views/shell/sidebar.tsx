import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { PageRoute } from '../../catalogue/route-fields';
import { moduleOfPage } from '../../machines/shell/menu';
import { menuPageOf } from '../../machines/shell/origin';
import { useApp, useT } from '../app-context';
import { useMenus } from './use-menus';

/** The side menu of the current page's module, its pages grouped as the catalogue groups them. */
export function Sidebar({ page, from }: { page: PageRoute; from?: string }) {
  const { settings } = useApp();
  const t = useT();
  const showLogo = useSelector(settings, (s) => s.context.preferences.sidebarLogo);
  const mobile = useSelector(settings, (s) => s.matches({ device: 'mobile' }));
  const { modules } = useMenus();
  // Choosing an entry closes the phone's menu even when it is the page already shown.
  const pageChosen = () => settings.send({ type: 'page.open' });
  const module = moduleOfPage(page);
  // On a phone, tapping a module shows its pages here instead of leaving for its first page; the
  // drawer shows the current page's module again once a page opens.
  const [browsed, setBrowsed] = useState<{ onPage: string; module: string }>();
  const shownKey = (mobile && browsed?.onPage === page.id && browsed.module) || module?.key;
  const menu = modules.find((m) => m.module.key === shownKey);
  const sideMenu = useRef<HTMLElement>(null);
  // The tapped module's pages sit below the module list: bring them into view.
  useEffect(() => {
    if (browsed) sideMenu.current?.scrollIntoView({ block: 'nearest' });
  }, [browsed]);
  // A hidden page lights up the menu entry of the list it was opened from, else of its parent.
  const activeId = menuPageOf(page, from)?.id ?? page.id;

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
            <button
              type="button"
              key={m.module.key}
              onClick={() => setBrowsed({ onPage: page.id, module: m.module.key })}
              aria-pressed={m.module.key === shownKey}
              className={`portal-menu-item ${m.module.key === shownKey ? 'is-active' : ''}`}
            >
              <i className={m.module.icon} /> <span>{t(m.module.topTitleKey!)}</span>
            </button>
          ))}
        </nav>
      )}
      <nav className="portal-side-menu" ref={sideMenu}>
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
