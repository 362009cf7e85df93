import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amzDates, presign, signingKey, uriEncode } from '../../server/files/sigv4';

// The example of the AWS S3 documentation "Authenticating Requests: Using Query Parameters (AWS
// Signature Version 4)": GET examplebucket/test.txt, us-east-1, 2013-05-24T00:00:00Z, 86400 s.
const example = {
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
  },
  request: {
    method: 'GET' as const,
    url: 'https://examplebucket.s3.amazonaws.com/test.txt',
    expiresSeconds: 86_400,
    now: new Date('2013-05-24T00:00:00Z'),
  },
};

describe('AWS Signature V4 presigned URLs', () => {
  it('reproduces the documented example step by step', () => {
    const result = presign(example.credentials, example.request);
    expect(result.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host',
        'host:examplebucket.s3.amazonaws.com',
        '',
        'host',
        'UNSIGNED-PAYLOAD',
      ].join('\n'),
    );
    expect(createHash('sha256').update(result.canonicalRequest).digest('hex')).toBe(
      '3bfa292879f6447bbcda7001decf97f4a54dc650c8942174ae0a9121cf58ad04',
    );
    expect(result.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n3bfa292879f6447bbcda7001decf97f4a54dc650c8942174ae0a9121cf58ad04',
    );
    expect(result.signature).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    expect(result.url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('is deterministic, and every input changes the signature', () => {
    const base = presign(example.credentials, example.request);
    expect(presign(example.credentials, example.request)).toEqual(base);
    const variants = [
      presign({ ...example.credentials, secretAccessKey: 'other' }, example.request),
      presign({ ...example.credentials, region: 'cn-north-1' }, example.request),
      presign(example.credentials, { ...example.request, method: 'PUT' }),
      presign(example.credentials, {
        ...example.request,
        url: 'https://examplebucket.s3.amazonaws.com/test2.txt',
      }),
      presign(example.credentials, { ...example.request, expiresSeconds: 3600 }),
      presign(example.credentials, { ...example.request, now: new Date('2013-05-24T00:00:01Z') }),
      presign(example.credentials, { ...example.request, query: { 'response-content-type': 'text/plain' } }),
    ];
    const signatures = new Set([base.signature, ...variants.map((v) => v.signature)]);
    expect(signatures.size).toBe(variants.length + 1);
    // The secret never changes the request, only the signature; the rest change the canonical request.
    expect(variants[0].canonicalRequest).toBe(base.canonicalRequest);
    for (const v of variants.slice(2)) expect(v.canonicalRequest).not.toBe(base.canonicalRequest);
  });

  it('encodes keys and query values the RFC 3986 way and sorts the query by name', () => {
    expect(uriEncode("报价 (1)!*'.pdf")).toBe('%E6%8A%A5%E4%BB%B7%20%281%29%21%2A%27.pdf');
    const { canonicalRequest, url } = presign(example.credentials, {
      ...example.request,
      url: 'https://s3.example.com/prod/2026/01/a b.pdf',
      query: { 'response-content-disposition': "attachment; filename*=UTF-8''%E6%8A%A5.pdf" },
    });
    const [, uri, query] = canonicalRequest.split('\n');
    expect(uri).toBe('/prod/2026/01/a%20b.pdf');
    expect(query.split('&').map((p) => p.split('=')[0])).toEqual([
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
      'response-content-disposition',
    ]);
    expect(query).toContain(
      'response-content-disposition=attachment%3B%20filename%2A%3DUTF-8%27%27%25E6%258A%25A5.pdf',
    );
    expect(new URL(url).searchParams.get('response-content-disposition')).toBe(
      "attachment; filename*=UTF-8''%E6%8A%A5.pdf",
    );
  });

  it('derives the signing key from the day, region and service', () => {
    const { amzDate, day } = amzDates(new Date('2026-03-04T05:06:07.890Z'));
    expect([amzDate, day]).toEqual(['20260304T050607Z', '20260304']);
    const key = signingKey('secret', day, 'us-east-1', 's3');
    expect(key).toHaveLength(32);
    expect(signingKey('secret', '20260305', 'us-east-1', 's3').equals(key)).toBe(false);
  });
});
