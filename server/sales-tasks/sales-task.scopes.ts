import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../http/auth';
import { scopeCondition } from '../resources/scope';
import { indicatorOfTaskTypeSql } from './task-package';

/**
 * Who reads a package's target and RSP lines besides their own scope: a city manager reads the
 * packages a task of their cities belongs to (same year, province and brand line, the indicator its
 * task type measures) — the target and the RSP lines that carry it, as the package's pages show them
 * — and no other package of the province. Reading is all: the package's workflow offers a city
 * manager no command, and a target or a line is written only by the province office
 * (task-references.rules.ts refuseOutsideDuty).
 */
function packageReaders(caller: Caller): RawBuilder<boolean> {
  if (caller.dataScope !== 'city') return scopeCondition(caller);
  // The inner `t` is a city manager task, read through the caller's own scope; the tuple is the package's.
  return sql<boolean>`(${scopeCondition(caller)} or (t.data->>'Year', t.data->>'ProvinceName', t.data->>'Brand',
      t.data->>'IndicatorType') in (
    select t.data->>'Year', t.data->>'ProvinceName', t.data->>'Brand',
      ${indicatorOfTaskTypeSql(sql`t.data->>'TaskType'`)}
    from record t where t.resource = 'cityManagerTask' and ${scopeCondition(caller)}))`;
}

/** The sales task resources whose scope is their own rather than the data scope of every record. */
export const salesTaskScopes: Record<string, (caller: Caller) => RawBuilder<boolean>> = {
  provinceTask: packageReaders,
  rspTaskAllocation: packageReaders,
};
