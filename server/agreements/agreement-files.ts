import type { Db } from '../db/database';
import { filesDb } from '../files/file.repo';
import { type AgreementProblem, type AgreementRow, agreementsDb, pendingAgreements } from './agreement.repo';
import { type AgreementFileStore, keepAgreementCopy } from './agreement-copies';
import { makePendingPdfs } from './agreement-pdf';
import { fillTemplate, UnreadableTemplate } from './docx';
import { serverPdfConverter } from './pdf-converter';

export type { AgreementFileStore } from './agreement-copies';

const BATCH = 100;

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
 * recorded then and keeps it as the agent's attachment (agreement-copies.ts); a row another server
 * finished meanwhile is left alone.
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
  await keepAgreementCopy(db, files, row, {
    kind: 'docx',
    bytes: made.bytes,
    claim: async (trx, fileId) => {
      const claimed = await agreementsDb(trx)
        .updateTable('agreement')
        .set({ file_id: fileId, generated_at: new Date() })
        .where('object_id', '=', row.object_id)
        .where('file_id', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0;
    },
  });
  return 'generated' as const;
}

/**
 * Every agreement still waiting for its Word file, oldest first, then every Word file waiting for its
 * PDF (agreement-pdf.ts); answers how many of each were made and how many cannot be.
 */
export async function generatePendingAgreements(db: Db, files: AgreementFileStore, signal?: AbortSignal) {
  let generated = 0;
  let failed = 0;
  for (;;) {
    const rows = await pendingAgreements(db, BATCH);
    for (const row of rows) {
      if (signal?.aborted) return { generated, failed, pdfs: 0, pdfsFailed: 0 };
      if ((await generateAgreementFile(db, files, row)) === 'generated') generated += 1;
      else failed += 1;
    }
    if (rows.length < BATCH) break;
  }
  const converter = files.pdf === undefined ? await serverPdfConverter() : files.pdf;
  const { made, notMade } = await makePendingPdfs(db, files, converter, signal);
  return { generated, failed, pdfs: made, pdfsFailed: notMade };
}
