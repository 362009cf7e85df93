import { useSelector } from '@xstate/react';
import { ContextMenu } from 'primereact/contextmenu';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { routeById } from '../../catalogue/routes';
import { useApp, useT } from '../app-context';

/** The open-page tabs with their right-click menu: refresh, close, close others, close all. */
export function TabsBar() {
  const { tabs } = useApp();
  const t = useT();
  const [, navigate] = useLocation();
  const menu = useRef<ContextMenu>(null);
  const open = useSelector(tabs, (s) => s.context.tabs);
  const active = useSelector(tabs, (s) => s.context.active);
  const menuFor = useSelector(tabs, (s) => s.context.menuFor);
  const menuPinned = open.find((tab) => tab.fullPath === menuFor)?.pinned ?? true;

  useEffect(() => {
    const sub = tabs.on('navigate', (event) => navigate(event.to));
    return () => sub.unsubscribe();
  }, [tabs, navigate]);

  // The tab becomes the shown one before the page follows, so it comes back as it was left.
  const show = (fullPath: string) => {
    tabs.send({ type: 'tab.show', fullPath });
    navigate(fullPath);
  };

  const openMenu = (event: MouseEvent, fullPath: string) => {
    tabs.send({ type: 'menu.open', fullPath });
    menu.current?.show(event);
  };

  const items = [
    {
      label: t('app.tabs.refresh'),
      icon: 'pi pi-refresh',
      command: () => tabs.send({ type: 'menu.refresh' }),
    },
    {
      label: t('app.tabs.close'),
      icon: 'pi pi-times',
      disabled: menuPinned,
      command: () => tabs.send({ type: 'menu.close.tab' }),
    },
    { label: t('app.tabs.closeOthers'), command: () => tabs.send({ type: 'menu.close.others' }) },
    { label: t('app.tabs.closeAll'), command: () => tabs.send({ type: 'menu.close.all' }) },
  ];

  return (
    <div className="portal-tabs" role="tablist" aria-label={t('app.tabs.label')}>
      {open.map((tab) => {
        const page = routeById(tab.pageId);
        return (
          <div
            key={tab.fullPath}
            role="tab"
            tabIndex={0}
            data-testid="tab"
            data-tab-path={tab.fullPath}
            aria-selected={tab.fullPath === active}
            className={`portal-tab ${tab.fullPath === active ? 'is-active' : ''}`}
            onClick={() => show(tab.fullPath)}
            // The close mark is for the mouse; from the keyboard Delete closes the focused tab.
            aria-keyshortcuts={tab.pinned ? undefined : 'Delete'}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                show(tab.fullPath);
              } else if (e.key === 'Delete' && !tab.pinned) {
                tabs.send({ type: 'tab.close', fullPath: tab.fullPath });
              }
            }}
            onContextMenu={(e) => {
              e.preventDefault();
              openMenu(e, tab.fullPath);
            }}
          >
            <span>{page ? t(page.titleKey) : tab.fullPath}</span>
            {!tab.pinned && (
              // Not a button: a control inside a tab is a nested interactive element (WCAG 4.1.2).
              <span
                className="portal-tab-close"
                aria-hidden="true"
                title={t('app.tabs.close')}
                onClick={(e) => {
                  e.stopPropagation();
                  tabs.send({ type: 'tab.close', fullPath: tab.fullPath });
                }}
              >
                <i className="pi pi-times" />
              </span>
            )}
          </div>
        );
      })}
      <ContextMenu
        model={items}
        ref={menu}
        onHide={() => tabs.send({ type: 'menu.close' })}
        className="portal-tab-menu"
      />
    </div>
  );
}
