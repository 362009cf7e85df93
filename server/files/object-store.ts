import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FILE_BUCKET } from '../../domain/files';
import type { Db } from '../db/database';
import { contentDisposition, LinkSigner, signingSecret } from './link-signer';
import { type Credentials, presign } from './sigv4';

export interface DownloadLinkOptions {
  fileName: string;
  contentType: string;
  nowMs: number;
  ttlSeconds: number;
}

/**
 * Where attachment bytes live (SPEC §7: an object store, bucket 'prod', presigned download links).
 * Keys are made by the server, never taken from a request.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  readonly bucket: string;
  /** Moves a finished upload (a temporary file) into the store under `key`. */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The object's bytes, or undefined when the store has no such object (a template to fill). */
  read(key: string): Promise<Buffer | undefined>;
  /** A link that downloads the object without a login until it expires. */
  downloadLink(key: string, options: DownloadLinkOptions): Promise<string>;
}

/** A safe object key: year/month/uuid[.ext], nothing a request could steer out of the bucket. */
export const OBJECT_KEY = /^\d{4}\/\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/**
 * The default store: a folder per bucket under the files folder (`${DATA_DIR}/objects/prod/…`), with
 * links signed by this portal and served by /portal/objects/<bucket>/<key>.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly signer: LinkSigner;

  constructor(
    readonly root: string,
    secret: () => Promise<Buffer>,
    readonly bucket: string = FILE_BUCKET,
  ) {
    this.signer = new LinkSigner(secret);
  }

  pathOf(key: string): string {
    if (!OBJECT_KEY.test(key)) throw new Error(`unsafe object key ${key}`);
    return join(this.root, this.bucket, key);
  }

  async put(key: string, sourcePath: string) {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(sourcePath, target);
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async read(key: string): Promise<Buffer | undefined> {
    return readFile(this.pathOf(key)).catch(() => undefined);
  }

  async open(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(path), size: info.size };
  }

  async downloadLink(key: string, { nowMs, ttlSeconds }: DownloadLinkOptions): Promise<string> {
    const expires = Math.floor(nowMs / 1000) + ttlSeconds;
    const signature = await this.signer.sign(this.bucket, key, expires);
    return `/portal/objects/${this.bucket}/${key}?expires=${expires}&signature=${signature}`;
  }
}

export interface S3Config extends Credentials {
  endpoint: string;
  bucket: string;
}

/** S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY select an S3-compatible store (MinIO, AWS, …). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | undefined {
  if (!env.S3_ENDPOINT || !env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) return undefined;
  return {
    endpoint: env.S3_ENDPOINT.replace(/\/+$/, ''),
    accessKeyId: env.S3_ACCESS_KEY,
    secretAccessKey: env.S3_SECRET_KEY,
    region: env.S3_REGION || 'us-east-1',
    bucket: FILE_BUCKET,
  };
}

// Server-to-store calls are signed for a few minutes only; the user's download links for a day.
const WRITE_LINK_SECONDS = 300;

/** An S3-compatible store, path-style URLs, every call a SigV4-presigned request. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly bucket: string;

  constructor(
    private readonly config: S3Config,
    private readonly now: () => number = Date.now,
  ) {
    this.bucket = config.bucket;
  }

  private objectUrl(key: string) {
    if (!OBJECT_KEY.test(key)) throw new Error(`unsafe object key ${key}`);
    return `${this.config.endpoint}/${this.bucket}/${key}`;
  }

  async put(key: string, sourcePath: string, contentType: string) {
    const { url } = presign(this.config, {
      method: 'PUT',
      url: this.objectUrl(key),
      expiresSeconds: WRITE_LINK_SECONDS,
      now: new Date(this.now()),
    });
    const response = await fetch(url, {
      method: 'PUT',
      body: await readFile(sourcePath),
      headers: { 'content-type': contentType },
    });
    await rm(sourcePath, { force: true });
    if (!response.ok) throw new Error(`object store PUT answered ${response.status}`);
  }

  async remove(key: string) {
    const { url } = presign(this.config, {
      method: 'DELETE',
      url: this.objectUrl(key),
      expiresSeconds: WRITE_LINK_SECONDS,
      now: new Date(this.now()),
    });
    const response = await fetch(url, { method: 'DELETE' });
    if (!response.ok && response.status !== 404)
      throw new Error(`object store DELETE answered ${response.status}`);
  }

  async read(key: string): Promise<Buffer | undefined> {
    const { url } = presign(this.config, {
      method: 'GET',
      url: this.objectUrl(key),
      expiresSeconds: WRITE_LINK_SECONDS,
      now: new Date(this.now()),
    });
    const response = await fetch(url);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`object store GET answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async downloadLink(
    key: string,
    { fileName, contentType, nowMs, ttlSeconds }: DownloadLinkOptions,
  ): Promise<string> {
    return presign(this.config, {
      method: 'GET',
      url: this.objectUrl(key),
      expiresSeconds: ttlSeconds,
      now: new Date(nowMs),
      query: {
        'response-content-disposition': contentDisposition(fileName),
        'response-content-type': contentType,
      },
    }).url;
  }
}

/** The S3 store when the environment configures one, else the local folder. */
export function createObjectStore(
  filesDir: string,
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
): ObjectStore {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? new S3ObjectStore(s3) : new LocalObjectStore(filesDir, signingSecret(db, filesDir, env));
}

export const incomingDir = (filesDir: string) => join(filesDir, '.incoming');
