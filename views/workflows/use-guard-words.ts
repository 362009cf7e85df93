import { useMemo } from 'react';
import { type GuardExpr, type GuardVocabulary, guardInWords } from '../../machines/viewer/guard-expr';
import { type Translate, useT } from '../app-context';

/** The words a language composes guards with; a guard without words yet shows its name in code. */
export function guardVocabulary(t: Translate): GuardVocabulary {
  return {
    name: (guard) => {
      const key = `workflows.guards.${guard}`;
      const words = t(key);
      return words === key ? guard : words;
    },
    and: t('workflows.guardWords.and'),
    or: t('workflows.guardWords.or'),
    not: (guard) => t('workflows.guardWords.not', { guard }),
    group: (guard) => t('workflows.guardWords.group', { guard }),
    inline: t('workflows.guardWords.inline'),
  };
}

/** Says a guard in the interface's language. */
export function useGuardWords(): (expr: GuardExpr) => string {
  const t = useT();
  return useMemo(() => {
    const vocabulary = guardVocabulary(t);
    return (expr: GuardExpr) => guardInWords(expr, vocabulary);
  }, [t]);
}
