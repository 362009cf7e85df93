import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { INVALID_TOKEN_NOTICE_MS } from '../../domain/constants';
import { onCallNotice } from '../../machines/shell/call-notices';
import { useApp } from '../app-context';
import { withTheme } from '../styles/with-theme';
import { registerToast, type ToastMessage } from './toast-bus';

const ToastStack = lazy(() => withTheme(import('./toast-stack')));

/**
 * SPEC §8: a refused call shows its message for 5 s with a close button (HTML allowed, sanitised);
 * an invalid token shows the notice for 2 s, ends the session and reloads. The toast component loads
 * with the first message, so a page that shows none never loads it.
 */
export function Toaster() {
  const { session } = useApp();
  const [queue, setQueue] = useState<ToastMessage[]>([]);
  const started = useRef(false);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  useEffect(() => registerToast((message) => setQueue((q) => [...q, message])), []);

  useEffect(() => {
    const unsubscribe = onCallNotice((event) => {
      if (event.type === 'http.invalidToken') {
        setQueue((q) => [
          ...q,
          { text: 'app.session.invalidUser', severity: 'error', life: INVALID_TOKEN_NOTICE_MS },
        ]);
        sessionRef.current.send({ type: 'token.invalid' });
        setTimeout(() => window.location.reload(), INVALID_TOKEN_NOTICE_MS);
        return;
      }
      setQueue((q) => [...q, { text: event.message, severity: 'error' }]);
    });
    return () => {
      unsubscribe();
    };
  }, []);

  // Once loaded the stack stays mounted, or its toasts would vanish with the emptied queue.
  if (queue.length === 0 && !started.current) return null;
  started.current = true;
  return (
    <Suspense fallback={null}>
      <ToastStack queue={queue} onShown={(count) => setQueue((q) => q.slice(count))} />
    </Suspense>
  );
}
