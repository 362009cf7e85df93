import { join } from 'node:path';
import { sql } from 'kysely';
import { TemplateType } from '../../domain/codes/customers.codes';
import { DOCUMENT_TYPES } from '../../domain/constants';
import type { AgreementFileStore } from '../agreements/agreement-files';
import { type DocBlock, writeDocx } from '../agreements/docx-writer';
import { TEMPLATE_FILE_OWNER } from '../agreements/template-check';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { uploadLocalFile } from '../files/local-upload';
import { createObjectStore, incomingDir } from '../files/object-store';
import { contentOf } from '../reference/dictionaries.data';
import { resourceDef } from '../resources/registry';
import { updateRecord } from '../resources/write';
import { as, fixedIdOf } from './kit';
import { codeNamed, storyTable } from './story-data';

/** The store the server of this data folder reads (server/main.ts: `<DATA_DIR>/files/objects`). */
export function defaultAgreementFiles(db: Db): AgreementFileStore {
  const root = join(readConfig().dataDir, 'files', 'objects');
  return { store: createObjectStore(root, db), incoming: incomingDir(root) };
}

type Template = Record<'id' | 'name' | 'type' | 'edition', string> & { version: number; at: Date };

/**
 * Every version of the demo's agreement templates gets its agreement in Word as the administrator gives it:
 * uploaded through the upload's checks (placeholders included) and saved into its edit page's file field.
 */
export async function seedAgreementTemplateFiles(db: Db, files: AgreementFileStore) {
  const { rows: templates } = await sql<Template>`
    select object_id::text as id, data->>'Name' as name, data->>'ExtTemplateType_SDK' as type,
      coalesce(data->>'ExtTemplateVersion_SDK', '') as edition, version, updated_at as at
    from record where resource = 'agreementTemplate'
    order by data->>'ExtTemplateType_SDK', created_at, object_id`.execute(db);
  const admin = await as(db, 'admin');
  // The file is given where the version was last saved, so its history reads as one edit.
  for (const { id, name, type, edition, version, at } of templates) {
    const title = contentOf('TemplateType', type) ?? name;
    const form = { ownerType: TEMPLATE_FILE_OWNER, ownerId: id, documentType: DOCUMENT_TYPES.template };
    const bytes = writeDocx(agreementWording(type, title), LAYOUT);
    const fileName = `${[title, edition].filter(Boolean).join(' ')}.docx`;
    const upload = { bytes, fileName, form, objectId: fixedIdOf(`template-file:${id}`), at };
    const { ObjectID, FileName, FileURL, Size } = await uploadLocalFile(db, files, admin, upload);
    // The edit page of a template version (catalogue/models.pages.ts), whose file field the admin fills.
    const body = { ObjectID: id, Version: version, PageID: 'models.template' };
    const edit = { ...body, FileName: [{ ObjectID, FileName, FileURL, Size }] };
    const clock = { at, uuid: () => fixedIdOf(`template-edit:${id}`) };
    await updateRecord(db, resourceDef('agreementTemplate')!, admin, edit, clock);
  }
}

/**
 * The invented vendor's channel agreement in Word (stories/agreement.tsv); the other agreements have its
 * parties and signature page around clauses of their own (stories/agreement-clauses.tsv).
 */
const BLOCKS = storyTable('agreement');
const CLAUSES = storyTable('agreement-clauses');
const LAYOUT = {
  header: '协议编号：{AgreementNo}',
  pageNumbers: { before: '第 ', between: ' 页 共 ', after: ' 页' },
};

/** What the agent is called in each type of agreement (stories/agreement-roles.tsv). */
const ROLE = new Map<string, string>(
  storyTable('agreement-roles').map(({ type, role }) => [codeNamed(TemplateType, type), role]),
);

/** Under each party's name: where its representative signs and dates. */
const SIGNING = ['', '', '法定代表人或授权代表（签字）：', '', '日期：　　　　年　　月　　日'];
const sealBlock = (party: string, name: string) => [`${party}（盖章）：`, name, ...SIGNING];
const clause = (text: string): DocBlock => ({ kind: 'paragraph', text, indent: true });

/** The blocks of a type's agreement: the channel agreement's, or its frame around the type's own clauses. */
function agreementWording(type: string, title: string): DocBlock[] {
  const words = (text: string) =>
    text.replaceAll('{{role}}', ROLE.get(type) ?? '代理商').replaceAll('{{title}}', title);
  const own = CLAUSES.filter((c) => codeNamed(TemplateType, c.type) === type);
  const blocks = BLOCKS.filter((b) => !own.length || b.only !== 'channel');
  return blocks.flatMap(({ block, text, value }): DocBlock | DocBlock[] => {
    if (block === 'clauses') return own.map((c) => clause(words(c.clause)));
    if (block === 'title' || block === 'heading') return { kind: block, text: words(text) };
    if (block === 'field') return { kind: 'field', label: words(text), value: words(value) };
    if (block === 'clause') return clause(words(text));
    if (block === 'blank' || block === 'note') return { kind: 'paragraph', text: words(text) };
    if (block === 'pageBreak') return { kind: 'pageBreak' };
    return { kind: 'signatures', columns: [sealBlock('甲方', text), sealBlock('乙方', value)] };
  });
}
