import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { specialPricePageLogic } from '../../../machines/special-prices/special-price-page.actors';
import { useLang } from '../../app-context';
import { useNoticeToasts } from '../../kit/use-notice-toasts';

/** The special-price page actor of a page, its notices shown as toasts. */
export function useSpecialPrice(objectId: string | undefined) {
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const actor = useActorRef(
    specialPricePageLogic(() => langRef.current),
    { input: { objectId: objectId || undefined } },
  );
  useNoticeToasts(actor);
  const view = useSelector(actor, (s) => s.context.view);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : undefined));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const refusedField = useSelector(actor, (s) => s.context.refusedField);
  const result = useSelector(actor, (s) => s.context.result);
  const prices = useSelector(actor, (s) => s.context.prices);
  return { actor, view, busy, failure, refusal, refusedField, result, prices };
}

// The pages of a request kept open in other tabs, told when its form saved it.
const savedListeners = new Set<(objectId: string) => void>();

/** The request form saved (and perhaps resubmitted) this request. */
export function announceSaved(objectId: string) {
  for (const listener of savedListeners) listener(objectId);
}

/**
 * A request's page kept open in its tab while the request was changed on its form reads it again, so
 * going back to it shows the request as it now stands, not the state it had and the commands it no
 * longer offers.
 */
export function useReadAgainWhenSaved(objectId: string, readAgain: () => void) {
  const latest = useRef(readAgain);
  latest.current = readAgain;
  useEffect(() => {
    const listener = (saved: string) => {
      if (saved === objectId) latest.current();
    };
    savedListeners.add(listener);
    return () => {
      savedListeners.delete(listener);
    };
  }, [objectId]);
}
