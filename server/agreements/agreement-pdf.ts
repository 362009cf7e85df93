import { sql } from 'kysely';
import { AgreementPdf } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';
import { filesDb } from '../files/file.repo';
import { type AgreementRow, agreementsDb, type PdfProblem, pendingPdfs } from './agreement.repo';
import { type AgreementFileStore, keepAgreementCopy } from './agreement-copies';
import type { PdfConverter } from './pdf-converter';

// As many Word files as LibreOffice converts in a few runs (pdf-converter.ts).
const BATCH = 40;
const PDF_STATE = 'ExtAgreementPdf_SDK';

/** The agreement's Word file as kept, or undefined when it is gone from the store. */
async function wordFile(db: Db, files: AgreementFileStore, row: AgreementRow) {
  const file = await filesDb(db)
    .selectFrom('file_object')
    .select('object_key')
    .where('object_id', '=', row.file_id as string)
    .executeTakeFirst();
  return file ? files.store.read(file.object_key) : undefined;
}

/** Why there is no PDF, on the agreement and in words on the agent's page (dictionary AgreementPdf). */
async function refuse(db: Db, row: AgreementRow, problem: PdfProblem) {
  await agreementsDb(db)
    .updateTable('agreement')
    .set({ pdf_problem: problem })
    .where('object_id', '=', row.object_id)
    .where('pdf_file_id', 'is', null)
    .execute();
  await sql`update customer set version = version + 1,
      data = data || ${JSON.stringify({ [PDF_STATE]: AgreementPdf[problem] })}::jsonb
    where object_id = ${row.customer_id}`.execute(db);
  return problem;
}

/** Keeps a made PDF beside the Word file, unless another server kept one meanwhile. */
async function keep(db: Db, files: AgreementFileStore, row: AgreementRow, pdf: Buffer) {
  await keepAgreementCopy(db, files, row, {
    kind: 'pdf',
    bytes: pdf,
    agentData: { [PDF_STATE]: AgreementPdf.made },
    claim: async (trx, fileId) => {
      const claimed = await agreementsDb(trx)
        .updateTable('agreement')
        .set({ pdf_file_id: fileId, pdf_problem: null })
        .where('object_id', '=', row.object_id)
        .where('pdf_file_id', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0;
    },
  });
  return 'made' as const;
}

/**
 * The PDF copies of some agreements' Word files, kept beside them as the agent's attachments; asked
 * for together, so LibreOffice starts once for them all. Without a converter (no LibreOffice on the
 * server) each Word file stays the only copy and the agent's page says why; so does a conversion that
 * fails, which is not tried again by itself.
 */
export async function makePdfCopies(
  db: Db,
  files: AgreementFileStore,
  converter: PdfConverter | null,
  rows: AgreementRow[],
) {
  if (!converter) {
    for (const row of rows) await refuse(db, row, 'noConverter');
    return rows.map(() => 'noConverter' as const);
  }
  const words = await Promise.all(rows.map((row) => wordFile(db, files, row)));
  const pdfs = await Promise.allSettled(
    words.map((docx) => (docx ? converter.toPdf(docx) : Promise.reject(new Error('no Word file')))),
  );
  const outcomes: ('made' | PdfProblem)[] = [];
  for (const [i, row] of rows.entries()) {
    const pdf = pdfs[i];
    outcomes.push(
      pdf.status === 'fulfilled' ? await keep(db, files, row, pdf.value) : await refuse(db, row, 'failed'),
    );
  }
  return outcomes;
}

/** Every Word file waiting for its PDF, oldest first (agreement.repo.ts pendingPdfs). */
export async function makePendingPdfs(
  db: Db,
  files: AgreementFileStore,
  converter: PdfConverter | null,
  signal?: AbortSignal,
) {
  let made = 0;
  let notMade = 0;
  for (;;) {
    if (signal?.aborted) return { made, notMade };
    const rows = await pendingPdfs(db, BATCH, converter !== null);
    for (const outcome of await makePdfCopies(db, files, converter, rows))
      if (outcome === 'made') made += 1;
      else notMade += 1;
    if (rows.length < BATCH) return { made, notMade };
  }
}
