import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { uriEncode } from './sigv4';

/**
 * Signs the local store's download links: HMAC-SHA256 over bucket, key and expiry. Every server that
 * shares the secret (FILE_SIGNING_SECRET, or the random secret kept in the shared data folder) accepts
 * the links of the others, so the portal can run on several machines behind one balancer.
 */
export class LinkSigner {
  constructor(private readonly secret: () => Buffer) {}

  sign(bucket: string, key: string, expires: number): string {
    return createHmac('sha256', this.secret()).update(`${bucket}\n${key}\n${expires}`).digest('hex');
  }

  /** 'ok', or why the link is refused; an expired link is only 'expired' when its signature is right. */
  verify(
    bucket: string,
    key: string,
    expires: string,
    signature: string,
    nowMs: number,
  ): 'ok' | 'expired' | 'invalid' {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(this.sign(bucket, key, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Number(expires) * 1000 < nowMs ? 'expired' : 'ok';
  }
}

const SECRET_FILE = '.signing-secret';

/**
 * The signing secret: FILE_SIGNING_SECRET when set, otherwise a random one created once in the files
 * folder. 'wx' makes the first server to start the one whose secret everybody keeps.
 */
export function signingSecret(filesDir: string, env: NodeJS.ProcessEnv = process.env): () => Buffer {
  let cached: Buffer | undefined;
  return () => {
    if (cached) return cached;
    if (env.FILE_SIGNING_SECRET) {
      cached = Buffer.from(env.FILE_SIGNING_SECRET, 'utf8');
      return cached;
    }
    mkdirSync(filesDir, { recursive: true });
    const path = join(filesDir, SECRET_FILE);
    try {
      writeFileSync(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    cached = Buffer.from(readFileSync(path, 'utf8').trim(), 'utf8');
    return cached;
  };
}

/** `attachment` with an ASCII fallback name and the UTF-8 name of RFC 5987 (Chinese file names). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${uriEncode(fileName)}`;
}
