import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgreementFileStore, generatePendingAgreements } from '../../server/agreements/agreement-files';
import { documentText } from '../../server/agreements/docx';
import { findProgram } from '../../server/agreements/pdf-converter';
import { readConfig } from '../../server/config';
import { defaultAgreementFiles } from '../../server/seed/demo-agreements.seed';
import { registrationForm } from './agent-registration-form';
import { startTestApp, type TestApp } from './harness';

/**
 * The agreement an agent signs through registration, made from the demo's enabled template: a Word
 * file naming the vendor and the agent, its bank account, territory and term, with page numbers; its
 * PDF beside it, made by LibreOffice where the server has it; where it has not, the Word file alone
 * and the reason in words on the agent's page.
 */
const soffice = await findProgram(readConfig().soffice);
const pdftotext = await findProgram('pdftotext');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let files: AgreementFileStore;
const tokens: Record<string, string> = {};
const agents: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // The store the portal keeps files in, where the demo's templates are.
  files = defaultAgreementFiles(t.database.db);
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const user of ['channel', 'channeldept', 'finance']) tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(async () => {
  // The agreements made here leave the shared store as they came.
  const made = await sql<{ object_key: string }>`select object_key from file_object
    where owner_type = 101 and owner_id::text = any(${agents})`.execute(t.database.db);
  for (const { object_key } of made.rows) await files.store.remove(object_key);
  await t.close();
});

/** An applicant registers with its bank account, passes the review chain and signs. */
async function signedAgent(overrides: Record<string, string> = {}) {
  const applicant = registrationForm({
    ExtBankName_SDK: '招商银行南京分行',
    ExtBankAccount_SDK: '1259 0388 7710 601',
    ...overrides,
  });
  // The account is in the company's own name, as a bank account for an agreement must be.
  const name = applicant.Name;
  const form = { ...applicant, ExtBankAccountName_SDK: name };
  const registered = await t.post('/registrationInfo/register', form);
  expect(registered.body.state, registered.body.message).toBe(true);
  const id = registered.body.results.ObjectID;
  for (const who of ['channel', 'channeldept', 'finance']) {
    const decided = await t.post(
      '/registrationInfo/processApproval',
      { ObjectID: id, action: 'agree' },
      tokens[who],
    );
    expect(decided.body.state, decided.body.message).toBe(true);
  }
  const signed = await t.post('/registrationInfo/signAgreement', { ObjectID: id }, tokens.admin);
  expect(signed.body.state, signed.body.message).toBe(true);
  agents.push(signed.body.results.CustomerID);
  return { name, customerId: signed.body.results.CustomerID as string };
}

type Attachment = { ObjectID: string; FileName: string };
const agentOf = async (id: string) =>
  (await t.post('/customer/getOne', { ObjectID: id }, tokens.admin)).body.results[0];
const kinds = (agent: Record<string, any>) =>
  (agent.ExtAgreementFile_SDK as Attachment[]).map((f) => f.FileName.split('.').pop());

/** A file's bytes as the agent's page downloads them: the portal's link, then the object. */
async function download(file: Attachment) {
  const link = await t.app.inject({
    method: 'GET',
    url: `/portal/file/download/${file.ObjectID}`,
    headers: { 'x-token': tokens.admin, accept: 'application/json' },
  });
  expect(link.statusCode).toBe(200);
  return (await t.app.inject({ method: 'GET', url: link.json().results })).rawPayload;
}

/** The words of the agent page's PDF field in a language. */
async function pdfWords(code: string, lang: 'zh' | 'en') {
  const { body } = await t.post('/commonSession/searchAll', { code: 'AgreementPdf' }, tokens.admin, {
    'accept-language': lang,
  });
  return (body.results as { keyword: string; content: string }[]).find((o) => o.keyword === code)?.content;
}

/** Text without its line breaks and spaces: a PDF's text is wrapped where its lines end. */
const flat = (text: string) => text.replace(/\s+/g, '');

