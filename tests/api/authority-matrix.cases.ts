import { pageById } from '../../catalogue/catalogue';
import { lockOf } from '../../catalogue/define';
import type { ResourceDef } from '../../server/resources/registry';

/**
 * What the catalogue says of one field write (docs/security.md, "Locks by state"): accepted where a form
 * the caller holds offers the field and does not lock it in the record's state; locked where every such
 * form locks it; not held where no form the caller holds offers it at all.
 */
export type Expectation = 'accepted' | 'locked' | 'notHeld';

/** The fields some form of the resource writes: the matrix's columns. */
export const writableFieldsOf = (def: ResourceDef) =>
  [...def.fields.values()].filter((spec) => spec.writableIn.size > 0).map((spec) => spec.name);

/** Every state a page of the resource declares a lock for, once each: the matrix's state axis. */
export function lockedStatesOf(def: ResourceDef): { field: string; value: string }[] {
  const seen = new Map<string, { field: string; value: string }>();
  for (const id of def.editPages)
    for (const lock of pageById(id)?.lockedWhile ?? [])
      for (const value of lock.states) seen.set(`${lock.field}=${value}`, { field: lock.field, value });
  return [...seen.values()];
}

/** The rule, read from the catalogue alone: the forms the caller holds, and their locks in this state for their role. */
export function expectationOf(
  def: ResourceDef,
  held: ReadonlySet<string>,
  field: string,
  record: Readonly<Record<string, unknown>>,
  role?: string,
): Expectation {
  const spec = def.fields.get(field);
  const offering = def.editPages.filter((id) => held.has(id) && spec?.writableIn.has(id));
  if (!offering.length) return 'notHeld';
  return offering.every((id) => lockOf(pageById(id), field, record, role)) ? 'locked' : 'accepted';
}

/** How an answer reads (in Chinese): the lock's refusal, a field no held form offers, a refusal of the action, or something else. */
export function answerKind(status: number, message: string) {
  if (status === 200) return 'accepted';
  if (status === 409 && /为「.+」时，.+不可修改$/.test(message)) return 'lockRefusal';
  if (status === 400 && /^字段 .+ 不可修改$/.test(message)) return 'notWritable';
  if (status === 403) return 'forbidden';
  if (status >= 500) return 'serverError';
  return 'otherRefusal';
}

/**
 * Resources whose create and update are their own commands, not the engine's (server/routes/resource.routes.ts:
 * an order is edited through order entry, as a draft and by its entry form; a rebate task by its form's
 * command). Their rules are their own, so the matrix holds them only to this: nothing accepted that the
 * catalogue does not offer the caller in the record's state.
 */
export const OWN_WRITES = new Set(['order', 'rebateTask']);

/** Whether an answer keeps the rule: never accepted unless expected, never refused by authority if offered. */
export function keepsRule(expected: Expectation, kind: ReturnType<typeof answerKind>, own = false) {
  if (kind === 'serverError') return false;
  if (own) return kind !== 'accepted' || expected === 'accepted';
  switch (expected) {
    case 'accepted':
      // A record's own rule may still refuse it (only the visitor edits a visit), never the lock or the forms.
      return kind === 'accepted' || kind === 'otherRefusal' || kind === 'forbidden';
    case 'locked':
      // A record's own whole-record lock may answer first, in its own words.
      return kind === 'lockRefusal' || kind === 'otherRefusal' || kind === 'forbidden';
    case 'notHeld':
      return kind === 'forbidden' || kind === 'notWritable';
  }
}
