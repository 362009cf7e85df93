import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { agreements as zhAgreements } from '../../locales/zh/agreements';
import { type Db, inTransaction } from '../db/database';
import { fixedIdOf } from '../db/fixed-id';
import { filesDb, toAttachment } from '../files/file.repo';
import type { ObjectStore } from '../files/object-store';
import { cleanFileName } from '../files/receive';
import type { AgreementRow } from './agreement.repo';
import type { PdfConverter } from './pdf-converter';

/** Where agreement files go: the portal's object store and its folder for files on their way in. */
export interface AgreementFileStore {
  store: ObjectStore;
  incoming: string;
  /** The PDF maker: left out, the server's own (LibreOffice where installed); null, none. */
  pdf?: PdfConverter | null;
}

export const COPY_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;
export type CopyKind = keyof typeof COPY_TYPES;

// SPEC §3: a file of the customer (owner type 101), filed as an agent document (document type 101).
const CUSTOMER_OWNER = 101;
const AGENT_DOCUMENT = 101;

/** The file's id follows from the agreement's, so a seeded portal is the same every time. */
function fileIdOf(agreementId: string, kind: CopyKind): string {
  const name = kind === 'docx' ? 'agreement-file' : 'agreement-pdf';
  return fixedIdOf(`${name}:${agreementId}`);
}

/** Names what this copy is on the agreement row, unless another server did first (then false). */
export type Claim = (trx: Db, fileId: string) => Promise<boolean>;

/**
 * Keeps one copy of a signed agreement (its Word file or its PDF) as the agent's attachment: into the
 * store, then in one transaction the row claims it, the file's row is written in the agent's data
 * scope (its own staff read it, no other agent does) and the agent's `ExtAgreementFile_SDK` lists it;
 * `agentData` adds fields to the agent in the same write. A copy another server kept meanwhile is
 * left as it is.
 */
export async function keepAgreementCopy(
  db: Db,
  files: AgreementFileStore,
  row: AgreementRow,
  copy: { kind: CopyKind; bytes: Buffer; claim: Claim; agentData?: Record<string, unknown> },
) {
  const fileId = fileIdOf(row.object_id, copy.kind);
  const signed = row.signed_at;
  const key = `${signed.getUTCFullYear()}/${String(signed.getUTCMonth() + 1).padStart(2, '0')}/${fileId}.${copy.kind}`;
  const temporary = join(files.incoming, `${fileId}.${copy.kind}`);
  await mkdir(files.incoming, { recursive: true });
  await writeFile(temporary, copy.bytes);
  await files.store.put(key, temporary, COPY_TYPES[copy.kind]).finally(() => rm(temporary, { force: true }));
  const name = cleanFileName(
    `${zhAgreements.fileName
      .replace('{{type}}', row.values.AgreementType ?? '')
      .replace('{{agent}}', row.values.AgentName ?? '')
      .replace('{{no}}', row.agreement_no)}.${copy.kind}`,
  );
  await inTransaction(db, async (trx) => {
    const customer = (
      await sql<{ company_id: string | null; province_code: string | null; city_code: string | null }>`
        select company_id, province_code, city_code from customer where object_id = ${row.customer_id} for update`.execute(
        trx,
      )
    ).rows[0];
    if (!(await copy.claim(trx, fileId))) return;
    const file = await filesDb(trx)
      .insertInto('file_object')
      .values({
        object_id: fileId,
        bucket: files.store.bucket,
        object_key: key,
        file_name: name,
        mime_type: COPY_TYPES[copy.kind],
        size: copy.bytes.length,
        sha256: createHash('sha256').update(copy.bytes).digest('hex'),
        owner_type: CUSTOMER_OWNER,
        owner_id: row.customer_id,
        document_type: AGENT_DOCUMENT,
        created_by: row.signed_by,
        created_by_name: row.signed_by_name,
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
          || ${attachment}::jsonb) || ${JSON.stringify(copy.agentData ?? {})}::jsonb
      where object_id = ${row.customer_id}`.execute(trx);
  });
}
