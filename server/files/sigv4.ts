import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for presigned URLs ("query-string authentication"), written from the
 * published steps with node:crypto so the S3-compatible store needs no SDK:
 * 1. canonical request = method, URI, sorted query, canonical headers, signed headers, payload hash;
 * 2. string to sign = algorithm, timestamp, credential scope, SHA-256 of the canonical request;
 * 3. signing key = HMAC chain over date, region, service and 'aws4_request', keyed by 'AWS4' + secret;
 * 4. signature = hex HMAC of the string to sign with that key, appended as X-Amz-Signature.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface PresignRequest {
  method: 'GET' | 'PUT' | 'DELETE' | 'HEAD';
  /** The full object URL, e.g. https://s3.example.com/prod/2026/01/a.pdf (path-style). */
  url: string;
  expiresSeconds: number;
  now: Date;
  /** Extra query parameters signed into the link (response-content-disposition, …). */
  query?: Record<string, string>;
}

export interface PresignResult {
  url: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** RFC 3986 encoding: everything but A–Z a–z 0–9 - _ . ~ is percent-encoded (encodeURIComponent leaves !'()*). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** 20130524T000000Z and 20130524 of a moment, in UTC. */
export function amzDates(now: Date) {
  const iso = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { amzDate: iso, day: iso.slice(0, 8) };
}

export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

export function presign(credentials: Credentials, request: PresignRequest): PresignResult {
  const service = credentials.service ?? 's3';
  const target = new URL(request.url);
  const { amzDate, day } = amzDates(request.now);
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const params: Record<string, string> = {
    ...request.query,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(request.expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(params)
    .map((k) => [uriEncode(k), uriEncode(params[k])] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  // The path is already a URL path; each segment is decoded and encoded once more the RFC 3986 way.
  const canonicalUri = target.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = [
    request.method,
    canonicalUri || '/',
    canonicalQuery,
    `host:${target.host}\n`,
    'host',
    UNSIGNED_PAYLOAD,
  ].join('\n');
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac(
    'sha256',
    signingKey(credentials.secretAccessKey, day, credentials.region, service),
  )
    .update(stringToSign, 'utf8')
    .digest('hex');
  const url = `${target.protocol}//${target.host}${canonicalUri || '/'}?${canonicalQuery}&X-Amz-Signature=${signature}`;
  return { url, canonicalRequest, stringToSign, signature };
}
