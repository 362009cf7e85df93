import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { agreements as zhAgreements } from '../../locales/zh/agreements';
import { type Db, inTransaction } from '../db/database';
import { filesDb, toAttachment } from '../files/file.repo';
import type { ObjectStore } from '../files/object-store';
import { cleanFileName } from '../files/receive';
import { type AgreementProblem, type AgreementRow, agreementsDb, pendingAgreements } from './agreement.repo';
import { fillTemplate, UnreadableTemplate } from './docx';

/** Where agreement files go: the portal's object store and its folder for files on their way in. */
export interface AgreementFileStore {
  store: ObjectStore;
  incoming: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
// SPEC §3: a file of the customer (owner type 101), filed as an agent document (document type 101).
const CUSTOMER_OWNER = 101;
const AGENT_DOCUMENT = 101;
const BATCH = 100;

/** The file's id follows from the agreement's, so a seeded portal is the same every time. */
function fileIdOf(agreementId: string): string {
  const h = createHash('sha256').update(`agreement-file:${agreementId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The filled Word file of one agreement, or why there can be none. */
async function filledDocument(db: Db, files: AgreementFileStore, row: AgreementRow) {
  if (!row.template_file_id) return { problem: 'notWord' as AgreementProblem };
  const template = await filesDb(db)
    .selectFrom('file_object')
    .select(['object_key', 'file_name'])
    .where('object_id', '=', row.template_file_id)
    .executeTakeFirst();
  if (!template) return { problem: 'templateMissing' as AgreementProblem };
  if (!template.file_name.toLowerCase().endsWith('.docx')) return { problem: 'notWord' as AgreementProblem };
  const bytes = await files.store.read(template.object_key);
  if (!bytes) return { problem: 'templateMissing' as AgreementProblem };
  try {
    return { bytes: fillTemplate(bytes, row.values) };
  } catch (error) {
    if (error instanceof UnreadableTemplate) return { problem: 'unreadable' as AgreementProblem };
    throw error;
  }
}

/**
 * Makes one agreement's Word file: fills the template version recorded at signing with the values
 * recorded then, keeps it in the store as the agent's attachment and lists it in the agent's
 * `ExtAgreementFile_SDK`, all in one transaction; a row another server finished meanwhile is left alone.
 */
export async function generateAgreementFile(db: Db, files: AgreementFileStore, row: AgreementRow) {
  const made = await filledDocument(db, files, row);
  if (!made.bytes) {
    await agreementsDb(db)
      .updateTable('agreement')
      .set({ problem: made.problem })
      .where('object_id', '=', row.object_id)
      .execute();
    return made.problem;
  }
  const fileId = fileIdOf(row.object_id);
  const signed = row.signed_at;
  const key = `${signed.getUTCFullYear()}/${String(signed.getUTCMonth() + 1).padStart(2, '0')}/${fileId}.docx`;
  const temporary = join(files.incoming, `${fileId}.docx`);
  await mkdir(files.incoming, { recursive: true });
  await writeFile(temporary, made.bytes);
  await files.store.put(key, temporary, DOCX).finally(() => rm(temporary, { force: true }));
  const name = cleanFileName(
    zhAgreements.fileName
      .replace('{{type}}', row.values.AgreementType ?? '')
      .replace('{{agent}}', row.values.AgentName ?? '')
      .replace('{{no}}', row.agreement_no),
  );
  await inTransaction(db, async (trx) => {
    const customer = (
      await sql<{ company_id: string | null; province_code: string | null; city_code: string | null }>`
        select company_id, province_code, city_code from customer where object_id = ${row.customer_id} for update`.execute(
        trx,
      )
    ).rows[0];
    const claimed = await agreementsDb(trx)
      .updateTable('agreement')
      .set({ file_id: fileId, generated_at: new Date() })
      .where('object_id', '=', row.object_id)
      .where('file_id', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const file = await filesDb(trx)
      .insertInto('file_object')
      .values({
        object_id: fileId,
        bucket: files.store.bucket,
        object_key: key,
        file_name: name,
        mime_type: DOCX,
        size: made.bytes.length,
        sha256: createHash('sha256').update(made.bytes).digest('hex'),
        owner_type: CUSTOMER_OWNER,
        owner_id: row.customer_id,
        document_type: AGENT_DOCUMENT,
        created_by: row.signed_by,
        created_by_name: row.signed_by_name,
        // The agent's own file: its staff read it like the rest of their company's records.
        company_id: customer?.company_id ?? row.customer_id,
        province_code: customer?.province_code ?? null,
        city_code: customer?.city_code ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { ObjectID, FileName, FileURL, Size } = toAttachment(file);
    const attachment = JSON.stringify([{ ObjectID, FileName, FileURL, Size }]);
    await sql`update customer set version = version + 1,
        data = jsonb_set(data, '{ExtAgreementFile_SDK}',
          coalesce(case when jsonb_typeof(data->'ExtAgreementFile_SDK') = 'array' then data->'ExtAgreementFile_SDK' end, '[]'::jsonb)
          || ${attachment}::jsonb)
      where object_id = ${row.customer_id}`.execute(trx);
  });
  return 'generated' as const;
}

/** Every agreement still waiting for its file, oldest first; answers how many were made and how many cannot be. */
export async function generatePendingAgreements(db: Db, files: AgreementFileStore, signal?: AbortSignal) {
  let generated = 0;
  let failed = 0;
  for (;;) {
    const rows = await pendingAgreements(db, BATCH);
    for (const row of rows) {
      if (signal?.aborted) return { generated, failed };
      if ((await generateAgreementFile(db, files, row)) === 'generated') generated += 1;
      else failed += 1;
    }
    if (rows.length < BATCH) return { generated, failed };
  }
}
