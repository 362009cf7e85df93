import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { useApp, useT } from '../app-context';

/** SPEC §2: dashboard, change password, log out. Logging out returns to this page after the next login. */
export function UserMenu({ lastName }: { lastName: string }) {
  const { session } = useApp();
  const t = useT();
  const [, navigate] = useLocation();
  const menu = useRef<Menu>(null);
  const items = [
    { label: t('app.userMenu.dashboard'), icon: 'pi pi-home', command: () => navigate('/dashboard') },
    { label: t('app.userMenu.profile'), icon: 'pi pi-user', command: () => navigate('/profile/index') },
    {
      label: t('app.userMenu.changePassword'),
      icon: 'pi pi-key',
      command: () => navigate('/changePass/index'),
    },
    {
      label: t('app.userMenu.logout'),
      icon: 'pi pi-sign-out',
      command: () => session.send({ type: 'logout' }),
    },
  ];
  return (
    <>
      <button
        type="button"
        className="portal-user-button"
        aria-haspopup="menu"
        onClick={(e) => menu.current?.toggle(e)}
      >
        <i className="pi pi-user" /> <span className="portal-user-name">{lastName}</span>{' '}
        <i className="pi pi-angle-down" />
      </button>
      <Menu model={items} popup ref={menu} />
    </>
  );
}
