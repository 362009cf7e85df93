import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { pageActions } from '../../catalogue/page-actions';
import type { PageEntry } from '../../catalogue/types';
import { allowedPages } from '../../machines/session/permissions';
import { selectMenus } from '../../machines/session/session.selectors';
import { useApp, useRoleCode } from '../app-context';

/**
 * What a page offers the signed-in person, by the rule the server grants writes by: the pages they may
 * open (a value links only to those) and the page's actions for their role, so no button or editable
 * cell leads to a refusal.
 */
export function usePageOffer(page: PageEntry) {
  const { session } = useApp();
  const roleCode = useRoleCode();
  const menus = useSelector(session, selectMenus);
  const openable = useMemo(() => allowedPages(menus), [menus]);
  const canOpen = useCallback((id: string) => openable.has(id), [openable]);
  const offered = useMemo(() => pageActions(page, canOpen, roleCode), [page, canOpen, roleCode]);
  return { roleCode, canOpen, offered };
}
