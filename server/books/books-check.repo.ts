import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { BooksReport, InvariantCheck } from './check-books';

/** nightly | manual (run now on 账务核对) | cli (npm run verify-books). */
export type BooksTrigger = 'nightly' | 'manual' | 'cli';

export interface StoredBooksCheck {
  objectId: string;
  startedAt: Date;
  finishedAt: Date;
  trigger: BooksTrigger;
  runByName: string | null;
  violations: number;
  checks: InvariantCheck[];
}

/** Keeps a run's report, so the administrator's page shows the last one whoever ran it. */
export async function recordBooksCheck(
  db: Db,
  report: BooksReport,
  trigger: BooksTrigger,
  runByName: string | null,
): Promise<string> {
  const { rows } = await sql<{ object_id: string }>`
    insert into books_check (started_at, finished_at, trigger, run_by_name, violation_count, checks)
    values (${report.startedAt}, ${report.finishedAt}, ${trigger}, ${runByName}, ${report.violations},
      ${JSON.stringify(report.checks)}::jsonb)
    returning object_id`.execute(db);
  return rows[0].object_id;
}

/** The latest run, or none yet. */
export async function lastBooksCheck(db: Db): Promise<StoredBooksCheck | undefined> {
  const { rows } = await sql<{
    object_id: string;
    started_at: Date;
    finished_at: Date;
    trigger: BooksTrigger;
    run_by_name: string | null;
    violation_count: number;
    checks: InvariantCheck[];
  }>`select * from books_check order by started_at desc limit 1`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    objectId: row.object_id,
    startedAt: new Date(row.started_at),
    finishedAt: new Date(row.finished_at),
    trigger: row.trigger,
    runByName: row.run_by_name,
    violations: row.violation_count,
    checks: row.checks,
  };
}
