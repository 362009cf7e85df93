import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { uriEncode } from './uri-encode';

/**
 * Signs the local store's download links: HMAC-SHA256 over bucket, key and expiry. Every server of one
 * database shares the secret (FILE_SIGNING_SECRET, or the one kept in the database), so a link one
 * server hands out downloads through any other behind the same balancer.
 */
export class LinkSigner {
  constructor(private readonly secret: () => Promise<Buffer>) {}

  async sign(bucket: string, key: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${bucket}\n${key}\n${expires}`)
      .digest('hex');
  }

  /** 'ok', or why the link is refused; an expired link is only 'expired' when its signature is right. */
  async verify(
    bucket: string,
    key: string,
    expires: string,
    signature: string,
    nowMs: number,
  ): Promise<'ok' | 'expired' | 'invalid'> {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(await this.sign(bucket, key, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Number(expires) * 1000 < nowMs ? 'expired' : 'ok';
  }
}

const SECRET_NAME = 'fileLinks';
// Where a data folder kept its secret before the database did: links handed out then stay valid.
const LEGACY_SECRET_FILE = '.signing-secret';

/**
 * The signing secret: FILE_SIGNING_SECRET when set, otherwise a random one the first server of the
 * database creates (on conflict do nothing: whoever inserts first, everybody reads the same row).
 */
export function signingSecret(
  db: Db,
  filesDir: string,
  env: NodeJS.ProcessEnv = process.env,
): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  const load = async () => {
    if (env.FILE_SIGNING_SECRET) return Buffer.from(env.FILE_SIGNING_SECRET, 'utf8');
    const legacy = join(filesDir, LEGACY_SECRET_FILE);
    const candidate = existsSync(legacy)
      ? readFileSync(legacy, 'utf8').trim()
      : randomBytes(32).toString('hex');
    await db
      .insertInto('portal_secret')
      .values({ name: SECRET_NAME, value: candidate })
      .onConflict((c) => c.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('portal_secret')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'utf8');
  };
  return () => {
    cached ??= load().catch((error) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

/** `attachment` with an ASCII fallback name and the UTF-8 name of RFC 5987 (Chinese file names). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${uriEncode(fileName)}`;
}
