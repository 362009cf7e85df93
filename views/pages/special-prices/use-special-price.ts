import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
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
  const result = useSelector(actor, (s) => s.context.result);
  const prices = useSelector(actor, (s) => s.context.prices);
  return { actor, view, busy, failure, refusal, result, prices };
}
