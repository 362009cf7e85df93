import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { allowedPages } from '../../machines/session/permissions';
import { buildMenus } from '../../machines/shell/menu';
import { useApp } from '../app-context';

/** The user's permitted pages and module menus, recomputed only when the role's menus change. */
export function useMenus() {
  const { session } = useApp();
  const menus = useSelector(session, (s) => s.context.menus);
  return useMemo(() => {
    const allowed = allowedPages(menus);
    return { allowed, modules: buildMenus(allowed) };
  }, [menus]);
}
