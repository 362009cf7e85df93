import { useActorRef, useSelector } from '@xstate/react';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import { formatDateTime } from '../../domain/format';
import { noticesLogic } from '../../machines/shell/notices.actors';
import type { Notice } from '../../machines/shell/notices.machine';
import { useT } from '../app-context';

/**
 * The bell: how many of the person's notices are unread, and the latest of them. Opening one marks it
 * read and, when it is about a record the person may open, opens it; "mark all read" marks them all.
 */
export function NoticeBell() {
  const t = useT();
  const [, navigate] = useLocation();
  const notices = useActorRef(noticesLogic);
  const unread = useSelector(notices, (s) => s.context.Unread);
  const list = useSelector(notices, (s) => s.context.Notices);
  const panel = useRef<OverlayPanel>(null);

  const open = (notice: Notice, event: React.MouseEvent) => {
    if (!notice.Read) notices.send({ type: 'notices.read', ids: [notice.ObjectID] });
    const path = notice.PageID && notice.RecordID ? pageById(notice.PageID)?.path : undefined;
    if (!path) return;
    panel.current?.hide();
    navigate(`${path}?${new URLSearchParams({ objectID: String(notice.RecordID) })}`);
    event.preventDefault();
  };
  const shownCount = unread > 99 ? '99+' : String(unread);
  const unreadIds = list.filter((n) => !n.Read).map((n) => n.ObjectID);

  return (
    <>
      <button
        type="button"
        className="portal-icon-button portal-notice-bell"
        // The name holds the count as the badge shows it, outside brackets (which screen readers and axe
        // treat as an aside), so what is seen is what is read out.
        aria-label={t('notices.bell', { count: shownCount })}
        aria-haspopup="dialog"
        data-testid="notice-bell"
        onClick={(e) => {
          notices.send({ type: 'notices.reload' });
          panel.current?.toggle(e);
        }}
      >
        <i className="pi pi-bell" />
        {unread > 0 && (
          <span className="portal-notice-count" data-testid="notice-count">
            {shownCount}
          </span>
        )}
      </button>
      <OverlayPanel ref={panel} aria-label={t('notices.title')}>
        <div className="portal-notices" data-testid="notices">
          <div className="portal-notices-head">
            <strong>{t('notices.title')}</strong>
            {unreadIds.length > 0 && (
              <button
                type="button"
                className="portal-link-button"
                onClick={() => notices.send({ type: 'notices.read', ids: unreadIds })}
              >
                {t('notices.readAll')}
              </button>
            )}
          </div>
          {list.length === 0 ? (
            <p className="portal-hint">{t('notices.none')}</p>
          ) : (
            <ul>
              {list.map((notice) => (
                <li key={notice.ObjectID} className={notice.Read ? 'is-read' : 'is-unread'}>
                  <button type="button" className="portal-link-button" onClick={(e) => open(notice, e)}>
                    {t(`notices.kinds.${notice.Kind}`, notice.Params)}
                  </button>
                  <small>{formatDateTime(notice.CreatedOn)}</small>
                </li>
              ))}
            </ul>
          )}
        </div>
      </OverlayPanel>
    </>
  );
}
