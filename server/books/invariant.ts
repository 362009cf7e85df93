import type { RawBuilder } from 'kysely';

/**
 * One row an invariant's query returns: the record it names (its id and the number or name a person
 * knows it by) and the figures that disagree, which the message names as {placeholders}.
 */
export interface ViolationRow {
  object_id: string;
  label: string;
  [figure: string]: unknown;
}

/**
 * A figure that depends on others, declared with its area (server/areas): the query returns the rows
 * where it does not hold, each naming its record; its words — what holds, and one finding — are
 * `books.rules.<area>.<key>` in the locales. So `npm run verify-books`, 系统管理 › 账务核对, the
 * nightly job and the simulated month all check the same thing (docs/books.md).
 */
export interface Invariant {
  /** The catalogue page that opens the record by its objectID, for a link from the report. */
  page?: string;
  /** The violating rows: none when the books balance. */
  query: RawBuilder<ViolationRow>;
}
