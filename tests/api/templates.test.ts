import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeEntries } from '../../domain/codes/code';
import { TemplateType } from '../../domain/codes/customers.codes';
import { documentText } from '../../server/agreements/docx';
import { buildApp } from '../../server/app';
import { startTestApp, type TestApp } from './harness';

/**
 * Agreement templates (DOMAIN.md "one enabled version per type"): a version is written with its
 * file through the shared edit page, and enabling it retires the type's former enabled version.
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(64)]);
const ENABLED = '121';
const DISABLED = '131';
const DRAFT = '101';
const PAGE = 'models.template';
/** The title each type's agreement carries. */
const typeWords: Record<string, string> = Object.fromEntries(
  codeEntries(TemplateType).map(([code, zh]) => [code, zh]),
);

let t: TestApp;
let app: FastifyInstance;
let filesDir: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  filesDir = mkdtempSync(join(tmpdir(), 'portal-templates-'));
  app = await buildApp({ db: t.database.db, filesDir });
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: `/portal${path}`,
    payload: body as object,
    headers: { 'x-token': admin },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Uploads a PDF as a template file (SPEC §3 owner type 221) and answers its attachment. */
async function uploadTemplateFile(name: string) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="ownerType"\r\n\r\n221\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': admin },
  });
  const body = response.json();
  expect(body.state, body.message).toBe(true);
  const file = Array.isArray(body.results) ? body.results[0] : body.results;
  return { ObjectID: file.ObjectID, FileName: file.FileName, FileURL: file.FileURL, Size: file.Size };
}

const template = (type: string, version: string, file: unknown, status = DRAFT) => ({
  PageID: PAGE,
  Name: `模板 ${type} ${version}`,
  ExtTemplateType_SDK: type,
  ExtTemplateVersion_SDK: version,
  ExtTemplateStatus_SDK: status,
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  FileName: [file],
});

const enabledOf = async (type: string) =>
  (
    await post('/agreementTemplate/search', {
      ExtTemplateType_SDK: type,
      ExtTemplateStatus_SDK: ENABLED,
      pageSize: 100,
    })
  ).body.results.map((r: { ObjectID: string }) => r.ObjectID);

const getOne = async (id: string) =>
  (await post('/agreementTemplate/getOne', { ObjectID: id })).body.results[0];

