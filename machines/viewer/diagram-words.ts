import { type GuardExpr, guardCode } from '../workflows/guard-expr';

/**
 * What a chart says, in some language: the names of states, events, services and tags, a guard's
 * short form on its arrow, and the business rules. The viewer builds one from the locales
 * (views/workflows/diagram-words.ts); `codeWords` says everything as the code does (the paths
 * command, layout tests).
 */
export interface DiagramWords {
  /** The language these words are in (`code` for the code's own names): the viewer keeps layouts by it. */
  lang: string;
  /** The machine's own name, for its outermost box. */
  machine: (machineId: string) => string;
  /** A state by its path below the root (`['inApproval']`). */
  state: (machineId: string, path: string[]) => string;
  /** An event a person or a page sends (not xstate's own timers and outcomes). */
  event: (machineId: string, eventType: string) => string;
  /** An invoked service by its source's name. */
  service: (machineId: string, src: string) => string;
  /** A service's outcome: `done` for its answer, `error` for its failure. */
  outcome: (kind: 'done' | 'error', service: string) => string;
  /** A timer: a delay in milliseconds, or a named one. */
  delay: (delay: string) => string;
  /** The event of a compound state reaching its final state. */
  stateDone: (state: string) => string;
  /** An eventless transition, taken as soon as its guard passes. */
  always: string;
  tag: (tag: string) => string;
  /** The guard as the arrow says it, brackets included: "[only the current approver]". */
  guard: (expr: GuardExpr) => string;
  /**
   * The business rule of a state (key: its path joined with dots, '' for the root) or of a
   * transition (key: its transition id, less the machine id's prefix); `own` is the machine's text.
   */
  description: (machineId: string, key: string, own: string) => string | undefined;
}

/** Everything as the code names it: ids, event types, guard expressions, the machines' own descriptions. */
export const codeWords: DiagramWords = {
  lang: 'code',
  machine: (id) => id,
  state: (id, path) => path.at(-1) ?? id,
  event: (_, type) => type,
  service: (_, src) => src,
  outcome: (kind, service) => `${kind}: ${service}`,
  delay: (delay) => `after ${delay}`,
  stateDone: (state) => `done: ${state}`,
  always: 'always',
  tag: (tag) => `#${tag}`,
  guard: (expr) => `[${guardCode(expr)}]`,
  description: (_, __, own) => own,
};
