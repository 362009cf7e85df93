import { type Kysely, sql } from 'kysely';

/** Dictionary ShipmentStatus: dispatched, its receipt not yet answered by the agent. */
const DISPATCHED = '111';
/** Dictionary ShipmentStatus: the agent reported a receipt exception the vendor has yet to settle. */
const RECEIPT_EXCEPTION = '151';

/**
 * The dashboard counts, on both delivery lists, the shipments an agent has to answer (dispatched) and
 * the receipt exceptions sales operations and the administrator have to settle. No index held a
 * shipment's status, so each of those counts read every shipment — about 2.2 million beside a million
 * orders — for a count that is a handful: the administrator's dashboard, with both exception counts,
 * took 10.6 s p95 on PGlite (`npm run bench`, the summary with admin's to-do counts). The shipments still waiting for
 * someone are few at any time (a receipt is answered within days), so a partial index of just those
 * rows, by channel and newest first as the lists show them, answers both counts and both filtered
 * lists from a small index.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index shipment_awaiting_answer_idx
    on shipment (order_channel, shipment_status, created_at desc, object_id desc)
    where shipment_status in (${sql.lit(DISPATCHED)}, ${sql.lit(RECEIPT_EXCEPTION)})`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index shipment_awaiting_answer_idx`.execute(db);
}