describe('the signed agreement', () => {
  let agent: Record<string, any>;

  it('is the demo RSP agreement naming the vendor, the agent, its bank account, territory and term', async () => {
    const { name, customerId } = await signedAgent();
    await generatePendingAgreements(t.database.db, files);
    agent = await agentOf(customerId);
    const word = agent.ExtAgreementFile_SDK.find((f: Attachment) => f.FileName.endsWith('.docx'));
    const bytes = await download(word);
    const text = documentText(bytes);
    for (const words of [
      '甲方（供货方）：华岳星辰计算机系统有限公司',
      `乙方（省级代理）：${name}`,
      '住所：江苏省南京市鼓楼区中山北路 1 号',
      '乙方的授权区域为：江苏省',
      `本协议有效期自 ${agent.ExtAgreementStartDate_SDK} 起至 ${agent.ExtAgreementEndDate_SDK} 止`,
      '开户银行：招商银行南京分行',
      `开户名称：${name}`,
      '银行账号：125903887710601',
      '乙方（盖章）：',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('南京市南京市');
    expect(text).not.toContain('{');
    // Every page numbered "第 n 页 共 m 页" and headed with the agreement's number.
    const zip = new PizZip(bytes);
    expect(zip.file('word/footer1.xml')?.asText()).toMatch(/第 .*PAGE.* 页 共 .*NUMPAGES.* 页/);
    expect(zip.file('word/header1.xml')?.asText()).toMatch(/协议编号：XY\d{12}/);
  }, 120_000);

  it.skipIf(!soffice)(
    'is offered as PDF too, made by LibreOffice (skipped when soffice is not installed)',
    async () => {
      expect(kinds(agent)).toEqual(['docx', 'pdf']);
      expect(agent.ExtAgreementPdf_SDK).toBe('101');
      const pdf = await download(agent.ExtAgreementFile_SDK[1]);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // Read back with pdftotext where poppler-utils is installed (the Word file's text is checked above).
      if (!pdftotext) return;
      const dir = await mkdtemp(join(tmpdir(), 'agreement-pdf-'));
      try {
        await writeFile(join(dir, 'a.pdf'), pdf);
        const { stdout } = await promisify(execFile)('pdftotext', [join(dir, 'a.pdf'), '-']);
        const text = flat(stdout);
        for (const words of [agent.Name, '125903887710601', agent.ExtAgreementEndDate_SDK, '第1页共'])
          expect(text).toContain(flat(words));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('is the Word file alone where the server has no LibreOffice, saying why, and gets its PDF once it has', async () => {
    const { customerId } = await signedAgent({ ExtChannelSmallType_SDK: 'CCP' });
    await generatePendingAgreements(t.database.db, { ...files, pdf: null });
    const alone = await agentOf(customerId);
    expect(kinds(alone)).toEqual(['docx']);
    expect(alone.ExtAgreementPdf_SDK).toBe('111');
    expect(await pdfWords('111', 'zh')).toBe('未生成：服务器未安装 LibreOffice，仅提供 Word 文件');
    expect(await pdfWords('111', 'en')).toContain('LibreOffice is not installed');

    await generatePendingAgreements(t.database.db, { ...files, pdf: { toPdf: async () => PDF } });
    const both = await agentOf(customerId);
    expect(kinds(both)).toEqual(['docx', 'pdf']);
    expect(both.ExtAgreementPdf_SDK).toBe('101');
    expect(await download(both.ExtAgreementFile_SDK[1])).toEqual(PDF);
  });

  it('says so when the conversion fails, and keeps the Word file', async () => {
    const { customerId } = await signedAgent();
    const broken = { toPdf: async () => Promise.reject(new Error('soffice ended with exit code 1')) };
    await generatePendingAgreements(t.database.db, { ...files, pdf: broken });
    const agent = await agentOf(customerId);
    expect(kinds(agent)).toEqual(['docx']);
    expect(agent.ExtAgreementPdf_SDK).toBe('121');
    expect(await pdfWords('121', 'zh')).toBe('未生成：转换为 PDF 失败，仅提供 Word 文件');
  });
});
