import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { bandData, DEFAULT_LOAN_BANDS } from '../loans/loan-band-defaults';

/** A fixed id from a name (md5 laid out as a uuid), so two seeds give the same rows. */
const uuidOf = (name: string) =>
  createHash('md5')
    .update(name)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * The default loan approval bands (docs/loans.md), in every seed mode so a fresh portal can approve
 * loans; an administrator edits them on the loan approval configuration page afterwards.
 */
export async function seedLoanBands(db: Db, at?: Date) {
  for (const [index, band] of DEFAULT_LOAN_BANDS.entries())
    await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name, created_at, updated_at)
      values (${uuidOf(`loan-approval-band-${index + 1}`)}, 'loanApprovalConfig', ${JSON.stringify(bandData(band))}::jsonb,
        'system', 'system', coalesce(${at ?? null}::timestamptz, now()), coalesce(${at ?? null}::timestamptz, now()))
      on conflict (object_id) do nothing`.execute(db);
}
