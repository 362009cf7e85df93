import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** Why an agreement has no file: the reasons under agreements.problems. */
export type AgreementProblem = 'noTemplate' | 'notWord' | 'templateMissing' | 'unreadable';

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
