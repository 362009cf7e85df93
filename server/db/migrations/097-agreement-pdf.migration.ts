import { type Kysely, sql } from 'kysely';

/**
 * The PDF copy of a signed agreement (docs/templates.md): made by LibreOffice from the Word file once
 * that exists, or the reason there is none (no LibreOffice on the server, a failed conversion). A
 * row without a converter is tried again once the server has one, so its index keeps that case too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agreement add column pdf_file_id uuid, add column pdf_problem text`.execute(db);
  await sql`create index agreement_pdf_pending_idx on agreement (signed_at)
    where file_id is not null and pdf_file_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index agreement_pdf_pending_idx`.execute(db);
  await sql`alter table agreement drop column pdf_file_id, drop column pdf_problem`.execute(db);
}
