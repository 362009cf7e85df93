// `npm run bench`: measures the budgets of ARCHITECTURE.md §9 and writes bench/RESULTS.md.
// PGlite data is kept in bench/out/ between runs (building a million orders takes minutes);
// PostgreSQL is measured too when DATABASE_URL is set. BENCH_ONLY=<text>[,<text>…] measures only
// the list requests whose name contains one of them (no client build, no export) and writes
// bench/out/PARTIAL.md: one case is measured again without the full run or overwriting RESULTS.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { type OpenDatabase, openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { authenticate } from '../server/http/auth';
import { scaleOrders } from '../server/seed/scale';
import { isEmpty, seed } from '../server/seed/seed';
import { firstLoadJs } from './client-size';
import { measureExport } from './export-run';
import { measureList } from './list-latency';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const ONLY = process.env.BENCH_ONLY || undefined;
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

async function prepare(database: OpenDatabase, label: string) {
  await migrateToLatest(database.db, database.schema);
  if (await isEmpty(database.db)) await seed(database.db, 'demo');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sales_order`.execute(database.db);
  const missing = ORDERS - rows[0].n;
  if (missing > 0) {
    console.log(`${label}: adding ${missing.toLocaleString('en')} orders…`);
    await scaleOrders(database.db, missing, { log: (line) => console.log(`  ${line}`) });
  }
  await sql`analyze`.execute(database.db);
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
  };
  say(`\n### ${label}: order list at ${ORDERS.toLocaleString('en')} orders (ms)\n`);
  say('| request | HTTP p50 | HTTP p95 | HTTP p99 | bare SQL p50 | bare SQL p95 | overhead (p50) |');
  say('|---|---|---|---|---|---|---|');
  for (const r of await measureList(app, database.db, callers, 40, ONLY)) {
    say(
      `| ${r.scenario} | ${r.http.p50.toFixed(1)} | ${r.http.p95.toFixed(1)} | ${r.http.p99.toFixed(1)} | ${r.sql.p50.toFixed(1)} | ${r.sql.p95.toFixed(1)} | ${(r.http.p50 / r.sql.p50).toFixed(2)}× |`,
    );
  }
  if (!ONLY) {
    const exported = await measureExport(app, database.db, callers.admin.token);
    say(`\n### ${label}: export to xlsx\n`);
    say(
      `${exported.rows.toLocaleString('en')} rows in ${(exported.ms / 1000).toFixed(1)} s, peak RSS ${exported.peakRssMb.toFixed(0)} MB (before: ${exported.startRssMb.toFixed(0)} MB), file ${(exported.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  }
  await app.close();
}

say(ONLY ? `# Benchmark results: list requests named "${ONLY}"` : '# Benchmark results');
say(
  `\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. Budgets: ARCHITECTURE.md §9.`,
);

if (!ONLY) {
  if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0)
    process.exit(1);
  const client = firstLoadJs();
  say('\n### First load of /login (JavaScript, gzipped)\n');
  say(`**${(client.totalGzip / 1024).toFixed(1)} KB** against a budget of 120 KB.\n`);
  say('| file | raw KB | gzip KB |');
  say('|---|---|---|');
  for (const f of client.files)
    say(`| ${f.file} | ${(f.raw / 1024).toFixed(1)} | ${(f.gzip / 1024).toFixed(1)} |`);
}

mkdirSync('bench/out', { recursive: true });
const pgliteDir = 'bench/out/pglite';
const pglite = await openDatabase({ dataDir: pgliteDir });
await benchDatabase('PGlite (embedded)', pglite, 'bench/out/files-pglite');
await pglite.close();

if (process.env.DATABASE_URL) {
  const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: 'bench' });
  await benchDatabase('PostgreSQL server', server, 'bench/out/files-pg');
  await server.close();
} else {
  say('\n(DATABASE_URL not set: PostgreSQL not measured.)');
}

const report = ONLY ? 'bench/out/PARTIAL.md' : 'bench/RESULTS.md';
writeFileSync(report, `${lines.join('\n')}\n`);
console.log(`\nWritten to ${report}${existsSync(pgliteDir) ? ` (PGlite data kept in ${pgliteDir})` : ''}`);
