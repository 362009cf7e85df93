import { useEffect, useRef } from 'react';
import type { Subscription } from 'xstate';
import { useT } from '../app-context';
import { type ToastMessage, toast } from '../shell/toast-bus';

/** How long a machine's notice stays up: it confirms what the person just did, so shorter than an error. */
const NOTICE_TOAST_MS = 3000;

/** What a machine emits for the person to read: a message key (or the server's sentence) and its values. */
export interface Notice {
  type: 'notify';
  severity: ToastMessage['severity'];
  message: string;
  params?: Record<string, unknown>;
}

/** Any actor that emits notices. */
export interface Notifier {
  on(type: 'notify', handler: (notice: Notice) => void): Subscription;
}

/** Shows each notice the actor emits as a toast, in the language of the moment it is emitted. */
export function useNoticeToasts(actor: Notifier) {
  const t = useT();
  const latest = useRef(t);
  latest.current = t;
  useEffect(() => {
    const sub = actor.on('notify', (e) =>
      toast({ text: latest.current(e.message, e.params), severity: e.severity, life: NOTICE_TOAST_MS }),
    );
    return () => sub.unsubscribe();
  }, [actor]);
}
