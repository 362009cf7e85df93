import { type Kysely, sql } from 'kysely';

/**
 * The serial number of each unit a loan ships, by line (docs/loans.md): recorded by the warehouse
 * while the loan waits to ship and fixed once it leaves. A unit may be lent again after it came back,
 * so a serial is unique within a loan, not across every loan; the loan service refuses one still out
 * on another loan or already shipped on a sale.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table loan_serial (
    loan_id uuid not null references loan_order (object_id) on delete cascade,
    line_no integer not null,
    serial_no text not null,
    primary key (loan_id, serial_no),
    constraint loan_serial_length check (char_length(serial_no) between 1 and 64)
  )`.execute(db);
  await sql`create index loan_serial_no_idx on loan_serial (serial_no)`.execute(db);
  await sql`create index loan_serial_line_idx on loan_serial (loan_id, line_no)`.execute(db);
}
