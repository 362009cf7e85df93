import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { PageEntry } from '../../catalogue/types';
import { selectEmployee } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import { LanguageSwitch } from './language-switch';
import { TimeoutDialog } from './timeout-dialog';
import { UserMenu } from './user-menu';

/** The logged-in frame: navbar with the user's LastName and menu, the page, the time-out dialog. */
export default function Layout({ page, children }: { page: PageEntry; children: ReactNode }) {
  const { session } = useApp();
  const t = useT();
  const employee = useSelector(session, selectEmployee);
  return (
    <div className="portal-layout">
      <header className="portal-navbar">
        <span className="portal-navbar-title">{t('app.sidebarTitle')}</span>
        <nav className="portal-breadcrumb" aria-label="breadcrumb">
          {t(page.titleKey)}
        </nav>
        <div className="portal-navbar-right">
          <LanguageSwitch />
          <UserMenu lastName={employee?.LastName ?? ''} />
        </div>
      </header>
      <main className="portal-main">{children}</main>
      <TimeoutDialog />
    </div>
  );
}
