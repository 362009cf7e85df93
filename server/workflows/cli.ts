import { readConfig } from '../config';
import { inTransaction, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { rebuildOrderYearCounts } from '../orders/order-year-counts';
import { rebuildOrderFigures } from '../reports/order-month-figures';
import { rebuildProjections, verifyEvents } from './engine';

/**
 * `npm run verify-events`: replays every stream; lists those that cannot be read or whose state is in
 * doubt (exit 1), then, apart, the stored facts today's rules would refuse, which still replay.
 * `npm run rebuild`: rebuilds every projection — the stream rows and the fields mirrored onto
 * records — from the events alone, then the dashboard's month figures from the orders and their
 * documents and the order lists' counts per number year from the orders, in one transaction. Both on
 * DATA_DIR or DATABASE_URL.
 */
const command = process.argv[2];
if (command !== 'verify' && command !== 'rebuild') {
  console.error('usage: tsx server/workflows/cli.ts verify|rebuild');
  process.exit(2);
}
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
try {
  await migrateToLatest(database.db);
  if (command === 'verify') {
    const { streams, failures, refusedToday } = await verifyEvents(database.db);
    for (const f of failures) console.error(`✗ ${f.streamId} #${f.seq} ${f.type}: ${f.why}`);
    console.log(`${streams} streams checked, ${failures.length} do not replay`);
    if (refusedToday.length) {
      console.log(`Stored facts today's rules would refuse (${refusedToday.length}), replayed as recorded:`);
      for (const n of refusedToday) console.log(`  ${n.streamId} #${n.seq} ${n.type}: ${n.why}`);
    }
    failed = failures.length > 0;
  } else {
    const { streams, orders, years } = await inTransaction(database.db, async (trx) => ({
      streams: await rebuildProjections(trx),
      orders: await rebuildOrderFigures(trx),
      years: await rebuildOrderYearCounts(trx),
    }));
    console.log(`${streams} streams rebuilt`);
    console.log(`month figures rebuilt from ${orders} effective orders`);
    console.log(`order counts per number year rebuilt: ${years} groups`);
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
