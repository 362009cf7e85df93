import { sql } from 'kysely';
import { formatDate } from '../../domain/format';
import { type AreaInvariant, areaInvariants } from '../areas/areas';
import type { Db } from '../db/database';
import { type Lang, translate } from '../http/i18n';
import type { ViolationRow } from './invariant';

/** The rows kept and shown of one invariant; the count says how many more there are. */
const SHOWN_PER_INVARIANT = 200;

/** What one invariant found: its violating rows (the first of them) and how many in all. */
export interface InvariantCheck {
  key: string;
  area: string;
  total: number;
  rows: ViolationRow[];
  /** The query itself failed (a column renamed under it): the books are not known to balance. */
  failure?: string;
}

export interface BooksReport {
  startedAt: Date;
  finishedAt: Date;
  checks: InvariantCheck[];
  /** Violations in all, a failed query counting as one. */
  violations: number;
}

async function checkOne(db: Db, invariant: AreaInvariant): Promise<InvariantCheck> {
  const base = { key: invariant.key, area: invariant.area };
  try {
    const { rows } = await sql<ViolationRow & { violations_in_all: number }>`
      select v.*, count(*) over () as violations_in_all
      from (${invariant.query}) v limit ${SHOWN_PER_INVARIANT}`.execute(db);
    return {
      ...base,
      total: Number(rows[0]?.violations_in_all ?? 0),
      rows: rows.map(({ violations_in_all: _, ...row }) => row as ViolationRow),
    };
  } catch (error) {
    return { ...base, total: 1, rows: [], failure: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Checks the invariants every area declares (all, or those `only` keeps), one query each, on one
 * connection and outside a transaction: a query that fails is reported as such and the others still
 * run. A caller's transaction is used as it is.
 */
export async function checkBooks(db: Db, only?: (key: string) => boolean): Promise<BooksReport> {
  const startedAt = new Date();
  const checks: InvariantCheck[] = [];
  const checkAll = async (connection: Db) => {
    // Each query reads every order's documents once: compiling it to machine code (a server's JIT, on
    // by default) costs seconds at a million orders and pays back less than it costs.
    await sql`set jit = off`.execute(connection);
    try {
      for (const invariant of areaInvariants()) {
        if (only && !only(invariant.key)) continue;
        checks.push(await checkOne(connection, invariant));
      }
    } finally {
      // The connection goes back to the pool as it came; in a caller's transaction that a failed query
      // ended, the setting goes with the transaction instead.
      await sql`reset jit`.execute(connection).catch(() => undefined);
    }
  };
  await (db.isTransaction ? checkAll(db) : db.connection().execute(checkAll));
  return {
    startedAt,
    finishedAt: new Date(),
    checks,
    violations: checks.reduce((sum, check) => sum + check.total, 0),
  };
}

let invariantsByKey: Map<string, AreaInvariant> | undefined;

/** An invariant by its full key, for the page of a stored check. */
export function invariantOf(key: string): AreaInvariant | undefined {
  invariantsByKey ??= new Map(areaInvariants().map((invariant) => [invariant.key, invariant]));
  return invariantsByKey.get(key);
}

/**
 * Money and quantities as the portal writes them (SPEC §9): thousands separated, decimals kept; a day
 * or an instant as its day on the business clock, as every list shows it.
 */
function figureText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = value instanceof Date ? formatDate(value) : String(value);
  const number = /^-?\d+(\.\d+)?$/.exec(text);
  if (!number) return text;
  const [whole, decimals] = text.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals === undefined ? '' : `.${decimals}`}`;
}

/** What an invariant says holds, in the reader's language (`books.rules.<area>.<key>.title`). */
export const ruleTitle = (lang: Lang, key: string) => translate(lang, `books.rules.${key}.title`);

/** A violation in the reader's language: the rule's finding with the row's figures put in. */
export function findingText(lang: Lang, key: string, row: ViolationRow): string {
  const figures = Object.fromEntries(Object.entries(row).map(([name, value]) => [name, figureText(value)]));
  return translate(lang, `books.rules.${key}.message`, figures);
}
