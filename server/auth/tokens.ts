import { createHash, randomBytes } from 'node:crypto';
import { SESSION_IDLE_TIMEOUT_MS } from '../../domain/constants';
import type { Db } from '../db/database';

/** Only a hash of the token is stored, so a database dump cannot be replayed as sessions. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Touching last_seen_at on every call would turn each read into a write; a minute's slack is harmless
// against a five-hour idle limit.
const TOUCH_EVERY_MS = 60_000;

export async function issueToken(db: Db, employeeId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session_token')
    // Stamped by the clock the idle check reads (the server's), not the database's: a server whose
    // clock runs apart from the database's would otherwise time a fresh session out, or keep it too long.
    .values({ token_hash: hashToken(token), employee_id: employeeId, last_seen_at: new Date() })
    .execute();
  return token;
}

export type TokenCheck =
  | { ok: true; employeeId: string; tokenHash: string }
  | { ok: false; reason: 'missing' | 'invalid' | 'idleExpired' };

export async function checkToken(db: Db, token: string | undefined, now = new Date()): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  if (token.length > 200) return { ok: false, reason: 'invalid' };
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('session_token')
    .select(['employee_id', 'last_seen_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at) return { ok: false, reason: 'invalid' };
  const idleMs = now.getTime() - new Date(row.last_seen_at).getTime();
  if (idleMs > SESSION_IDLE_TIMEOUT_MS) {
    await revokeToken(db, token);
    return { ok: false, reason: 'idleExpired' };
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await db
      .updateTable('session_token')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { ok: true, employeeId: row.employee_id, tokenHash };
}

export async function revokeToken(db: Db, token: string) {
  await db
    .updateTable('session_token')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** After a password change every other session of the employee ends. */
export async function revokeOtherTokens(db: Db, employeeId: string, keepTokenHash: string) {
  await db
    .updateTable('session_token')
    .set({ revoked_at: new Date() })
    .where('employee_id', '=', employeeId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