describe('agreement templates', () => {
  it('start with at most one enabled version per type in the demo data', async () => {
    const all = await post('/agreementTemplate/search', { ExtTemplateStatus_SDK: ENABLED, pageSize: 100 });
    expect(all.body.results.length).toBeGreaterThan(0);
    const types = all.body.results.map((r: { ExtTemplateType_SDK: string }) => r.ExtTemplateType_SDK);
    expect(new Set(types).size).toBe(types.length);
  });

  it('download, every demo version of every type, as its agreement in Word', async () => {
    const { body } = await post('/agreementTemplate/search', { pageSize: 100 });
    const versions = body.results as {
      Name: string;
      ExtTemplateType_SDK: string;
      ExtTemplateStatus_SDK: string;
      FileName: { ObjectID: string; FileName: string }[];
    }[];
    // Retired versions are on the list as well, and download like the enabled ones.
    expect(versions.map((v) => v.ExtTemplateStatus_SDK)).toEqual(expect.arrayContaining([ENABLED, DISABLED]));
    for (const version of versions) {
      const [file] = version.FileName;
      expect(file?.FileName, version.Name).toMatch(/\.docx$/);
      const link = await t.app.inject({
        method: 'GET',
        url: `/portal/file/download/${file.ObjectID}`,
        headers: { 'x-token': admin, accept: 'application/json' },
      });
      expect(link.statusCode, version.Name).toBe(200);
      const bytes = (await t.app.inject({ method: 'GET', url: link.json().results })).rawPayload;
      expect(bytes.subarray(0, 4).toString('latin1'), 'a Word file is a zip').toBe('PK\u0003\u0004');
      const text = documentText(bytes);
      expect(text, version.Name).toContain(typeWords[version.ExtTemplateType_SDK]);
      expect(text, version.Name).toContain('{AgentName}');
    }
  });

  it('enabling a version retires the former enabled one of its type only', async () => {
    const file = await uploadTemplateFile('省级代理协议 V1.pdf');
    const former = await post('/agreementTemplate/create', template('111', 'V1.0', file, ENABLED));
    expect(former.body.state, former.body.message).toBe(true);
    const formerId = former.body.results.ObjectID;
    const general = await post(
      '/agreementTemplate/create',
      template('101', 'V1.0', await uploadTemplateFile('总代协议.pdf'), ENABLED),
    );
    const generalId = general.body.results.ObjectID;
    expect(await enabledOf('111')).toEqual([formerId]);
    expect(await enabledOf('101')).toEqual([generalId]);

    const next = await post(
      '/agreementTemplate/create',
      template('111', 'V2.0', await uploadTemplateFile('省级代理协议 V2.pdf')),
    );
    expect(next.body.state, next.body.message).toBe(true);
    expect(next.body.results).toMatchObject({
      ExtTemplateStatus_SDK: DRAFT,
      ExtTemplateVersion_SDK: 'V2.0',
      FileName: [{ FileName: '省级代理协议 V2.pdf', Size: PDF.length }],
      Size: PDF.length,
    });
    const nextId = next.body.results.ObjectID;
    expect(await enabledOf('111'), 'a draft retires nothing').toEqual([formerId]);

    const formerBefore = await getOne(formerId);
    const enabled = await post('/agreementTemplate/update', {
      PageID: PAGE,
      ObjectID: nextId,
      Version: next.body.results.Version,
      ExtTemplateStatus_SDK: ENABLED,
    });
    expect(enabled.body.state, enabled.body.message).toBe(true);
    expect(await enabledOf('111')).toEqual([nextId]);
    const formerAfter = await getOne(formerId);
    expect(formerAfter.ExtTemplateStatus_SDK).toBe(DISABLED);
    expect(formerAfter.Version, 'retiring is a change like any other').toBe(formerBefore.Version + 1);
    expect(await enabledOf('101')).toEqual([generalId]);
    expect((await getOne(generalId)).Version).toBe(general.body.results.Version);

    // Whoever still holds the former version's old revision cannot write over its retirement.
    const stale = await post('/agreementTemplate/update', {
      PageID: PAGE,
      ObjectID: formerId,
      Version: formerBefore.Version,
      ExtTemplateStatus_SDK: ENABLED,
    });
    expect(stale.status).toBe(409);
    expect(await enabledOf('111')).toEqual([nextId]);
  });

  it('refuses a period ending before it starts, naming the field, and writes nothing', async () => {
    const file = await uploadTemplateFile('城市代理协议.pdf');
    const before = (await post('/agreementTemplate/search', { ExtTemplateType_SDK: '121' })).body.totalSize;
    const refused = await post('/agreementTemplate/create', {
      ...template('121', 'V9.0', file, ENABLED),
      StartDate: '2026-06-01',
      EndDate: '2026-05-31',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('结束日期：不能早于 开始日期');
    expect((await post('/agreementTemplate/search', { ExtTemplateType_SDK: '121' })).body.totalSize).toBe(
      before,
    );

    // On an update the stored StartDate counts too, and the refused change leaves the record as it was.
    const saved = (await post('/agreementTemplate/create', template('121', 'V9.1', file))).body.results;
    const moved = await post('/agreementTemplate/update', {
      PageID: PAGE,
      ObjectID: saved.ObjectID,
      Version: saved.Version,
      EndDate: '2025-12-31',
    });
    expect(moved.body.message).toBe('结束日期：不能早于 开始日期');
    expect((await getOne(saved.ObjectID)).EndDate).toBe('2026-12-31');
  });

  it('names each required field, the template file included', async () => {
    const file = await uploadTemplateFile('保密协议.pdf');
    const cases: [Record<string, unknown>, string][] = [
      [{ Name: undefined }, '模板名称必填'],
      [{ ExtTemplateType_SDK: undefined }, '模板类型必填'],
      [{ ExtTemplateVersion_SDK: '' }, '模板版本必填'],
      [{ FileName: undefined }, '模板文件必填'],
      [{ FileName: [] }, '模板文件必填'],
    ];
    for (const [change, message] of cases) {
      const answer = await post('/agreementTemplate/create', { ...template('141', 'V1.0', file), ...change });
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });
});
