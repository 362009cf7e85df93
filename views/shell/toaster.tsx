import DOMPurify from 'dompurify';
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { ERROR_TOAST_MS, INVALID_TOKEN_NOTICE_MS } from '../../domain/constants';
import { onHttpEvent } from '../../services/http.service';
import { useApp, useT } from '../app-context';
import { registerToast } from './toast-bus';

/**
 * SPEC §8: a refused call shows its message for 5 s with a close button (HTML allowed, sanitised);
 * an invalid token shows the notice for 2 s, ends the session and reloads.
 */
export function Toaster() {
  const toast = useRef<Toast>(null);
  const t = useT();
  const { session } = useApp();
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(
    () =>
      registerToast((message) =>
        show(toast.current, tRef.current(message.text) || message.text, message.severity, message.life),
      ),
    [],
  );

  useEffect(() => {
    const unsubscribe = onHttpEvent((event) => {
      const text = tRef.current(event.message) || event.message;
      if (event.type === 'http.invalidToken') {
        show(toast.current, tRef.current('app.session.invalidUser'), 'error', INVALID_TOKEN_NOTICE_MS);
        session.send({ type: 'token.invalid' });
        setTimeout(() => window.location.reload(), INVALID_TOKEN_NOTICE_MS);
        return;
      }
      show(toast.current, text, 'error', ERROR_TOAST_MS);
    });
    return () => {
      unsubscribe();
    };
  }, [session]);

  return <Toast ref={toast} position="top-center" />;
}

function show(
  toast: Toast | null,
  text: string,
  severity: 'error' | 'warn' | 'success' | 'info',
  life = ERROR_TOAST_MS,
) {
  toast?.show({
    severity,
    life,
    closable: true,
    content: (
      <div className="portal-toast" role="alert">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the message is sanitised with DOMPurify. */}
        <span dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(text) }} />
      </div>
    ),
  });
}
