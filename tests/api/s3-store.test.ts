import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
// s3rver: an S3-compatible server on the local disk. It takes any V4 signature of a known key, so the
// links' signatures are checked in tests/unit/s3-presign.test.ts against AWS's documented example.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestApp, type TestApp } from './harness';
import { multipartBody } from './multipart';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(256)]);
// s3rver's built-in account.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

let t: TestApp;
let app: FastifyInstance;
let s3: S3rver;
let s3Dir: string;
let filesDir: string;
let rsp: string;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  filesDir = mkdtempSync(join(tmpdir(), 'portal-s3-files-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'prod', configs: [] }],
  });
  const { port } = await s3.run();
  t = await startTestApp();
  // The store is chosen from the environment when the routes are built; only this app sees it.
  const saved = { ...process.env };
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY: ACCESS_KEY,
    S3_SECRET_KEY: SECRET_KEY,
  });
  try {
    app = await buildApp({ db: t.database.db, filesDir });
  } finally {
    process.env = saved;
  }
  rsp = await t.login('rsp', 'Demo@123456');
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
});

async function upload(name: string, content: Buffer) {
  // A loose upload: a record's list takes files only from who may edit that record.
  const { body, contentType } = multipartBody({ ownerType: '101' }, { name, content });
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload: body,
    headers: { 'content-type': contentType, 'x-token': rsp },
  });
  return response.json();
}

async function presignedLinkOf(fileUrl: string) {
  const response = await app.inject({ method: 'GET', url: fileUrl, headers: { 'x-token': rsp } });
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

// s3rver keeps an object as '<key>._S3rver_object' beside its metadata.
const objectsInBucket = () =>
  (readdirSync(join(s3Dir, 'prod'), { recursive: true }) as string[]).filter((p) =>
    p.endsWith('.pdf._S3rver_object'),
  );

describe('attachments in an S3-compatible store', () => {
  it('puts the upload into the prod bucket and leaves nothing on the local disk', async () => {
    const body = await upload('合同.pdf', PDF);
    expect(body).toMatchObject({ state: true, results: { FileName: '合同.pdf', Size: PDF.length } });
    expect(objectsInBucket()).toHaveLength(1);
    expect(existsSync(join(filesDir, 'objects', 'prod'))).toBe(false);
  });

  it('downloads through a link the store itself accepts: same bytes, type and name, valid one day', async () => {
    const { results } = await upload('报价单.pdf', PDF);
    const link = new URL(await presignedLinkOf(results.FileURL));
    expect(link.pathname).toMatch(/^\/prod\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('86400');

    const response = await fetch(link); // no portal token: the signature is the credential
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%E6%8A%A5%E4%BB%B7%E5%8D%95.pdf",
    );
  });
});

describe('exports with an S3-compatible store', () => {
  it('keeps the finished file in the bucket, so any server serves its download and getFile', async () => {
    const admin = await t.login('admin', 'Admin@123456');
    const answer = await app.inject({
      method: 'POST',
      url: '/portal/excelExport/doSyncExportUrl',
      payload: { configCode: 'ProductFileExport', query: {} },
      headers: { 'x-token': admin },
    });
    expect(answer.json().state).toBe(true);
    const { ObjectID, url } = answer.json().results as { ObjectID: string; url: string };
    expect(existsSync(join(filesDir, 'exports', `${ObjectID}.xlsx`))).toBe(false);
    const inBucket = (readdirSync(join(s3Dir, 'prod'), { recursive: true }) as string[]).filter((p) =>
      p.endsWith(`${ObjectID}.xlsx._S3rver_object`),
    );
    expect(inBucket).toHaveLength(1);

    // The portal's link (no token) sends the browser on to the store, which answers the workbook.
    const redirected = await app.inject({ method: 'GET', url });
    expect(redirected.statusCode).toBe(302);
    const response = await fetch(redirected.headers.location as string);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(response.headers.get('content-disposition')).toContain('.xlsx');

    const file = await app.inject({
      method: 'POST',
      url: '/portal/excelExport/getFile',
      payload: { file: ObjectID },
      headers: { 'x-token': admin },
    });
    expect(Buffer.from(file.json().results.Binary, 'base64').equals(bytes)).toBe(true);
  });
});
