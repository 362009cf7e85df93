import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../http/auth';
import { scopeCondition } from '../resources/scope';

/**
 * Who reads a province target besides its own scope: a city manager reads the target a task of their
 * cities counts towards — the package that task belongs to (same year, province and brand line, the
 * indicator its task type measures) — and no other target of the province. Reading is all: the
 * package's workflow offers a city manager no command.
 */
function targetReaders(caller: Caller): RawBuilder<boolean> {
  if (caller.dataScope !== 'city') return scopeCondition(caller);
  // The inner `t` is a city manager task, read through the caller's own scope; the tuple is the target's.
  return sql<boolean>`(${scopeCondition(caller)} or (t.data->>'Year', t.data->>'ProvinceName', t.data->>'Brand',
      t.data->>'IndicatorType') in (
    select t.data->>'Year', t.data->>'ProvinceName', t.data->>'Brand',
      case when t.data->>'TaskType' ~ '^[0-9]{1,6}$' then ((t.data->>'TaskType')::int - 10)::text end
    from record t where t.resource = 'cityManagerTask' and ${scopeCondition(caller)}))`;
}

/** The sales task resources whose scope is their own rather than the data scope of every record. */
export const salesTaskScopes: Record<string, (caller: Caller) => RawBuilder<boolean>> = {
  provinceTask: targetReaders,
};
