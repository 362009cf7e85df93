import { hash, randomBytes } from 'node:crypto';
import { SESSION_IDLE_TIMEOUT_MS } from '../../domain/constants';
import type { Db } from '../db/database';

/**
 * Only a hash of the token is stored, so a database dump cannot be replayed as sessions. Every request
 * hashes its token: the one-shot `hash` makes no Hash object for it.
 */
const hashToken = (token: string) => hash('sha256', token, 'hex');

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

/** The stored hash a presented token is looked up by, or why no lookup is worth making. */
export function tokenHashOf(token: string | undefined): { ok: true; tokenHash: string } | TokenCheck {
  if (!token) return { ok: false, reason: 'missing' };
  if (token.length > 200) return { ok: false, reason: 'invalid' };
  return { ok: true, tokenHash: hashToken(token) };
}

export interface SessionRow {
  employee_id: string;
  last_seen_at: Date | string;
  revoked_at: Date | string | null;
}

/**
 * Whether the session row found for a token (read by the caller, with whatever it joins to it) still
 * opens the portal: not revoked, not idle past the limit; an idle one is revoked, and a live one
 * touched at most once a minute.
 */
export async function judgeSession(
  db: Db,
  tokenHash: string,
  row: SessionRow | undefined,
  now = new Date(),
): Promise<TokenCheck> {
  if (!row || row.revoked_at) return { ok: false, reason: 'invalid' };
  const idleMs = now.getTime() - new Date(row.last_seen_at).getTime();
  if (idleMs > SESSION_IDLE_TIMEOUT_MS) {
    await revokeTokenHash(db, tokenHash);
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

export const revokeToken = (db: Db, token: string) => revokeTokenHash(db, hashToken(token));

async function revokeTokenHash(db: Db, tokenHash: string) {
  await db
    .updateTable('session_token')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
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
