import { useEffect } from 'react';
import { selectTimedOut } from '../../machines/session/session.selectors';
import { useApp } from '../app-context';

/**
 * Every click tells the session the user is here (SPEC §4): a click after five idle hours opens the
 * time-out dialog instead. Capture phase, so the check comes before the click's own action.
 */
export function ActivityListener() {
  const { session } = useApp();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (selectTimedOut(session.getSnapshot())) return;
      session.send({ type: 'user.activity', at: Date.now() });
      // The click that reveals the time-out does nothing else: the page behind the dialog is stale.
      if (selectTimedOut(session.getSnapshot())) {
        event.stopPropagation();
        event.preventDefault();
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [session]);
  return null;
}
