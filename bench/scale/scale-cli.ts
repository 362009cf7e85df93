import type { Db } from '../../server/db/database';
import { scaleOrders } from './scale';

/**
 * `npm run seed -- --scale 1000000`: the number of benchmark orders asked for (ARCHITECTURE.md §4),
 * or undefined without the flag; anything but a positive whole number ends the run with a message.
 */
export function scaleArgument(args: string[]): number | undefined {
  const at = args.findIndex((a) => a === '--scale' || a.startsWith('--scale='));
  if (at < 0) return undefined;
  const text = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  const count = Number(text);
  if (!Number.isSafeInteger(count) || count <= 0) {
    console.error(`--scale needs a positive whole number of orders, got "${text ?? ''}"`);
    process.exit(2);
  }
  return count;
}

/** Adds `count` benchmark orders to a seeded database, saying how many and how long it took. */
export async function addScale(db: Db, count: number, where: string) {
  console.log(`Adding ${count.toLocaleString('en')} orders to ${where}…`);
  const result = await scaleOrders(db, count, { log: (line) => console.log(`  ${line}`) });
  console.log(
    `Added ${result.orders.toLocaleString('en')} orders and ${result.items.toLocaleString('en')} items in ${(result.ms / 1000).toFixed(1)} s`,
  );
}
