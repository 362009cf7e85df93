import DOMPurify from 'dompurify';
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { ERROR_TOAST_MS } from '../../domain/constants';
import { useT } from '../app-context';
import type { ToastMessage } from './toast-bus';

/** Shows queued messages as PrimeReact toasts; HTML in a message is sanitised first (SPEC §8). */
export default function ToastStack({
  queue,
  onShown,
}: {
  queue: ToastMessage[];
  onShown: (count: number) => void;
}) {
  const toast = useRef<Toast>(null);
  const t = useT();
  const shown = useRef(new WeakSet<ToastMessage>());

  useEffect(() => {
    if (!queue.length || !toast.current) return;
    for (const message of queue) {
      // The effect may run again before the queue is emptied (a new language table); show each once.
      if (shown.current.has(message)) continue;
      shown.current.add(message);
      const text = t(message.text) || message.text;
      toast.current.show({
        severity: message.severity,
        life: message.life ?? ERROR_TOAST_MS,
        closable: true,
        content: (
          <div className="portal-toast" role="alert">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the message is sanitised with DOMPurify. */}
            <span dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(text) }} />
          </div>
        ),
      });
    }
    onShown(queue.length);
  }, [queue, onShown, t]);

  return <Toast ref={toast} position="top-center" />;
}
