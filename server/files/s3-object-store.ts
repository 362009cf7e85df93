import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FILE_BUCKET } from '../../domain/files';
import { contentDisposition } from './link-signer';
import { type DownloadLinkOptions, OBJECT_KEY, type ObjectStore } from './object-store';

export interface S3Config {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
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

/** The store answered that the object is not there (S3's NoSuchKey, or a bare 404 from other stores). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible store through the AWS SDK for JavaScript v3: path-style URLs (MinIO and most
 * self-hosted stores have no per-bucket host names) and download links from the SDK's presigner, so
 * the signing is a well-kept client's, not ours.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 demands them: by default the SDK sends uploads as aws-chunked bodies
      // with a trailing CRC32, which not every S3-compatible store speaks (s3rver keeps the chunk
      // framing as the object's bytes), and asks for checksums back.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checked(key: string) {
    if (!OBJECT_KEY.test(key)) throw new Error(`unsafe object key ${key}`);
    return key;
  }

  async put(key: string, sourcePath: string, contentType: string) {
    const Key = this.checked(key);
    try {
      // A stream needs its length up front: S3 takes no body of unknown size in one PUT.
      const { size } = await stat(sourcePath);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      await rm(sourcePath, { force: true });
    }
  }

  async remove(key: string) {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }),
      );
      return Body ? Buffer.from(await Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** A presigned GET that asks the store to answer with the file's type and (UTF-8) name. */
  async downloadLink(
    key: string,
    { fileName, contentType, nowMs, ttlSeconds }: DownloadLinkOptions,
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.checked(key),
      ResponseContentDisposition: contentDisposition(fileName),
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: ttlSeconds, signingDate: new Date(nowMs) });
  }
}
