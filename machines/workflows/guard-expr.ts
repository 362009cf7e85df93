import { and, not, or } from 'xstate';

/**
 * A transition's guard as a tree an analyst can read: named guards (`isCurrentApprover`) composed
 * with and / or / not; an inline function has no name to show.
 */
export type GuardExpr =
  | { kind: 'guard'; name: string }
  | { kind: 'and' | 'or' | 'not'; parts: GuardExpr[] }
  | { kind: 'inline' };

// xstate marks a composed guard by its `check` function; the wrapper's own name does not survive
// minification, so the combinators are told apart by that shared function instead.
const checkOf = (guard: unknown) => (guard as { check?: unknown }).check;
const COMBINATORS = new Map<unknown, 'and' | 'or' | 'not'>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('x')), 'not'],
]);

/** The tree of a guard as xstate stores it on a transition (a name, `{ type, params }`, a combinator). */
export function guardExpr(guard: unknown): GuardExpr | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return { kind: 'guard', name: guard };
  const combinator = COMBINATORS.get(checkOf(guard));
  const inner = (guard as { guards?: unknown[] }).guards;
  if (combinator && Array.isArray(inner))
    return { kind: combinator, parts: inner.map((g) => guardExpr(g) ?? { kind: 'inline' }) };
  const type = (guard as { type?: unknown }).type;
  if (typeof type === 'string') return { kind: 'guard', name: type };
  return { kind: 'inline' };
}

/** Every guard name in a tree, in order, each once. */
export function guardNames(expr: GuardExpr | undefined): string[] {
  if (!expr || expr.kind === 'inline') return [];
  if (expr.kind === 'guard') return [expr.name];
  return [...new Set(expr.parts.flatMap(guardNames))];
}

/** The words a language composes guards with. */
export interface GuardVocabulary {
  /** The words for one named guard, e.g. the current approver. */
  name: (guard: string) => string;
  and: string;
  or: string;
  not: (words: string) => string;
  /** A composed part inside another, e.g. (a or b). */
  group: (words: string) => string;
  inline: string;
}

/**
 * The words a language composes guards with, from its translator (the browser's or the server's): a
 * guard's own words (`workflows.guards.<name>`), or its name in code where it has none yet.
 */
export function guardVocabulary(
  t: (key: string, params?: Record<string, unknown>) => string,
): GuardVocabulary {
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

/**
 * A guard in words: "the current approver and the last node" (and its Chinese from the locale). Parts that
 * are themselves composed are grouped, so "a and (b or c)" keeps its meaning.
 */
export function guardInWords(expr: GuardExpr, words: GuardVocabulary): string {
  const part = (inner: GuardExpr) => {
    const text = guardInWords(inner, words);
    return inner.kind === 'and' || inner.kind === 'or' ? words.group(text) : text;
  };
  switch (expr.kind) {
    case 'guard':
      return words.name(expr.name);
    case 'inline':
      return words.inline;
    case 'not':
      return words.not(
        expr.parts.length === 1
          ? part(expr.parts[0])
          : words.group(expr.parts.map(part).join(` ${words.and} `)),
      );
    default:
      return expr.parts.map(part).join(` ${words[expr.kind]} `);
  }
}

/** The guard as code, for the arrow's label: `isCurrentReviewer && isLastStep`, `!isLastNode`. */
export function guardCode(expr: GuardExpr): string {
  const part = (inner: GuardExpr) => {
    const text = guardCode(inner);
    return inner.kind === 'and' || inner.kind === 'or' ? `(${text})` : text;
  };
  switch (expr.kind) {
    case 'guard':
      return expr.name;
    case 'inline':
      return 'guard';
    case 'not':
      return `!${expr.parts.length === 1 ? part(expr.parts[0]) : `(${expr.parts.map(part).join(' && ')})`}`;
    default:
      return expr.parts.map(part).join(expr.kind === 'or' ? ' || ' : ' && ');
  }
}
