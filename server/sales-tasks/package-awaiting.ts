import { sql } from 'kysely';
import type { AwaitingLens } from '../areas/area';
import type { Caller } from '../http/auth';
import { resourceScope } from '../resources/scope';
import { subjectsAwaiting } from '../resources/search';

/**
 * Where a task package waiting for the caller is their to-do (docs/sales-tasks.md): HQ decides a
 * package from its RSP lines' approval page (the RSP task approval list opens a line's package with its decision
 * panel), so that list shows the lines of the packages waiting for the caller; a package none of whose
 * RSP lines the caller sees — a late target waiting for HQ's exception has none yet — stays on the
 * province target list, where its own page decides it. Each waiting package is on one list.
 */

/** The key (year, province, brand line, indicator) of a target or an RSP line aliased `alias`. */
const keyOf = (alias: string) =>
  sql.join(
    ['Year', 'ProvinceName', 'Brand', 'IndicatorType'].map(
      (field) => sql`coalesce(${sql.ref(`${alias}.data`)}->>${field}, '')`,
    ),
  );

/** The keys of the province targets whose package waits for the caller. */
const packagesAwaiting = (caller: Caller) => sql`select ${keyOf('p')} from record p
  where p.resource = 'provinceTask' and p.object_id in (${subjectsAwaiting('provinceTask', caller)})`;

/** RSP lines (on the RSP task approval list) whose package waits for the caller. */
const linesOfPackagesAwaiting: AwaitingLens = (caller) =>
  sql<boolean>`(${keyOf('t')}) in (${packagesAwaiting(caller)})`;

/**
 * Province targets waiting for the caller that none of their RSP lines the caller sees leads to. The
 * inner `t` is an RSP line read through the caller's scope; the key on the left is the target's.
 */
const packagesWithoutLinesAwaiting: AwaitingLens = (caller) =>
  sql<boolean>`(t.object_id in (${subjectsAwaiting('provinceTask', caller)})
    and not ((${keyOf('t')}) in (select ${keyOf('t')} from record t
      where t.resource = 'rspTaskAllocation' and ${resourceScope('rspTaskAllocation', caller)})))`;

/** The sales task lists' to-do lenses for the package workflow, by resource (server/areas). */
export const packageLenses = {
  provinceTask: { salesTask: packagesWithoutLinesAwaiting },
  rspTaskAllocation: { salesTask: linesOfPackagesAwaiting },
} satisfies Record<string, Record<string, AwaitingLens>>;
