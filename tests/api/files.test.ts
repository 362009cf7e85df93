import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

// Small but real files: each starts with its format's magic bytes.
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(64)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const MB = 1024 * 1024;

let t: TestApp;
let app: FastifyInstance;
let filesDir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  // An app of its own on the same database, with its files in a temporary folder.
  filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
  app = await buildApp({ db: t.database.db, filesDir });
  for (const [user, password] of [
    ['admin', 'Admin@123456'],
    ['ops', 'Demo@123456'],
    ['rsp', 'Demo@123456'],
    ['ccp', 'Demo@123456'],
    ['province', 'Demo@123456'],
  ]) {
    tokens[user] = await t.login(user, password);
  }
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

interface UploadInput {
  name: string;
  content: Buffer;
  fields?: Record<string, string | number>;
  token?: string;
}

/** A multipart/form-data body as a browser sends it: the fields, then the file. */
function multipart({ name, content, fields = {} }: Omit<UploadInput, 'token'>) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The records the tests' file lists belong to, by a name of the test's own: opportunities of the RSP's
 * company, which the RSP may edit (a list belongs to a record the uploader may edit).
 */
const owners = new Map<string, string>();
async function ownerOf(name: string) {
  let id = owners.get(name);
  if (!id) {
    const rsp = await t.database.db
      .selectFrom('employee')
      .select(['object_id', 'company_id', 'province_code', 'city_code'])
      .where('username', '=', 'rsp')
      .executeTakeFirstOrThrow();
    const row = await sql<{ object_id: string }>`insert into record
      (resource, data, company_id, province_code, city_code, created_by, created_by_name)
      values ('opportunity', ${JSON.stringify({ OpportunityName: name })}::jsonb, ${rsp.company_id},
        ${rsp.province_code}, ${rsp.city_code}, ${rsp.object_id}, 'rsp')
      returning object_id::text`.execute(t.database.db);
    id = row.rows[0].object_id;
    owners.set(name, id);
  }
  return id;
}
const withOwner = async <T>(body: T): Promise<T> => {
  const b = body as Record<string, unknown>;
  return b && typeof b === 'object' && typeof b.ownerId === 'string'
    ? ({ ...b, ownerId: await ownerOf(b.ownerId) } as T)
    : body;
};

