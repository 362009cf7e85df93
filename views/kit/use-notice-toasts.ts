import { useEffect, useRef } from 'react';
import type { Subscription } from 'xstate';
import { type Translate, useT } from '../app-context';
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

/** Any actor that emits notices, with whatever more its notices carry. */
export interface Notifier<N extends Notice = Notice> {
  on(type: 'notify', handler: (notice: N) => void): Subscription;
}

const asWritten = (notice: Notice, t: Translate) => t(notice.message, notice.params);

/**
 * Shows each notice the actor emits as a toast, in the language of the moment it is emitted; a screen
 * whose notices need more than their message translated words them itself.
 */
export function useNoticeToasts<N extends Notice>(
  actor: Notifier<N>,
  wording: (notice: N, t: Translate) => string = asWritten,
) {
  const t = useT();
  const latest = useRef({ t, wording });
  latest.current = { t, wording };
  useEffect(() => {
    const sub = actor.on('notify', (e) => {
      const { t, wording } = latest.current;
      toast({ text: wording(e, t), severity: e.severity, life: NOTICE_TOAST_MS });
    });
    return () => sub.unsubscribe();
  }, [actor]);
}
