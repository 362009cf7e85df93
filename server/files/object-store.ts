import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FILE_BUCKET } from '../../domain/files';
import { UUID_SHAPE } from '../../domain/uuid';
import type { Db } from '../db/database';
import { LinkSigner, signingSecret } from './link-signer';
import { S3ObjectStore, s3ConfigFromEnv } from './s3-object-store';

// The S3 store lives in its own file (it brings the AWS SDK); its callers keep importing it from here.
export { type S3Config, S3ObjectStore, s3ConfigFromEnv } from './s3-object-store';

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
export const OBJECT_KEY = new RegExp(`^\\d{4}/\\d{2}/${UUID_SHAPE}(\\.[a-z0-9]{1,8})?$`);

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
