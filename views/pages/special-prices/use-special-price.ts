import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { specialPricePageLogic } from '../../../machines/special-prices/special-price-page.actors';
import { useLang, useT } from '../../app-context';
import { toast } from '../../shell/toast-bus';

/** The special-price page actor of a page, its notices shown as toasts. */
export function useSpecialPrice(objectId: string | undefined) {
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const actor = useActorRef(
    specialPricePageLogic(() => langRef.current),
    { input: { objectId: objectId || undefined } },
  );
  useEffect(() => {
    const sub = actor.on('notify', (e) => toast({ text: t(e.message), severity: e.severity, life: 3000 }));
    return () => sub.unsubscribe();
  }, [actor, t]);
  const view = useSelector(actor, (s) => s.context.view);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : undefined));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const result = useSelector(actor, (s) => s.context.result);
  const prices = useSelector(actor, (s) => s.context.prices);
  return { actor, view, busy, failure, refusal, result, prices };
}
