import { useMemo } from 'react';
import { type GuardExpr, type GuardVocabulary, guardInWords } from '../../machines/viewer/guard-expr';
import { useT } from '../app-context';

/** Says a guard in the interface's language; a guard without words yet shows its name in code. */
export function useGuardWords(): (expr: GuardExpr) => string {
  const t = useT();
  return useMemo(() => {
    const vocabulary: GuardVocabulary = {
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
    return (expr: GuardExpr) => guardInWords(expr, vocabulary);
  }, [t]);
}
