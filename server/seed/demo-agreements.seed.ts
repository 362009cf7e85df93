import { join } from 'node:path';
import { sql } from 'kysely';
import { type AgreementFileStore, generatePendingAgreements } from '../agreements/agreement-files';
import { writeDocx } from '../agreements/docx-writer';
import { TEMPLATE_FILE_OWNER } from '../agreements/template-check';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { uploadLocalFile } from '../files/local-upload';
import { createObjectStore, incomingDir } from '../files/object-store';
import { resourceDef } from '../resources/registry';
import { updateRecord } from '../resources/write';
import { AGREEMENT_LAYOUT, agreementWording } from './demo-agreement-wording';
import { as, idOf } from './kit';

const TEMPLATE_DOCUMENT = 121;
// The edit page of a template version (catalogue/models.pages.ts), whose file field the admin fills.
const TEMPLATE_FORM = 'models.template';

/** The store the server of this data folder reads (server/main.ts: `<DATA_DIR>/files/objects`). */
export function defaultAgreementFiles(db: Db): AgreementFileStore {
  const root = join(readConfig().dataDir, 'files', 'objects');
  return { store: createObjectStore(root, db), incoming: incomingDir(root) };
}

/**
 * Every version of the demo's agreement templates gets its agreement in Word as the administrator gives
 * it: uploaded through the upload's checks (placeholders included) and saved into the version's file
 * field on its edit page. The GD, RSP and CCP versions are the channel agreement of their type
 * (stories/agreement.tsv), the others their own short text (stories/agreement-clauses.tsv); a retired
 * version downloads like the enabled one. Ids and times follow from the template, so seeding twice
 * gives the same data.
 */
export async function seedAgreementTemplateFiles(db: Db, files: AgreementFileStore) {
  const { rows: templates } = await sql<{
    object_id: string;
    name: string;
    type: string;
    edition: string | null;
    version: number;
    updated_at: Date;
  }>`
    select r.object_id, coalesce(d.content_zh, r.data->>'Name') as name,
      r.data->>'ExtTemplateType_SDK' as type, r.data->>'ExtTemplateVersion_SDK' as edition,
      r.version, r.updated_at from record r
      left join dictionary_entry d on d.code = 'TemplateType' and d.keyword = r.data->>'ExtTemplateType_SDK'
    where r.resource = 'agreementTemplate'
    order by r.data->>'ExtTemplateType_SDK', r.created_at, r.object_id`.execute(db);
  const admin = await as(db, 'admin');
  for (const template of templates) {
    // The file is given where the version was last saved, so its history reads as one edit.
    const when = template.updated_at;
    const file = await uploadLocalFile(db, files, admin, {
      bytes: writeDocx(agreementWording(template.type, template.name), AGREEMENT_LAYOUT),
      fileName: `${[template.name, template.edition].filter(Boolean).join(' ')}.docx`,
      form: { ownerType: TEMPLATE_FILE_OWNER, ownerId: template.object_id, documentType: TEMPLATE_DOCUMENT },
      objectId: idOf(`template-file:${template.object_id}`),
      at: when,
    });
    const { ObjectID, FileName, FileURL, Size } = file;
    const body = { ObjectID: template.object_id, Version: template.version, PageID: TEMPLATE_FORM };
    const edit = { ...body, FileName: [{ ObjectID, FileName, FileURL, Size }] };
    const clock = { at: when, uuid: () => idOf(`template-edit:${template.object_id}`) };
    await updateRecord(db, resourceDef('agreementTemplate')!, admin, edit, clock);
  }
}

/** The demo signings' agreements, made as the job would make them on the first minute of the server. */
export const generateDemoAgreements = (db: Db, files: AgreementFileStore) =>
  generatePendingAgreements(db, files);
