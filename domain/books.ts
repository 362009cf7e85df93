/** System › Books check on the wire (docs/books.md): the last check of the books, in the reader's words. */

export type BooksTrigger = 'nightly' | 'manual' | 'cli';

/** One violation: the record it names, how to open it, and what disagrees. */
export interface BooksFinding {
  ObjectID: string;
  Label: string;
  Text: string;
}

/** One rule of the books and what the check found. */
export interface BooksRule {
  Key: string;
  Area: string;
  Title: string;
  Total: number;
  /** The catalogue page that opens a finding's record by its objectID. */
  Page?: string;
  Failure?: string;
  Findings: BooksFinding[];
}

export interface BooksCheckRun {
  StartedOn: string;
  Seconds: number;
  Trigger: BooksTrigger;
  RunByName: string | null;
  Violations: number;
  Rules: BooksRule[];
}

/** None before the first check. */
export interface BooksCheckAnswer {
  LastRun: BooksCheckRun | null;
}
