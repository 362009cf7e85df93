import { useEffect } from 'react';
import { useApp } from '../app-context';

/**
 * Every click tells the session the user is here (SPEC §4): a click after five idle hours opens the
 * time-out dialog instead. Capture phase, so the check comes before the click's own action.
 */
export function ActivityListener() {
  const { session } = useApp();
  useEffect(() => {
    const onClick = () => session.send({ type: 'user.activity', at: Date.now() });
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [session]);
  return null;
}
