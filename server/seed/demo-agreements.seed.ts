import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { TemplateType } from '../../domain/codes/customers.codes';
import { type AgreementFileStore, generatePendingAgreements } from '../agreements/agreement-files';
import { buildDocx } from '../agreements/docx';
import { TEMPLATE_FILE_OWNER } from '../agreements/template-check';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { filesDb, toAttachment } from '../files/file.repo';
import { createObjectStore, incomingDir } from '../files/object-store';
import { TEMPLATE_ENABLED } from '../resources/templates';
import { idOf } from './kit';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEMPLATE_DOCUMENT = 121;

/** The store the server of this data folder reads (server/main.ts: `<DATA_DIR>/files/objects`). */
export function defaultAgreementFiles(db: Db): AgreementFileStore {
  const root = join(readConfig().dataDir, 'files', 'objects');
  return { store: createObjectStore(root, db), incoming: incomingDir(root) };
}

/** The demo wording of an agreement: the vendor's standard terms with the portal's placeholders. */
function demoWording(title: string): string[] {
  return [
    title,
    '协议编号：{AgreementNo}',
    '甲方：厂商（以下简称“甲方”）',
    '乙方：{AgentName}（统一社会信用代码：{CreditCode}，客户编号：{AccountID}）',
    '乙方法定代表人：{LegalRepresentative}；地址：{FullAddress}',
    '乙方联系人：{ContactName}，电话：{ContactPhone}，邮箱：{Email}',
    '乙方开户银行：{BankName}，账号：{BankAccount}',
    '第一条 授权：甲方授权乙方在授权区域内以{AgreementType}约定的方式销售甲方产品。',
    '第二条 期限：本协议自 {StartDate} 起至 {EndDate} 止。',
    '第三条 价格与返利：按甲方公布的渠道价格与返利政策执行。',
    '签署日期：{SignDate}',
  ];
}

/**
 * The demo's enabled agreement templates get a real Word file with placeholders, uploaded as a
 * template file like any other, so a demo signing fills it. Keys and ids follow from the template,
 * so seeding twice gives the same data.
 */
export async function seedAgreementTemplateFiles(db: Db, files: AgreementFileStore) {
  const { rows: templates } = await sql<{ object_id: string; name: string; data: Record<string, unknown> }>`
    select r.object_id, coalesce(d.content_zh, r.data->>'Name') as name, r.data from record r
      left join dictionary_entry d on d.code = 'TemplateType' and d.keyword = r.data->>'ExtTemplateType_SDK'
    where r.resource = 'agreementTemplate' and r.data->>'ExtTemplateStatus_SDK' = ${TEMPLATE_ENABLED}
      and r.data->>'ExtTemplateType_SDK' in (${sql.lit(TemplateType.generalDistributor)}, ${sql.lit(TemplateType.rsp)}, ${sql.lit(TemplateType.ccp)})`.execute(
    db,
  );
  const admin = (
    await sql<{ object_id: string; last_name: string }>`select object_id, last_name from employee
      where username = 'admin'`.execute(db)
  ).rows[0];
  await mkdir(files.incoming, { recursive: true });
  for (const template of templates) {
    const bytes = buildDocx(demoWording(template.name));
    const fileId = idOf(`template-file:${template.object_id}`);
    const key = `2026/01/${fileId}.docx`;
    const temporary = join(files.incoming, `${fileId}.docx`);
    await writeFile(temporary, bytes);
    await files.store.put(key, temporary, DOCX);
    const file = await filesDb(db)
      .insertInto('file_object')
      .values({
        object_id: fileId,
        bucket: files.store.bucket,
        object_key: key,
        file_name: `${template.name}.docx`,
        mime_type: DOCX,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        owner_type: TEMPLATE_FILE_OWNER,
        owner_id: template.object_id,
        document_type: TEMPLATE_DOCUMENT,
        created_by: admin.object_id,
        created_by_name: admin.last_name,
        company_id: null,
        province_code: null,
        city_code: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { ObjectID, FileName, FileURL, Size } = toAttachment(file);
    const data = { FileName: [{ ObjectID, FileName, FileURL, Size }], Size };
    await sql`update record set data = data || ${JSON.stringify(data)}::jsonb
      where object_id = ${template.object_id}`.execute(db);
  }
}

/** The demo signings' agreements, made as the job would make them on the first minute of the server. */
export const generateDemoAgreements = (db: Db, files: AgreementFileStore) =>
  generatePendingAgreements(db, files);
