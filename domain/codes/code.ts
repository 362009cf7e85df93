/**
 * Dictionary codes named once (SPEC §3). Each dictionary is one constant mapping a name to its code
 * (`PaymentStatus.unpaid === '101'`), so code compares and assigns by name; its words in Chinese and
 * English sit beside the code, and the seed writes the dictionary's rows from them.
 */

/** One option of a dictionary: the code stored in rows and its words in Chinese and English. */
export type CodeEntry = readonly [code: string, zh: string, en: string];

/** The union of a dictionary's codes: `CodeOf<typeof PaymentStatus>` is '101' | '111' | '121' | '131'. */
export type CodeOf<T> = T[keyof T];

// Kept beside the constants rather than on them, so a dictionary is a plain { name: code } object whose
// values are exactly its codes (Object.values lists them, and nothing else is enumerable).
const entriesByDictionary = new WeakMap<object, readonly CodeEntry[]>();

/** A dictionary's codes by name, remembering each option's words in the order given. */
export function defineCodes<const T extends Record<string, CodeEntry>>(
  entries: T,
): { readonly [K in keyof T]: T[K][0] } {
  const codes = Object.freeze(
    Object.fromEntries(Object.entries(entries).map(([name, [code]]) => [name, code])),
  );
  entriesByDictionary.set(codes, Object.values(entries));
  return codes as { readonly [K in keyof T]: T[K][0] };
}

/**
 * A narrower dictionary of some of another's options, with their codes and words: the choice a form
 * offers where only those make sense (a city manager's task types of all task types).
 */
export function pickCodes<T extends Record<string, string>, K extends keyof T & string>(
  dictionary: T,
  names: readonly K[],
): { readonly [P in K]: T[P] } {
  const all = codeEntries(dictionary);
  const keys = Object.keys(dictionary);
  const picked = Object.fromEntries(names.map((name) => [name, all[keys.indexOf(name)]]));
  return defineCodes(picked as Record<K, CodeEntry>) as unknown as { readonly [P in K]: T[P] };
}

/** The options of a dictionary made by defineCodes, in their order, with their words. */
export function codeEntries(dictionary: object): readonly CodeEntry[] {
  const entries = entriesByDictionary.get(dictionary);
  if (!entries) throw new Error('not a dictionary made by defineCodes');
  return entries;
}

/** Whether a value is one of a dictionary's codes (for values read from rows or requests). */
export function isCodeOf<T extends Record<string, string>>(
  dictionary: T,
  value: unknown,
): value is CodeOf<T> {
  return typeof value === 'string' && Object.values(dictionary).includes(value);
}
