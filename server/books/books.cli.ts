import { readConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { recordBooksCheck } from './books-check.repo';
import { checkBooks, findingText, ruleTitle } from './check-books';

/**
 * `npm run verify-books` (docs/books.md): checks every invariant the areas declare on DATA_DIR or
 * DATABASE_URL, prints the violations grouped by invariant (in Chinese; `--en` for English), keeps
 * the run for 系统管理 › 账务核对 and exits 1 on any.
 */
const lang = process.argv.includes('--en') ? 'en' : 'zh';
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let violations = 0;
try {
  await migrateToLatest(database.db);
  const report = await checkBooks(database.db);
  await recordBooksCheck(database.db, report, 'cli', null);
  for (const check of report.checks) {
    const title = ruleTitle(lang, check.key);
    if (check.total === 0) {
      console.log(`✓ ${title}`);
      continue;
    }
    console.log(`✗ ${title} (${check.key}): ${check.total}`);
    if (check.failure) console.log(`    ${check.failure}`);
    for (const row of check.rows) console.log(`    ${findingText(lang, check.key, row)}`);
    if (check.total > check.rows.length) console.log(`    … +${check.total - check.rows.length}`);
  }
  const seconds = ((report.finishedAt.getTime() - report.startedAt.getTime()) / 1000).toFixed(1);
  console.log(`${report.checks.length} invariants, ${report.violations} violations, ${seconds} s`);
  violations = report.violations;
} finally {
  await database.close();
}
process.exit(violations > 0 ? 1 : 0);
