import { type Kysely, sql } from 'kysely';

/**
 * The approval chains of the workflows and the default order approval bands are given by the reference
 * step now (server/reference/bands.data.ts), once, like the loan and price bands (migration 047). A
 * database seeded before got them from its seed, so they are listed as given here, whatever an
 * administrator has done with them since: a chain or band removed on its page does not come back. A
 * fresh database has no employee yet and gets them from the step.
 */
const GIVEN_BY_THE_SEED = [
  ...['181', '101', '111', '121', '131', '141', '151', '161', '171'].map((type) => `chain:${type}`),
  ...['101', '111', '121', '131'].flatMap((type) => [1, 2, 3].map((band) => `orderBand:${type}:${band}`)),
];

export async function up(db: Kysely<unknown>) {
  await sql`insert into reference_applied (item)
    select item from unnest(${GIVEN_BY_THE_SEED}::text[]) as given(item)
    where exists (select 1 from employee)
    on conflict (item) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from reference_applied where item like 'chain:%' or item like 'orderBand:%'`.execute(db);
}
