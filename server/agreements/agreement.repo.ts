import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** Why an agreement has no file: the reasons under agreements.problems. */
export type AgreementProblem = 'noTemplate' | 'notWord' | 'templateMissing' | 'unreadable';

/** Why an agreement has no PDF copy: no LibreOffice on the server, or the conversion failed. */
export type PdfProblem = 'noConverter' | 'failed';

export type AgreementKind = 'registration' | 'renewal' | 'conversion';

/** Migration 035: one row per signing. */
export interface AgreementTable {
  object_id: string;
  agreement_no: string;
  customer_id: string;
  kind: AgreementKind;
  template_type: string;
  template_id: string | null;
  template_file_id: string | null;
  values: ColumnType<Record<string, string>, string, string>;
  signed_by: string;
  signed_by_name: string | null;
  signed_at: Date;
  file_id: string | null;
  problem: string | null;
  generated_at: Date | null;
  /** Migration 097: the PDF copy made from the Word file, or why there is none. */
  pdf_file_id: string | null;
  pdf_problem: PdfProblem | null;
}

export type AgreementRow = Selectable<AgreementTable>;
type AgreementsDatabase = Database & { agreement: AgreementTable };
export type AgreementsDb = Kysely<AgreementsDatabase>;

export const agreementsDb = (db: Db): AgreementsDb => db.withTables<{ agreement: AgreementTable }>();

/** The agreements still waiting for their file, oldest first. */
export function pendingAgreements(db: Db, limit: number) {
  return agreementsDb(db)
    .selectFrom('agreement')
    .selectAll()
    .where('file_id', 'is', null)
    .where('problem', 'is', null)
    .orderBy('signed_at')
    .limit(limit)
    .execute();
}

/**
 * The agreements whose Word file waits for its PDF copy, oldest first. Those refused for want of a
 * converter are asked for again when the server has one (`withConverter`), so installing LibreOffice
 * later gives the earlier agreements their PDF too.
 */
export function pendingPdfs(db: Db, limit: number, withConverter: boolean) {
  return agreementsDb(db)
    .selectFrom('agreement')
    .selectAll()
    .where('file_id', 'is not', null)
    .where('pdf_file_id', 'is', null)
    .where((eb) =>
      withConverter
        ? eb.or([eb('pdf_problem', 'is', null), eb('pdf_problem', '=', 'noConverter')])
        : eb('pdf_problem', 'is', null),
    )
    .orderBy('signed_at')
    .limit(limit)
    .execute();
}
