// `npm run bench`: measures the budgets of ARCHITECTURE.md §9 and writes bench/RESULTS.md.
// PGlite data is kept in bench/out/ between runs (building a million orders takes minutes);
// PostgreSQL is measured too when DATABASE_URL is set. BENCH_ONLY=<text>[,<text>…] measures only
// the list requests whose name contains one of them (no client build, no export; `books` times
// `npm run verify-books` at scale) and writes
// bench/out/PARTIAL.md: one case is measured again without the full run or overwriting RESULTS.md.
// BENCH_SERVER_ONLY=1 measures only the PostgreSQL server of DATABASE_URL (no client, no PGlite) and
// writes bench/out/PARTIAL.md too. BENCH_ORDERS=<n> measures at n orders instead of 1,000,000.
// BENCH_CLIENT_ONLY=1 measures only the client (build, /login on the wire, the form's time in the
// DOM, tab switches in Chromium) and replaces only that block of RESULTS.md. BENCH_PREPARE_ONLY=1
// builds the data and measures nothing, so PGlite's and the server's data (BENCH_SERVER_ONLY=1) can be
// built side by side, on one core each, before a full run measures them on a quiet machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { type OpenDatabase, openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { authenticate } from '../server/http/auth';
import { isEmpty, seed } from '../server/seed/seed';
import { booksTable, measureBooks } from './books-run';
import { firstLoadJs } from './client-size';
import { type ClientTimings, measureClient, median, percentile } from './client-timing';
import { measureExport } from './export-run';
import { figureNotes } from './figure-notes';
import { type Measured, timingTable } from './http-timing';
import { measureImport } from './import-run';
import { measureList } from './list-latency';
import { measureModules, prepareModules } from './module-scale';
import { measureOrderScale } from './order-scale';
import { clientBlock, replaceClientBlock, withKeptBlocks } from './results-file';
import { SCALE_SHAPE, scaleOrders, scaleStateOf } from './scale/scale';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const ONLY = process.env.BENCH_ONLY || undefined;
const CLIENT_ONLY = process.env.BENCH_CLIENT_ONLY === '1';
const SERVER_ONLY = process.env.BENCH_SERVER_ONLY === '1' && !!process.env.DATABASE_URL;
const PREPARE_ONLY = process.env.BENCH_PREPARE_ONLY === '1';
const RESULTS = 'bench/RESULTS.md';
/** The books check of the bench's database on a PostgreSQL server (docs/books.md). */
const BOOKS_BUDGET_SECONDS = 120;
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

