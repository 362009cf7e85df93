import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { pageActions } from '../../catalogue/page-actions';
import type { PageEntry } from '../../catalogue/types';
import { allowedPages } from '../../machines/session/permissions';
import { selectMenus } from '../../machines/session/session.selectors';
import { useApp, useRoleCode } from '../app-context';

/** Whether the signed-in person may open a page: their role's menu list and the pages it opens. */
export function useCanOpen() {
  const { session } = useApp();
  const menus = useSelector(session, selectMenus);
  const openable = useMemo(() => allowedPages(menus), [menus]);
  return useCallback((id: string) => openable.has(id), [openable]);
}

/**
 * What a page offers the signed-in person, by the rule the server grants writes by: the pages they may
 * open (a value links only to those) and the page's actions for their role, so no button or editable
 * cell leads to a refusal.
 */
export function usePageOffer(page: PageEntry) {
  const roleCode = useRoleCode();
  const canOpen = useCanOpen();
  const offered = useMemo(() => pageActions(page, canOpen, roleCode), [page, canOpen, roleCode]);
  return { roleCode, canOpen, offered };
}
