import { readFileSync } from 'node:fs';
import type { Step } from './kit';

/**
 * The demo's lists and story plans kept as data a demo designer edits (server/seed/stories/*.tsv):
 * one record a line, its cells separated by tabs and named by the header line; a line starting with
 * `#` says what the table is for. Cells are text; the story reading a table gives them their types.
 */
export function storyTable(name: string): Record<string, string>[] {
  const text = readFileSync(new URL(`./stories/${name}.tsv`, import.meta.url), 'utf8');
  const [header, ...rows] = text.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  const columns = header.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
  });
}

/** The code a table names by its key (`ownBrand` of Brand): a key the dictionary lacks is a typo. */
export function codeNamed<T extends Record<string, string>>(codes: T, key: string): T[keyof T] {
  if (!(key in codes)) throw new Error(`No code named ${key}`);
  return codes[key as keyof T];
}

/** A word pool of stories/words.tsv in its order, each word with its weight where the pool gives one. */
export const weightedWords = (list: string) =>
  storyTable('words')
    .filter((row) => row.list === list)
    .flatMap((row) => row.words.split(' ').map((word): [string, number] => [word, Number(row.weight || 1)]));

/** The words of a pool of stories/words.tsv, in its order: read once, so a story may name its pool where it draws. */
export const words = (list: string) => {
  const pool = pools.get(list) ?? weightedWords(list).map(([word]) => word);
  pools.set(list, pool);
  return pool;
};
const pools = new Map<string, string[]>();

/**
 * A story's steps written in a table's cell, `who command [day][: reason]`, comma-separated: who sends
 * which command, on which day counted from the story's start (0 where it counts no days), with the
 * reason they give — the rows `play` sends. `dayOf` reads a day cell another way (a range to draw in).
 */
export const stepsIn = <Who extends string, When = number>(
  text: string,
  dayOf = Number as unknown as (cell: string) => When,
): Step<Who, When>[] =>
  (text ? text.split(', ') : []).map((step) => {
    const [head, reason] = step.split(': ');
    const [who, command, day = '0'] = head.split(' ');
    return [who as Who, command, dayOf(day), reason ? { reason } : undefined];
  });

/** What the demo's people type into a form's fields (stories/form-texts.tsv), by field name in its order. */
export const formTexts = <Field extends string = string>(form: string) => {
  const rows = storyTable('form-texts').filter((row) => row.form === form);
  return Object.fromEntries(rows.map(({ field, text }) => [field, text])) as Record<Field, string>;
};
