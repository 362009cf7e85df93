import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { registrationForm } from './agent-registration-form';
import { startTestApp, type TestApp } from './harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;

let t: TestApp;
let app: FastifyInstance;
let filesDir: string;

beforeAll(async () => {
  t = await startTestApp();
  filesDir = mkdtempSync(join(tmpdir(), 'portal-public-'));
  app = await buildApp({ db: t.database.db, filesDir });
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function multipart(name: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadLicence(name: string, content: Buffer, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipart(name, content, fields);
  const response = await app.inject({
    method: 'POST',
    url: '/portal/public/uploadLicence',
    payload,
    headers: { 'content-type': contentType },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function post(path: string, body: unknown, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/portal${path}`,
    payload: body as object,
    headers: token ? { 'x-token': token } : {},
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('company registry search without a login', () => {
  it('finds registry companies by name and answers in the 企查查 shape', async () => {
    const all = await post('/public/qcc/search', { searchKey: '有限公司', currentPage: 1, pageSize: 20 });
    expect(all.body.state).toBe(true);
    const first = all.body.results.Result[0];
    expect(first).toMatchObject({ Name: expect.any(String), CreditCode: expect.any(String) });
    expect(all.body.results.Paging.TotalRecords).toBeGreaterThan(0);
    const byName = await post('/public/qcc/search', { searchKey: first.Name, currentPage: 1, pageSize: 20 });
    expect(byName.body.results.Result.map((r: { Name: string }) => r.Name)).toContain(first.Name);
  });

  it('is limited per address, unlike the logged-in lookup which still wants a token', async () => {
    const answer = await post('/public/qcc/search', { searchKey: '有限公司', currentPage: 1, pageSize: 20 });
    expect(answer.headers['x-ratelimit-limit']).toBe('60');
    const guarded = await post('/qcc/search', { searchKey: '有限公司', currentPage: 1, pageSize: 20 });
    expect(guarded.body).toMatchObject({ state: false, code: '401' });
    const short = await post('/public/qcc/search', { searchKey: 'a', currentPage: 1, pageSize: 20 });
    expect(short.status).toBe(400);
  });

  it('lists provinces and the cities of one without a login', async () => {
    const provinces = await post('/public/province/searchAll', {});
    expect(provinces.body.results.map((p: { code: string }) => p.code)).toContain('320000');
    const cities = await post('/public/city/searchAll', { provinceCode: '320000' });
    expect(cities.body.results.map((c: { code: string }) => c.code)).toContain('320100');
    expect(cities.headers['x-ratelimit-limit']).toBe('240');
  });
});

describe('business licence upload without a login', () => {
  it('stores a PDF as an ownerless customer file that the registration can carry', async () => {
    const uploaded = await uploadLicence('营业执照.pdf', PDF, { ProvinceCode: '320000' });
    expect(uploaded.body.state, uploaded.body.message).toBe(true);
    expect(uploaded.body.results).toMatchObject({
      FileName: '营业执照.pdf',
      Size: PDF.length,
      OwnerType: 101,
      OwnerID: null,
    });
    expect(uploaded.headers['x-ratelimit-limit']).toBe('20');
    const { ObjectID, FileName, FileURL, Size } = uploaded.body.results;
    const registered = await post(
      '/registrationInfo/register',
      registrationForm({ ExtLicenseFile_SDK: [{ ObjectID, FileName, FileURL, Size }] }),
    );
    expect(registered.body.state, registered.body.message).toBe(true);
    // The province's channel manager may read the licence it reviews.
    const channel = await t.login('channel', 'Demo@123456');
    const link = await app.inject({
      method: 'GET',
      url: FileURL,
      headers: { 'x-token': channel, accept: 'application/json' },
    });
    expect(link.json().state).toBe(true);
  });

  it('refuses other types, a file whose bytes are not what it claims, and more than 10 MB', async () => {
    const word = await uploadLicence('licence.docx', Buffer.from('PK\u0003\u0004 not really'));
    expect([word.status, word.body.message]).toEqual([415, expect.stringContaining('pdf/jpg/jpeg/png')]);
    const fake = await uploadLicence('licence.pdf', Buffer.from('hello, not a pdf'));
    expect(fake.status).toBe(415);
    const big = await uploadLicence('licence.pdf', Buffer.concat([PDF, Buffer.alloc(10 * MB + 1)]));
    expect([big.status, big.body.message]).toEqual([413, '上传文件大小不能超过 10 MB!']);
  });

  it('lets the applicant take back an unattached licence once, and nobody a stored one', async () => {
    const uploaded = await uploadLicence('licence.pdf', PDF);
    const id = uploaded.body.results.ObjectID;
    expect((await post('/public/discardLicence', { ObjectID: id })).body.state).toBe(true);
    expect((await post('/public/discardLicence', { ObjectID: id })).status).toBe(404);
    const admin = await t.login('admin', 'Admin@123456');
    const { payload, contentType } = multipart('staff.pdf', PDF, { ownerType: '101' });
    const staff = await app.inject({
      method: 'POST',
      url: '/portal/file/uploadFile',
      payload,
      headers: { 'content-type': contentType, 'x-token': admin },
    });
    const staffFile = staff.json().results.ObjectID;
    expect((await post('/public/discardLicence', { ObjectID: staffFile })).status).toBe(404);
  });
});
