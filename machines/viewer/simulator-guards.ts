import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { type GuardExpr, guardExpr } from '../workflows/guard-expr';

/**
 * A guard evaluated on a snapshot and an event, part by part, so an analyst sees which condition of
 * `the current approver and a reason given` holds and which does not. `passed` is undefined where a
 * part cannot be asked outside a running actor (it threw).
 */
export interface GuardCheck {
  expr: GuardExpr;
  passed?: boolean;
  /** The parts of an and / or / not, each checked. */
  parts: GuardCheck[];
}

type Guardish = unknown;
type Impl = ((args: unknown, params: unknown) => unknown) & {
  check?: (snapshot: unknown, args: unknown, guard: unknown) => boolean;
  guards?: Guardish[];
};

const combine = (kind: GuardExpr['kind'], parts: GuardCheck[]): boolean | undefined => {
  if (parts.some((p) => p.passed === undefined)) return undefined;
  if (kind === 'and') return parts.every((p) => p.passed);
  if (kind === 'or') return parts.some((p) => p.passed);
  return !parts.every((p) => p.passed);
};

/**
 * Checks a transition's guard the way xstate does (`evaluateGuard`, which it does not export): a name
 * or `{ type, params }` looked up in the machine's implementations, an inline function called, and
 * and / or / not checked part by part rather than as a whole.
 */
export function checkGuard(guard: Guardish, snapshot: AnyMachineSnapshot, event: AnyEventObject): GuardCheck {
  const expr = guardExpr(guard) ?? { kind: 'inline' };
  const args = { context: snapshot.context, event };
  const raw = guard as Impl & { type?: string; params?: unknown };
  if (expr.kind === 'and' || expr.kind === 'or' || expr.kind === 'not') {
    const parts = (raw.guards ?? []).map((g) => checkGuard(g, snapshot, event));
    return { expr, parts, passed: combine(expr.kind, parts) };
  }
  try {
    const guards = snapshot.machine.implementations.guards as Record<string, Impl>;
    const name = typeof guard === 'string' ? guard : raw.type;
    const resolved: Impl | undefined = typeof guard === 'function' ? raw : name ? guards[name] : undefined;
    if (!resolved) return { expr, parts: [] };
    if (typeof resolved !== 'function') {
      const inner = checkGuard(resolved, snapshot, event);
      return { expr, parts: inner.parts, passed: inner.passed };
    }
    if (resolved.check) return { expr, parts: [], passed: resolved.check(snapshot, args, resolved) };
    const params =
      typeof guard === 'object' && guard && 'params' in raw
        ? typeof raw.params === 'function'
          ? (raw.params as (a: unknown) => unknown)(args)
          : raw.params
        : undefined;
    return { expr, parts: [], passed: Boolean(resolved(args, params)) };
  } catch {
    return { expr, parts: [] };
  }
}

/** The named conditions of a check, each once with its result: what the simulator lists under an event. */
export function guardLeaves(check: GuardCheck | undefined): GuardCheck[] {
  if (!check) return [];
  if (!check.parts.length) return [check];
  return check.parts.flatMap((part) => (part.expr.kind === 'not' ? [part] : guardLeaves(part)));
}
