import type { RawBuilder } from 'kysely';
import type { ImportAnswer } from '../../domain/import-answer';
import type { NumberPrefix } from '../../domain/numbering';
import type { AreaName, WorkflowNameOf } from '../../machines/workflows/registry';
import type { Invariant } from '../books/invariant';
import type { Caller } from '../http/auth';
import type { ImportRequest } from '../imports/import-run';
import type { JobHandler } from '../jobs/job-handlers';
import type { AfterDelete, AfterWrite, BeforeChange, BeforeRead } from '../resources/rules';
import type { TableStorage } from '../resources/storage';
import type { WorkflowHooks } from '../workflows/hooks';

/** A to-do lens: which records of a list (alias `t`) a workflow's waits put on the caller's list. */
export type AwaitingLens = (caller: Caller) => RawBuilder<boolean>;

/** The server's side of one resource of an area: where it lives, who writes it, its rules. */
export interface ResourceEntry {
  /** A table of its own; without one, the resource's rows live in the shared `record` table. */
  storage?: TableStorage;
  /** The business number a shared-table record gets on create (typed tables name theirs in storage). */
  number?: { field: string; prefix: NumberPrefix };
  /**
   * `commands`: written only through the area's commands (their routes read and write it, the generic
   * engine serves none); `own`: routes of its own that are not workflow commands (menus, employees).
   */
  routes?: 'commands' | 'own';
  /** A rule after a create or update, inside the write's transaction: it may refuse or keep an invariant. */
  afterWrite?: AfterWrite;
  /**
   * `batch`: an import does what `afterWrite` does for the whole file at once, so its rows are not run
   * through it one by one (report lines: the check pass asks each agent's report once whether it is
   * open, keys are matched against the stored lines, and each report follows its lines once after the
   * write — row by row, every line would recount its whole report).
   */
  afterImport?: 'batch';
  /** A refusal before an update or delete touches existing records: a record frozen by its state. */
  beforeChange?: BeforeChange;
  /**
   * A refusal before a list or its export is read: a list of one record's lines refuses a record the
   * caller does not see, rather than answering an empty list (the lines of a report).
   */
  beforeRead?: BeforeRead;
  /**
   * A rule after a delete, inside its transaction, given the records as they were: what other records
   * figured from them gives back what they took (a target's load bearing without a deleted line).
   */
  afterDelete?: AfterDelete;
  /**
   * The to-do lens (`AwaitingMe`) of this resource's lists whose page names one of these workflows as
   * its inbox, where "its own stream waits for the caller" is not the answer: the lines of a package
   * that waits for the caller, or the packages decided on their own page rather than from their lines.
   */
  awaiting?: Record<string, AwaitingLens>;
  /**
   * An import into this resource's lists runs through the area's command instead of the plain import
   * (a settlement sheet's upload checks its lines against their tasks and stores the sheet with them).
   */
  importRun?: (request: ImportRequest) => Promise<ImportAnswer>;
  /**
   * `story`: the demo world enters these records through a story of the seed (their commands, their
   * saves, their imports), never the generic filler that gives plain records 25–40 random rows.
   */
  demo?: 'story';
}

/**
 * A business area's server side, declared once (docs/adding-a-feature.md): its resources with their
 * storage and rules, the hooks of its workflows (keyed by the names machines/workflows/registry.ts
 * files under the area, so a misspelt one is a type error) and its scheduled jobs. Every central
 * registry — storages, engine routes, write rules, workflow hooks, job handlers, the invariants of
 * the books — is derived from the list of areas in server/areas/areas.ts.
 */
export interface AreaParts<A extends AreaName = AreaName> {
  resources?: Record<string, ResourceEntry>;
  workflows?: Partial<Record<WorkflowNameOf<A>, WorkflowHooks>>;
  /** Job handlers by the key a scheduled job's row names. */
  jobs?: Record<string, JobHandler>;
  /**
   * The figures of the area that depend on others, by a key unique in the area: each a query of the
   * rows where it does not hold (server/books/invariant.ts), checked by verify-books.
   */
  invariants?: Record<string, Invariant>;
}

export interface AreaDeclaration<A extends AreaName = AreaName> {
  name: A;
  /**
   * The parts, built when a registry first asks: the rules, hooks and jobs an area names import
   * services that import the registries back, so an area may be loaded before what it names is.
   */
  parts: () => AreaParts<A>;
}

export function defineArea<A extends AreaName>(
  name: A,
  parts: () => AreaParts<NoInfer<A>>,
): AreaDeclaration<A> {
  let built: AreaParts<A> | undefined;
  return {
    name,
    parts: () => {
      built ??= parts();
      return built;
    },
  };
}

/**
 * An area's typed-table resources from its storage module, each with the rules it has: the keys of
 * `rules` are those of `storages`, so a rule for a resource the module does not store is a type error.
 */
export function stored<const S extends Record<string, TableStorage>>(
  storages: S,
  rules: { [K in keyof S]?: Omit<ResourceEntry, 'storage'> } = {},
): Record<string, ResourceEntry> {
  return Object.fromEntries(
    Object.entries(storages).map(([name, storage]) => [name, { storage, ...rules[name as keyof S] }]),
  );
}
