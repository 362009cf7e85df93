import type { Db } from '../db/database';

/**
 * Five failures within fifteen minutes lock the account for fifteen minutes; an address gets more
 * room (an office shares one address) but is locked too, against password spraying.
 */
export const MAX_FAILURES = { user: 5, ip: 30 } as const;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export const throttleKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

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

export async function recordFailure(db: Db, keys: string[], now = new Date()) {
  await db.transaction().execute(async (trx) => {
    for (const key of keys) {
      const row = await trx
        .selectFrom('login_failure')
        .selectAll()
        .where('throttle_key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      const windowOpen = row && now.getTime() - new Date(row.window_started_at).getTime() < WINDOW_MS;
      const failures = windowOpen ? row.failures + 1 : 1;
      const values = {
        failures,
        window_started_at: windowOpen ? row.window_started_at : now,
        locked_until: failures >= limitFor(key) ? new Date(now.getTime() + LOCK_MS) : null,
      };
      if (row) await trx.updateTable('login_failure').set(values).where('throttle_key', '=', key).execute();
      else
        await trx
          .insertInto('login_failure')
          .values({ throttle_key: key, ...values })
          .execute();
    }
  });
}

const limitFor = (key: string) => (key.startsWith('ip:') ? MAX_FAILURES.ip : MAX_FAILURES.user);

export async function clearFailures(db: Db, username: string) {
  await db.deleteFrom('login_failure').where('throttle_key', '=', `user:${username.toLowerCase()}`).execute();
}
