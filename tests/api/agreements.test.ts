import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgreementFileStore, generatePendingAgreements } from '../../server/agreements/agreement-files';
import { buildDocx, documentText } from '../../server/agreements/docx';
import { buildApp } from '../../server/app';
import { createObjectStore, incomingDir } from '../../server/files/object-store';
import { defaultAgreementFiles } from '../../server/seed/demo-agreements.seed';
import { startTestApp, type TestApp } from './harness';

/**
 * Agreements filled from templates: a Word template is read at upload (unknown placeholders refused),
 * and an agent's signing (registration, renewal, conversion) yields the filled agreement as the
 * agent's file, with the values of the moment of signing.
 */
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
let t: TestApp;
let app: FastifyInstance;
let filesDir: string;
let files: AgreementFileStore;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  filesDir = mkdtempSync(join(tmpdir(), 'portal-agreements-'));
  app = await buildApp({ db: t.database.db, filesDir });
  const root = join(filesDir, 'objects');
  files = { store: createObjectStore(root, t.database.db), incoming: incomingDir(root) };
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const user of ['ops', 'channel', 'channeldept', 'finance', 'rsp'])
    tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, token = tokens.admin) {
  const response = await app.inject({
    method: 'POST',
    url: `/portal${path}`,
    payload: body as object,
    headers: { 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Uploads bytes as an agreement template file (SPEC §3 owner type 221). */
async function uploadTemplate(name: string, bytes: Buffer) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="ownerType"\r\n\r\n221\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: ${DOCX}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': tokens.admin },
  });
  return { status: response.statusCode, body: response.json() };
}

/** The bytes of a file the caller may download, through the portal's own download link. */
async function downloadAs(token: string, fileId: string) {
  const link = await app.inject({
    method: 'GET',
    url: `/portal/file/download/${fileId}`,
    headers: { 'x-token': token, accept: 'application/json' },
  });
  if (link.statusCode !== 200) return { status: link.statusCode };
  const bytes = await app.inject({ method: 'GET', url: link.json().results });
  return { status: bytes.statusCode, bytes: bytes.rawPayload };
}

const agreementsOf = async (customerId: string) =>
  (
    await sql<{
      object_id: string;
      agreement_no: string;
      kind: string;
      file_id: string | null;
      problem: string | null;
      pdf_file_id: string | null;
      pdf_problem: string | null;
    }>`
      select object_id, agreement_no, kind, file_id, problem, pdf_file_id, pdf_problem from agreement
      where customer_id = ${customerId}
      order by signed_at`.execute(t.database.db)
  ).rows;

describe('agreement templates in Word', () => {
  it('refuses a template with placeholders the portal cannot fill, naming them', async () => {
    const refused = await uploadTemplate(
      '城市代理协议.docx',
      buildDocx(['甲方 {AgentName}', '担保人 {Guarantor}，{Fax}']),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Guarantor, Fax');
    expect(refused.body.message).toContain('AgentName');
    const open = await uploadTemplate('担保协议草稿.docx', buildDocx(['甲方 {AgentName']));
    expect(open.status).toBe(400);
    expect(open.body.message).toContain('{AgentName');
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from file_object where file_name = '担保协议草稿.docx'`.execute(
      t.database.db,
    );
    expect(count.rows[0].n).toBe(0);
  });
});

describe('the agreement of a signing', () => {
  it('is generated for the demo agents signed through registration, as their own file', async () => {
    const signed = await sql<{
      customer_id: string;
      agreement_no: string;
      file_id: string;
      pdf_file_id: string | null;
      name: string;
    }>`
      select a.customer_id, a.agreement_no, a.file_id, a.pdf_file_id, c.name from agreement a join customer c on c.object_id = a.customer_id
      where a.kind = 'registration' and a.file_id is not null limit 1`.execute(t.database.db);
    expect(signed.rows.length).toBe(1);
    const { customer_id, agreement_no, file_id, pdf_file_id, name } = signed.rows[0];
    const agent = (await post('/customer/getOne', { ObjectID: customer_id })).body.results[0];
    // Its PDF beside it where the seeding server had LibreOffice.
    expect(agent.ExtAgreementFile_SDK.map((f: { ObjectID: string }) => f.ObjectID)).toEqual(
      [file_id, pdf_file_id].filter(Boolean),
    );
    const key = await sql<{
      object_key: string;
    }>`select object_key from file_object where object_id = ${file_id}`.execute(t.database.db);
    const bytes = await defaultAgreementFiles(t.database.db).store.read(key.rows[0].object_key);
    const text = documentText(bytes as Buffer);
    expect(text).toContain(name);
    expect(text).toContain(agreement_no);
    expect(text).not.toContain('{');
  });

  it('fills the enabled template on a renewal with the agent as renewed, and only its scope downloads it', async () => {
    const uploaded = await uploadTemplate(
      '城市代理协议 V9.docx',
      buildDocx(['{AgentName}|{AgreementNo}|{EndDate}|{AgreementType}']),
    );
    expect(uploaded.status).toBe(200);
    const file = uploaded.body.results;
    const created = await post('/agreementTemplate/create', {
      PageID: 'models.template',
      Name: '城市代理协议 V9',
      ExtTemplateType_SDK: '121',
      ExtTemplateVersion_SDK: 'V9.0',
      ExtTemplateStatus_SDK: '121',
      StartDate: '2026-01-01',
      EndDate: '2027-12-31',
      FileName: [
        { ObjectID: file.ObjectID, FileName: file.FileName, FileURL: file.FileURL, Size: file.Size },
      ],
    });
    expect(created.body.state, created.body.message).toBe(true);

    const ccp = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
      where channel_type = 'CCP' and status = '161'
        and not exists (select 1 from workflow_stream s where s.subject_id = customer.object_id)
      order by account_id limit 1`.execute(t.database.db);
    const { id, name } = ccp.rows[0];
    await sql`update customer set province_code = '320000' where object_id = ${id}`.execute(t.database.db);
    expect((await post('/customer/renewal', { ObjectID: id, termMonths: 12 }, tokens.ops)).body.state).toBe(
      true,
    );
    for (const who of ['channel', 'channeldept'])
      expect(
        (await post('/customer/processApproval', { ObjectID: id, action: 'agree' }, tokens[who])).body.state,
      ).toBe(true);

    const [pending] = await agreementsOf(id);
    expect([pending.kind, pending.file_id, pending.problem]).toEqual(['renewal', null, null]);
    const run = await generatePendingAgreements(t.database.db, files);
    expect(run.generated).toBeGreaterThanOrEqual(1);

    const [done] = await agreementsOf(id);
    const agent = (await post('/customer/getOne', { ObjectID: id })).body.results[0];
    expect(agent.ExtAgreementFile_SDK.map((f: { ObjectID: string }) => f.ObjectID)).toEqual(
      [done.file_id, done.pdf_file_id].filter(Boolean),
    );
    const downloaded = await downloadAs(tokens.ops, done.file_id as string);
    expect(downloaded.status).toBe(200);
    expect(documentText(downloaded.bytes as Buffer)).toBe(
      `${name}|${done.agreement_no}|${agent.ExtAgreementEndDate_SDK}|城市代理协议`,
    );
    expect((await downloadAs(tokens.rsp, done.file_id as string)).status).toBe(404);
  });
});