async function prepare(database: OpenDatabase, label: string) {
  await migrateToLatest(database.db, database.schema);
  const state = await scaleStateOf(database.db);
  if (state.orders > 0 && state.shape !== SCALE_SHAPE) {
    // Orders of an older shape (scale.ts SCALE_SHAPE) lack documents or fields the pages read: start afresh.
    console.log(`${label}: the scale orders here are of an older shape; building the data again…`);
    const schema = sql.id(database.schema ?? 'public');
    await sql`drop schema ${schema} cascade`.execute(database.db);
    await sql`create schema ${schema}`.execute(database.db);
    await migrateToLatest(database.db, database.schema);
  }
  if (await isEmpty(database.db)) await seed(database.db, 'demo');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sales_order`.execute(database.db);
  const missing = ORDERS - rows[0].n;
  if (missing > 0) {
    console.log(`${label}: adding ${missing.toLocaleString('en')} orders…`);
    await scaleOrders(database.db, missing, { log: (line) => console.log(`  ${line}`) });
  }
}

async function login(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: OpenDatabase['db'],
  username: string,
  password: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/portal/user/login',
    payload: { username, password },
  });
  const token = response.json().results.token as string;
  const caller = await authenticate(db, { headers: { 'x-token': token } } as never);
  return { token, caller };
}

async function benchDatabase(label: string, database: OpenDatabase, filesDir: string) {
  await prepare(database, label);
  const app = await buildApp({ db: database.db, filesDir });
  const callers = {
    admin: await login(app, database.db, 'admin', 'Admin@123456'),
    rsp: await login(app, database.db, 'rsp', 'Demo@123456'),
    finance: await login(app, database.db, 'finance', 'Demo@123456'),
    province: await login(app, database.db, 'province', 'Demo@123456'),
    vp: await login(app, database.db, 'vp', 'Demo@123456'),
  };
  const tokens = Object.fromEntries(Object.entries(callers).map(([user, c]) => [user, c.token])) as Record<
    keyof typeof callers,
    string
  >;
  const modules = await prepareModules(app, database.db, tokens, (line) => console.log(`${label}: ${line}`));
  // As autovacuum would on a server (PGlite has none): statistics, no dead rows left by a load or a
  // migration's update in the way of the newest-first scans, and the visibility map that index-only
  // scans rely on. Pages that have not changed since the last vacuum are skipped.
  await sql`vacuum analyze`.execute(database.db);
  // The pages the vacuum dirtied are written now, not by the checkpointer while the requests are timed
  // (a role that may not checkpoint measures as before).
  await sql`checkpoint`.execute(database.db).catch(() => {});
  if (PREPARE_ONLY) {
    console.log(`${label}: data ready`);
    await app.close();
    return;
  }
  const [load1, load5] = loadavg();
  say(`\n### ${label}: order list at ${ORDERS.toLocaleString('en')} orders (ms)\n`);
  say(
    `Measured from ${new Date().toISOString().slice(11, 16)} UTC, machine load average ${load1.toFixed(1)} (1 min) / ${load5.toFixed(1)} (5 min) on ${cpus().length} cores: timings grow with the load.\n`,
  );
  say('| request | HTTP p50 | HTTP p95 | HTTP p99 | bare SQL p50 | bare SQL p95 | overhead (p50) |');
  say('|---|---|---|---|---|---|---|');
  for (const r of await measureList(app, database.db, callers, 40, ONLY)) {
    say(
      `| ${r.scenario} | ${r.http.p50.toFixed(1)} | ${r.http.p95.toFixed(1)} | ${r.http.p99.toFixed(1)} | ${r.sql.p50.toFixed(1)} | ${r.sql.p95.toFixed(1)} | ${(r.http.p50 / r.sql.p50).toFixed(2)}× |`,
    );
  }
  const only = (rows: Measured[]) =>
    rows.filter((r) => !ONLY || ONLY.split(',').some((part) => r.name.includes(part.trim())));
  say(`\n### ${label}: order pages at ${ORDERS.toLocaleString('en')} orders (ms)\n`);
  for (const line of timingTable(only(await measureOrderScale(app, database.db, tokens)))) say(line);
  say(`\n### ${label}: rebates, sales tasks and reports beside ${ORDERS.toLocaleString('en')} orders (ms)\n`);
  for (const line of timingTable(only(await measureModules(app, database.db, tokens, modules)))) say(line);
  if (!ONLY || ONLY.split(',').some((part) => part.trim() === 'books')) {
    say(`\n### ${label}: \`npm run verify-books\` at ${ORDERS.toLocaleString('en')} orders\n`);
    const budget = database.kind === 'postgres' ? BOOKS_BUDGET_SECONDS : null;
    for (const line of booksTable(await measureBooks(database.db), budget)) say(line);
  }
  if (!ONLY) {
    const exported = await measureExport(app, database.db, callers.admin.token);
    say(`\n### ${label}: export to xlsx\n`);
    say(
      `${exported.rows.toLocaleString('en')} rows in ${(exported.ms / 1000).toFixed(1)} s, peak RSS ${exported.peakRssMb.toFixed(0)} MB (before: ${exported.startRssMb.toFixed(0)} MB), file ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    const imported = await measureImport(app, database.db, callers.admin.token);
    say(`\n### ${label}: stock report import from xlsx (budget 50,000 rows ≤ 30 s)\n`);
    say(
      `${imported.rows.toLocaleString('en')} rows in ${(imported.ms / 1000).toFixed(1)} s, peak RSS ${imported.peakRssMb.toFixed(0)} MB (before: ${imported.startRssMb.toFixed(0)} MB), file ${(imported.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  }
  await app.close();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The client's figures: first-load JavaScript (gzip budget), then as served and as timed in Chromium. */
async function clientSection(): Promise<string[]> {
  // BENCH_SKIP_BUILD=1 measures the client already in dist/ (e.g. while browser tests use it).
  if (
    process.env.BENCH_SKIP_BUILD !== '1' &&
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0
  )
    process.exit(1);
  const out: string[] = [];
  const [load1, load5] = loadavg();
  out.push(
    `Client figures measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, machine load average ${load1.toFixed(1)} (1 min) / ${load5.toFixed(1)} (5 min) on ${cpus().length} cores: browser timings grow with the load.\n`,
  );
  const client = firstLoadJs();
  out.push('### First load of /login (JavaScript, gzipped)\n');
  out.push(`**${kb(client.totalGzip)} KB** against a budget of 120 KB.\n`);
  out.push('| file | raw KB | gzip KB |');
  out.push('|---|---|---|');
  for (const f of client.files) out.push(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
  console.log('Measuring the client in Chromium…');
  const timed: ClientTimings = await measureClient();
  const wire = (files: ClientTimings['js']) => ({
    raw: sum(files.map((f) => f.raw)),
    br: sum(files.map((f) => f.brotli)),
  });
  const js = wire(timed.js);
  const css = wire(timed.css);
  out.push('\n### /login as served (bytes on the wire, brotli)\n');
  out.push(
    `JavaScript **${kb(js.br)} KB** (${kb(js.raw)} KB raw), CSS **${kb(css.br)} KB** (${kb(css.raw)} KB raw).\n`,
  );
  out.push('| file | raw KB | brotli KB |');
  out.push('|---|---|---|');
  for (const f of [...timed.js, ...timed.css]) out.push(`| ${f.file} | ${kb(f.raw)} | ${kb(f.brotli)} |`);
  const form = median(timed.formInDom);
  out.push('\n### In the browser (headless Chromium)\n');
  out.push('| measure | result | target |');
  out.push('|---|---|---|');
  out.push(
    `| /login: password field in the DOM, median of ${timed.formInDom.length} cold loads | **${form.toFixed(0)} ms** (${timed.formInDom.map((ms) => ms.toFixed(0)).join(', ')}) | ≤ 300 ms |`,
  );
  out.push(
    `| /login: load event, same loads (the form used to show ≈ 340 ms after it) | ${median(timed.loadEvent).toFixed(0)} ms (${timed.loadEvent.map((ms) => ms.toFixed(0)).join(', ')}) | |`,
  );
  out.push(
    `| page switch with ${timed.tabsOpen} tabs open, p95 of ${timed.tabSwitch.length} clicks on the tab bar | **${percentile(timed.tabSwitch, 95).toFixed(0)} ms** (median ${median(timed.tabSwitch).toFixed(0)} ms) | ≤ 150 ms |`,
  );
  out.push(
    '\nCold load: a new browser context per load against a local server, from navigation start until the password field is in the DOM. Page switch: from the click on a tab until the frame after that tab became the active one has been drawn.',
  );
  return out;
}

if (CLIENT_ONLY) {
  const section = await clientSection();
  writeFileSync(RESULTS, replaceClientBlock(RESULTS, section));
  console.log(`\n${section.join('\n')}\n\nClient block written to ${RESULTS}`);
  process.exit(0);
}

say(ONLY ? `# Benchmark results: list requests named "${ONLY}"` : '# Benchmark results');
say(
  `\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. Budgets: ARCHITECTURE.md §9.`,
);

if (!ONLY && !SERVER_ONLY && !PREPARE_ONLY) {
  say();
  for (const line of clientBlock(await clientSection())) say(line);
}

mkdirSync('bench/out', { recursive: true });
const pgliteDir = 'bench/out/pglite';
if (!SERVER_ONLY) {
  const pglite = await openDatabase({ dataDir: pgliteDir });
  await benchDatabase('PGlite (embedded)', pglite, 'bench/out/files-pglite');
  await pglite.close();
}

if (process.env.DATABASE_URL) {
  const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: 'bench' });
  await benchDatabase('PostgreSQL server', server, 'bench/out/files-pg');
  await server.close();
} else {
  say('\n(DATABASE_URL not set: PostgreSQL not measured.)');
}

if (PREPARE_ONLY) process.exit(0);

for (const line of figureNotes(ORDERS)) say(line);

const partial = ONLY || SERVER_ONLY;
const report = partial ? 'bench/out/PARTIAL.md' : RESULTS;
writeFileSync(report, partial ? `${lines.join('\n')}\n` : withKeptBlocks(`${lines.join('\n')}\n`, RESULTS));
console.log(`\nWritten to ${report}${existsSync(pgliteDir) ? ` (PGlite data kept in ${pgliteDir})` : ''}`);
