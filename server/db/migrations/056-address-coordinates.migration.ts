import { type Kysely, sql } from 'kysely';

/**
 * A customer's address keeps where it is on the map (docs/activity.md "Site"): a visit to the customer
 * measures its check-in from this position, which the address's owner sets, never the visitor. Both or
 * neither, each within its range.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table customer_address
    add column latitude double precision,
    add column longitude double precision,
    add constraint customer_address_position_ck check (
      (latitude is null) = (longitude is null)
      and (latitude is null or latitude between -90 and 90)
      and (longitude is null or longitude between -180 and 180))`.execute(db);
}
