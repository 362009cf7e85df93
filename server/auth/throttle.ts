import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Five failures within fifteen minutes lock the account for fifteen minutes; an address gets more
 * room (an office shares one address) but is locked too, against password spraying.
 */
export const MAX_FAILURES = { user: 5, ip: 30 } as const;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export const throttleKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

const limitFor = (key: string) => (key.startsWith('ip:') ? MAX_FAILURES.ip : MAX_FAILURES.user);

/** Minutes left on the longest lock among the keys, or 0 when none is locked. */
export async function lockedMinutes(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom('login_failure')
    .select('locked_until')
    .where('throttle_key', 'in', keys)
    .execute();
  const until = Math.max(0, ...rows.map((r) => (r.locked_until ? new Date(r.locked_until).getTime() : 0)));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 60_000) : 0;
}

/**
 * Takes one attempt from a key's allowance before the password is verified, in one statement: the
 * row lock of the upsert orders parallel attempts, also across server processes on one database, so
 * the sixth of forty parallel guesses finds the key locked instead of a count it read too early. The
 * attempt counts as a failure until `settle` says it succeeded. False when the key is locked.
 */
async function takeAttempt(db: Db, key: string, now: Date): Promise<boolean> {
  const limit = limitFor(key);
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockEnd = new Date(now.getTime() + LOCK_MS);
  const expired = sql<boolean>`f.window_started_at <= ${windowStart}`;
  const count = sql<number>`case when ${expired} then 1 else f.failures + 1 end`;
  const result = await sql<{ failures: number }>`
    insert into login_failure as f (throttle_key, failures, window_started_at, locked_until)
    values (${key}, 1, ${now}, ${limit <= 1 ? lockEnd : null})
    on conflict (throttle_key) do update set
      failures = ${count},
      window_started_at = case when ${expired} then ${now} else f.window_started_at end,
      locked_until = case when ${count} >= ${limit} then ${lockEnd}::timestamptz else null end
    where f.locked_until is null or f.locked_until <= ${now}
    returning f.failures`.execute(db);
  return result.rows.length > 0;
}

/** Gives back an attempt that turned out right: an address keeps its allowance for its next user. */
async function giveBack(db: Db, key: string) {
  await sql`
    update login_failure set
      failures = greatest(failures - 1, 0),
      locked_until = case when failures - 1 >= ${limitFor(key)} then locked_until else null end
    where throttle_key = ${key}`.execute(db);
}

/**
 * Reserves one password verification for every key (account first, then address). Answers the minutes
 * of the lock that refused it, or 0 when the verification may go ahead; a refused attempt takes
 * nothing from the keys it did not reach.
 */
export async function reserveAttempt(db: Db, keys: string[], now = new Date()): Promise<number> {
  const taken: string[] = [];
  for (const key of keys) {
    if (!(await takeAttempt(db, key, now))) {
      for (const done of taken) await giveBack(db, done);
      return Math.max(1, await lockedMinutes(db, keys, now));
    }
    taken.push(key);
  }
  return 0;
}

/**
 * After a verification that succeeded: the account starts afresh and the address gets its attempt
 * back. A failed verification needs no call: its reservation already counts as the failure.
 */
export async function attemptSucceeded(db: Db, keys: string[]) {
  const [user, ...others] = keys;
  await db.deleteFrom('login_failure').where('throttle_key', '=', user).execute();
  for (const key of others) await giveBack(db, key);
}
