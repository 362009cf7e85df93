import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { splitTopBar } from '../../machines/shell/menu';
import { useT } from '../app-context';
import { useMenus } from './use-menus';

/** SPEC §2: the first nine modules in the top bar, the rest under 'more'; a click opens the module. */
export function TopModules({ activeModule }: { activeModule?: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const more = useRef<Menu>(null);
  const { modules } = useMenus();
  const { shown, more: rest } = splitTopBar(modules);
  const moreActive = rest.some((m) => m.module.key === activeModule);

  return (
    <nav className="portal-top-modules" aria-label={t('app.shell.modules')}>
      {shown.map((m) => (
        <button
          type="button"
          key={m.module.key}
          className={`portal-top-module ${m.module.key === activeModule ? 'is-active' : ''}`}
          onClick={() => navigate(m.firstPath)}
        >
          {t(m.module.topTitleKey!)}
        </button>
      ))}
      {rest.length > 0 && (
        <>
          <button
            type="button"
            className={`portal-top-module ${moreActive ? 'is-active' : ''}`}
            aria-haspopup="menu"
            onClick={(e) => more.current?.toggle(e)}
          >
            {t('module.more')} <i className="pi pi-angle-down" />
          </button>
          <Menu
            popup
            ref={more}
            model={rest.map((m) => ({
              label: t(m.module.topTitleKey!),
              command: () => navigate(m.firstPath),
            }))}
          />
        </>
      )}
    </nav>
  );
}