async function upload({ token = tokens.rsp, ...input }: UploadInput) {
  const fields = await withOwner({ ownerType: 101, ...input.fields });
  const { payload, contentType } = multipart({ ...input, fields });
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload,
    headers: { 'content-type': contentType, 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

async function post(path: string, body: unknown, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/portal${path}`,
    payload: (await withOwner(body)) as object,
    headers: { 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The presigned link the download route redirects to. */
async function linkOf(fileUrl: string, token = tokens.rsp) {
  const response = await get(fileUrl, { 'x-token': token });
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

describe('upload', () => {
  it('stores a file and answers its URL and attachment (SPEC §7)', async () => {
    const { status, body } = await upload({
      name: '营业执照.pdf',
      content: PDF,
      fields: { ownerId: 'cust-ok', accept: 'pdf,jpg', maxSizeMb: 10, documentType: 101 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: true,
      message: '上传成功',
      results: { FileName: '营业执照.pdf', Size: PDF.length },
    });
    expect(body.results.FileURL).toBe(`/portal/file/download/${body.results.ObjectID}`);
    expect(body.data).toEqual({ results: body.results.FileURL });
    // The bytes are in the 'prod' bucket of the files folder, and no temporary file is left behind.
    const months = readdirSync(join(filesDir, 'objects', 'prod'), { recursive: true }) as string[];
    expect(months.some((p) => p.endsWith('.pdf'))).toBe(true);
    expect(readdirSync(join(filesDir, 'objects', '.incoming'))).toEqual([]);
  });

  it('refuses a type outside the accept list with the SPEC message', async () => {
    const { status, body } = await upload({
      name: 'setup.exe',
      content: Buffer.from('MZ\x90\x00'),
      fields: { ownerId: 'cust-format', accept: 'pdf,jpg' },
    });
    expect(status).toBe(415);
    expect(body).toEqual({ state: false, message: '文件格式不正确, 请上传pdf/jpg格式文件!' });
  });

  it('refuses a file over the field limit, and over the server limit of 50 MB', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(Math.ceil(1.5 * MB), 0x20)]);
    const overField = await upload({
      name: 'big.pdf',
      content: big,
      fields: { ownerId: 'cust-size', maxSizeMb: 1 },
    });
    expect(overField.status).toBe(413);
    expect(overField.body.message).toBe('上传文件大小不能超过 1 MB!');

    const huge = Buffer.concat([PDF, Buffer.alloc(50 * MB, 0x20)]);
    const overServer = await upload({ name: 'huge.pdf', content: huge, fields: { ownerId: 'cust-size' } });
    expect(overServer.status).toBe(413);
    expect(overServer.body.message).toBe('上传文件大小不能超过 50 MB!');
    expect(readdirSync(join(filesDir, 'objects', '.incoming'))).toEqual([]);
  });

  it('refuses a file whose bytes are not what its extension says (a PNG named .pdf)', async () => {
    const { status, body } = await upload({
      name: '合同.pdf',
      content: PNG,
      fields: { ownerId: 'cust-magic', accept: 'pdf' },
    });
    expect(status).toBe(415);
    expect(body.message).toBe('文件内容与扩展名 .pdf 不符, 请上传pdf格式文件!');
    // The real PNG under its own name is fine, and a JPEG with a .jpg name too.
    expect(
      (await upload({ name: '照片.png', content: PNG, fields: { ownerId: 'cust-magic', accept: 'image/*' } }))
        .status,
    ).toBe(200);
    expect(
      (await upload({ name: '照片.jpg', content: JPG, fields: { ownerId: 'cust-magic', accept: 'image/*' } }))
        .status,
    ).toBe(200);
    const text = await upload({
      name: 'a.csv',
      content: Buffer.from('名称,数量\n甲,1\n'),
      fields: { ownerId: 'cust-magic' },
    });
    expect(text.status).toBe(200);
    const binaryCsv = await upload({
      name: 'b.csv',
      content: Buffer.from([0, 1, 2, 3]),
      fields: { ownerId: 'cust-magic' },
    });
    expect(binaryCsv.status).toBe(415);
  });

  it('refuses the same name and size twice for one owner, but not for another owner', async () => {
    const first = await upload({ name: '授权书.pdf', content: PDF, fields: { ownerId: 'cust-dup' } });
    expect(first.status).toBe(200);
    const again = await upload({ name: '授权书.pdf', content: PDF, fields: { ownerId: 'cust-dup' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ state: false, message: '此文件已上传!' });
    expect(
      (await upload({ name: '授权书.pdf', content: PDF, fields: { ownerId: 'cust-dup-2' } })).status,
    ).toBe(200);
  });

  it('refuses the 21st file of one owner', async () => {
    for (let i = 1; i <= 20; i += 1) {
      const { status } = await upload({
        name: `附件${i}.txt`,
        content: Buffer.from(`第${i}份`),
        fields: { ownerId: 'cust-count' },
      });
      expect(status).toBe(200);
    }
    const extra = await upload({
      name: '附件21.txt',
      content: Buffer.from('第21份'),
      fields: { ownerId: 'cust-count' },
    });
    expect(extra.status).toBe(409);
    expect(extra.body.message).toBe('最多上传20个文件');
  });

  it('refuses an empty file, a request without a file, bad fields and an anonymous caller', async () => {
    expect((await upload({ name: 'empty.txt', content: Buffer.alloc(0) })).body.message).toBe(
      '文件内容为空, 请重新选择',
    );
    const json = await post('/file/uploadFile', { ownerType: 101 }, tokens.rsp);
    expect(json).toEqual({ status: 400, body: { state: false, message: '请选择要上传的文件' } });
    const badOwner = await upload({ name: 'a.pdf', content: PDF, fields: { ownerType: 999 } });
    expect(badOwner.status).toBe(400);
    expect(badOwner.body.message.startsWith(labelFor('ownerType'))).toBe(true);
    const anonymous = await upload({ name: 'a.pdf', content: PDF, token: 'nope' });
    expect(anonymous.status).toBe(401);
  });
});

describe('download through a presigned link', () => {
  let file: { ObjectID: string; FileURL: string };
  beforeAll(async () => {
    file = (await upload({ name: '报价单 (最终).pdf', content: PDF, fields: { ownerId: 'cust-dl' } })).body
      .results;
  });

  it('redirects to a link valid 86400 s that gives back the same bytes, type and name', async () => {
    const before = Math.floor(Date.now() / 1000);
    const link = await linkOf(file.FileURL);
    const url = new URL(link, 'http://portal');
    expect(url.pathname).toMatch(/^\/portal\/objects\/prod\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(86_400);
    expect(expires - before).toBeLessThanOrEqual(86_401);

    const response = await get(link); // no token: the signature is the credential
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___ (__).pdf"; filename*=UTF-8''${'%E6%8A%A5%E4%BB%B7%E5%8D%95%20%28%E6%9C%80%E7%BB%88%29.pdf'}`,
    );
  });

  it('gives the link as data to the portal client, which cannot follow a redirect with its token', async () => {
    const response = await get(file.FileURL, { 'x-token': tokens.rsp, accept: 'application/json' });
    expect(response.json()).toMatchObject({ state: true });
    expect(response.json().results).toMatch(
      /^\/portal\/objects\/prod\/.+\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
  });

  it('refuses a tampered link', async () => {
    const link = await linkOf(file.FileURL);
    const url = new URL(link, 'http://portal');
    const signature = url.searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const expires = url.searchParams.get('expires')!;
    const tampered = [
      link.replace(signature, flipped),
      link.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`),
      link.replace(/[0-9a-f-]{36}\.pdf/, '00000000-0000-4000-8000-000000000000.pdf'),
      link.replace(/&signature=.*/, ''),
    ];
    for (const candidate of tampered) {
      const response = await get(candidate);
      expect(response.statusCode, candidate).toBe(403);
      expect(response.json()).toEqual({ state: false, message: '下载链接无效' });
    }
  });

  it('refuses an expired link, and a new download gives a fresh one', async () => {
    const issuedAt = Date.now();
    const link = await linkOf(file.FileURL);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(issuedAt + 86_399_000);
    expect((await get(link)).statusCode).toBe(200);
    vi.setSystemTime(issuedAt + 86_402_000);
    const expired = await get(link);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ state: false, message: '下载链接已过期, 请重新下载' });
    vi.useRealTimers();
    expect((await get(await linkOf(file.FileURL))).statusCode).toBe(200);
  });
});

describe('who may read and delete a file', () => {
  let file: { ObjectID: string; FileURL: string };
  beforeAll(async () => {
    file = (await upload({ name: '省代协议.pdf', content: PDF, fields: { ownerId: 'cust-scope' } })).body
      .results;
  });

  it('another company cannot see the file; its scope (province, ops) can', async () => {
    expect((await post('/file/getOne', { ObjectID: file.ObjectID }, tokens.ccp)).status).toBe(404);
    expect((await get(file.FileURL, { 'x-token': tokens.ccp })).statusCode).toBe(404);
    // Nor the list of a record out of its scope: 404, as for the record itself.
    const ccpList = await post('/fileBTP/searchAll', { ownerType: 101, ownerId: 'cust-scope' }, tokens.ccp);
    expect(ccpList.status).toBe(404);

    for (const user of ['rsp', 'province', 'ops', 'admin']) {
      const one = await post('/file/getOne', { ObjectID: file.ObjectID }, tokens[user]);
      expect(one.body.results[0], user).toMatchObject({ FileName: '省代协议.pdf', Size: PDF.length });
      expect((await get(file.FileURL, { 'x-token': tokens[user] })).statusCode, user).toBe(302);
    }
    const list = await post('/file/search', { ownerType: 101, ownerId: 'cust-scope' }, tokens.province);
    expect(list.body).toMatchObject({ state: true, totalSize: 1 });
  });

  it('only the uploader or the administrator / sales operations may delete; deleted files are gone', async () => {
    const link = await linkOf(file.FileURL);
    expect((await post('/file/deleteDetail', { ObjectID: file.ObjectID }, tokens.ccp)).status).toBe(404);
    const byProvince = await post('/file/deleteDetail', { ObjectID: file.ObjectID }, tokens.province);
    expect(byProvince.status).toBe(403);
    expect((await get(link)).statusCode).toBe(200);

    const deleted = await post('/file/deleteDetail', { ObjectID: file.ObjectID }, tokens.rsp);
    expect(deleted.body).toEqual({ state: true, message: '删除成功!', results: { deleted: 1 } });
    expect((await get(link)).statusCode).toBe(404);
    expect((await get(file.FileURL, { 'x-token': tokens.rsp })).statusCode).toBe(404);
    const list = await post('/fileBTP/searchAll', { ownerType: 101, ownerId: 'cust-scope' }, tokens.rsp);
    expect(list.body.results).toEqual([]);
    // Its place is free again: the same file may be uploaded anew.
    expect(
      (await upload({ name: '省代协议.pdf', content: PDF, fields: { ownerId: 'cust-scope' } })).status,
    ).toBe(200);

    const other = (await upload({ name: '其他.pdf', content: PDF, fields: { ownerId: 'cust-scope' } })).body
      .results;
    expect((await post('/file/delete', [other.ObjectID], tokens.ops)).body.results).toEqual({ deleted: 1 });
  });
});

describe('attaching uploaded files to their owner', () => {
  it('batchCreate attaches files uploaded before the record existed, within the limits', async () => {
    const a = (await upload({ name: '甲.pdf', content: PDF })).body.results;
    const b = (await upload({ name: '乙.jpg', content: JPG })).body.results;
    const attached = await post(
      '/file/batchCreate',
      { ownerType: 101, ownerId: 'cust-new', files: [a, b] },
      tokens.rsp,
    );
    expect(attached.body).toMatchObject({ state: true, totalSize: 2 });
    const all = await post('/fileBTP/searchAll', { ownerType: 101, ownerId: 'cust-new' }, tokens.rsp);
    expect(all.body.results.map((f: { FileName: string }) => f.FileName)).toEqual(['甲.pdf', '乙.jpg']);

    // A twin of an attached file, and another person's file, are refused.
    const twin = (await upload({ name: '甲.pdf', content: PDF })).body.results;
    const dup = await post(
      '/file/batchCreate',
      { ownerType: 101, ownerId: 'cust-new', files: [twin] },
      tokens.rsp,
    );
    expect(dup.body).toEqual({ state: false, message: '此文件已上传!' });
    const foreign = (await upload({ name: '丙.pdf', content: PDF, token: tokens.ccp })).body.results;
    const stolen = await post(
      '/file/batchCreate',
      { ownerType: 101, ownerId: 'cust-new', files: [foreign] },
      tokens.rsp,
    );
    expect(stolen.status).toBe(404);

    const renamed = await post(
      '/file/update',
      { ObjectID: a.ObjectID, FileName: '甲-盖章版.pdf' },
      tokens.rsp,
    );
    expect(renamed.body.results.FileName).toBe('甲-盖章版.pdf');
    const badRename = await post('/file/update', { ObjectID: a.ObjectID, FileName: '甲.exe' }, tokens.rsp);
    expect(badRename.body).toEqual({
      state: false,
      message: '文件名：须保留原扩展名 .pdf',
      field: 'FileName',
    });
  });
});
