import { useMemo } from 'react';
import { type GuardExpr, guardInWords, guardVocabulary } from '../../machines/workflows/guard-expr';
import { useT } from '../app-context';

// The words a language composes guards with: one vocabulary for the viewer and the server's refusals.
export { guardVocabulary };

/** Says a guard in the interface's language. */
export function useGuardWords(): (expr: GuardExpr) => string {
  const t = useT();
  return useMemo(() => {
    const vocabulary = guardVocabulary(t);
    return (expr: GuardExpr) => guardInWords(expr, vocabulary);
  }, [t]);
}
