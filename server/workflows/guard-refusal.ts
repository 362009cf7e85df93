import { type AnyMachineSnapshot, getNextTransitions } from 'xstate';
import { guardExpr, guardInWords, guardVocabulary } from '../../machines/workflows/guard-expr';
import { PortalError } from '../http/envelope';
import { translate } from '../http/i18n';

/**
 * Why a command the state takes is still refused, when it is nobody's step to take (not a decider's):
 * the condition its transitions ask, in the viewer's guard words ("渠道经理或省区经理", "the applicant"),
 * so the person reads who may do it or when. Undefined when the transitions ask nothing in words.
 */
export function guardRefusal(snapshot: AnyMachineSnapshot, eventType: string): PortalError | undefined {
  const guards = getNextTransitions(snapshot)
    .filter((t) => t.eventType === eventType)
    .map((t) => guardExpr(t.guard));
  if (!guards.length || guards.some((g) => g === undefined || g.kind === 'inline')) return undefined;
  const inWords = (lang: 'zh' | 'en') => {
    const vocabulary = guardVocabulary((key, params) => translate(lang, key, params));
    return guards.map((g) => guardInWords(g!, vocabulary)).join(` ${vocabulary.or} `);
  };
  // Both languages travel as one parameter; the answer takes the caller's (server.stateWords).
  return new PortalError(403, 'server.workflow.onlyWhen', {
    condition: { key: 'server.stateWords', params: { zh: inWords('zh'), en: inWords('en') } },
  });
}
