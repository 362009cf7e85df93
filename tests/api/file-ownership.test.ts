import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestApp, type TestApp } from './harness';

/**
 * Hole 7 of the security review: `rsp` filled a GD company's file list (19 files, so the GD's own
 * upload hit the limit of 20), and a record's file field took any JSON, a `javascript:` link included.
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(64)]);

let t: TestApp;
let app: FastifyInstance;
let filesDir: string;
const tokens: Record<string, string> = {};
let gdCompany: string;
let rspOpportunity: string;

beforeAll(async () => {
  t = await startTestApp();
  filesDir = mkdtempSync(join(tmpdir(), 'portal-owner-files-'));
  app = await buildApp({ db: t.database.db, filesDir });
  for (const user of ['rsp', 'gd', 'finance']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const companyOf = async (username: string) =>
    (
      await t.database.db
        .selectFrom('employee')
        .select('company_id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).company_id!;
  gdCompany = await companyOf('gd');
  const opportunity = await sql<{ object_id: string }>`select object_id::text from record
    where resource = 'opportunity' and company_id = ${await companyOf('rsp')} limit 1`.execute(t.database.db);
  rspOpportunity = opportunity.rows[0].object_id;
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function upload(token: string, fields: Record<string, string | number>, name = 'a.pdf', content = PDF) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

async function post(path: string, body: unknown, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/portal${path}`,
    payload: body as object,
    headers: { 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

const liveFilesOf = async (ownerId: string) =>
  (
    await t.database.db
      .withTables<{ file_object: { owner_id: string | null; deleted_at: Date | null } }>()
      .selectFrom('file_object')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).n;

describe('hole 7: files on other companies’ records', () => {
  it('rsp cannot upload to a GD company’s record: 404 as for getOne, nothing stored', async () => {
    for (let i = 0; i < 3; i++) {
      const planted = await upload(tokens.rsp, { ownerType: 101, ownerId: gdCompany }, `planted-${i}.pdf`);
      expect(planted.status).toBe(404);
    }
    expect(Number(await liveFilesOf(gdCompany))).toBe(0);
  });

  it('the GD’s own list is neither readable nor fillable by rsp through the other file calls', async () => {
    const loose = (await upload(tokens.rsp, { ownerType: 101 }, 'loose.pdf')).body.results;
    const attach = await post(
      '/file/batchCreate',
      { ownerType: 101, ownerId: gdCompany, files: [loose] },
      tokens.rsp,
    );
    expect(attach.status).toBe(404);
    const create = await post(
      '/file/create',
      { ownerType: 101, ownerId: gdCompany, ObjectID: loose.ObjectID },
      tokens.rsp,
    );
    expect(create.status).toBe(404);
    expect(
      (await post('/fileBTP/searchAll', { ownerType: 101, ownerId: gdCompany }, tokens.rsp)).status,
    ).toBe(404);
    expect((await post('/file/search', { ownerType: 101, ownerId: gdCompany }, tokens.rsp)).status).toBe(404);
    expect(Number(await liveFilesOf(gdCompany))).toBe(0);
  });

  it('a record in scope but not editable by the caller refuses new files with 403', async () => {
    // Finance sees every record but edits no opportunity; a GD does not even see the RSP's.
    const byFinance = await upload(tokens.finance, { ownerType: 211, ownerId: rspOpportunity });
    expect(byFinance.status, byFinance.body.message).toBe(403);
    expect(byFinance.body.message).toBe('没有修改该数据的权限，不能增删它的附件');
    expect((await upload(tokens.gd, { ownerType: 211, ownerId: rspOpportunity })).status).toBe(404);
    const byOwner = await upload(tokens.rsp, { ownerType: 211, ownerId: rspOpportunity }, 'own.pdf');
    expect(byOwner.status, byOwner.body.message).toBe(200);
  });

  it('an owner that is not a record at all takes no files', async () => {
    expect((await upload(tokens.rsp, { ownerType: 101, ownerId: 'cust-made-up' })).status).toBe(404);
  });

  it('the uploader cannot delete its file from a record it can no longer edit', async () => {
    const file = (await upload(tokens.rsp, { ownerType: 211, ownerId: rspOpportunity }, 'later.pdf')).body
      .results;
    // The record moves to another company (as when an agent is reassigned).
    const moveTo = (company: string | null) =>
      sql`update record set company_id = ${company} where object_id = ${rspOpportunity}`.execute(
        t.database.db,
      );
    await moveTo(gdCompany);
    try {
      const deleted = await post('/file/deleteDetail', { ObjectID: file.ObjectID }, tokens.rsp);
      expect(deleted.status).toBe(404);
    } finally {
      const rspCompany = (
        await t.database.db
          .selectFrom('employee')
          .select('company_id')
          .where('username', '=', 'rsp')
          .executeTakeFirstOrThrow()
      ).company_id;
      await moveTo(rspCompany);
    }
  });

  it('an extension named like an object property (.constructor, .__proto__) is a 400, not a 500', async () => {
    for (const name of ['x.constructor', 'x.__proto__', 'x.Constructor']) {
      const answer = await upload(tokens.rsp, { ownerType: 101 }, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.state).toBe(false);
    }
    // Extensions are read in lower case: these are merely unknown types.
    for (const name of ['x.toString', 'x.valueOf', 'x.hasOwnProperty'])
      expect((await upload(tokens.rsp, { ownerType: 101 }, name)).status, name).toBe(415);
  });
});

describe('hole 7: a file field accepts only attachments the server stored', () => {
  const template = (file: unknown) => ({
    PageID: 'models.template',
    Name: '伪造附件模板',
    ExtTemplateType_SDK: '101',
    ExtTemplateVersion_SDK: 'V9.9',
    ExtTemplateStatus_SDK: '101',
    StartDate: '2026-01-01',
    EndDate: '2026-12-31',
    FileName: file,
  });

  it.each([
    [
      'a javascript: link',
      [{ ObjectID: randomUuid(), FileName: 'x.pdf', FileURL: 'javascript:alert(1)', Size: 1 }],
    ],
    [
      'a link elsewhere',
      [{ ObjectID: randomUuid(), FileName: 'x.pdf', FileURL: 'https://evil.example/x', Size: 1 }],
    ],
    ['a file the server never stored', [{ ObjectID: randomUuid(), FileName: 'x.pdf', FileURL: '', Size: 1 }]],
    ['nested JSON', [{ ObjectID: randomUuid(), FileName: { html: '<b>x</b>' }, FileURL: '/x', Size: 1 }]],
    ['JSON text instead of a list', '[{"FileURL":"javascript:alert(1)"}]'],
  ])('refuses %s with 400, writing nothing', async (_, file) => {
    const list = Array.isArray(file)
      ? file.map((f) => (f.FileURL === '' ? { ...f, FileURL: `/portal/file/download/${f.ObjectID}` } : f))
      : file;
    const answer = await post('/agreementTemplate/create', template(list), tokens.admin);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('只能是本系统上传的附件');
    const written = await post('/agreementTemplate/search', { Name: '伪造附件模板' }, tokens.admin);
    expect(written.body.totalSize ?? 0).toBe(0);
  });

  it('takes an attachment the server stored, as the upload answered it', async () => {
    const file = (await upload(tokens.admin, { ownerType: 221 }, '模板.pdf')).body.results;
    const answer = await post('/agreementTemplate/create', template([file]), tokens.admin);
    expect(answer.body.state, answer.body.message).toBe(true);
  });
});

function randomUuid() {
  return crypto.randomUUID();
}
