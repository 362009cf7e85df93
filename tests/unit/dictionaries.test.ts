import { describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { dictionarySeeds } from '../../server/reference/dictionaries.data';

/** Every dictionary code a catalogue page looks up, with the places that use it. */
function catalogueCodes(): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const add = (code: string | undefined, where: string) => {
    if (!code) return;
    uses.set(code, [...(uses.get(code) ?? []), where]);
  };
  for (const page of pages) {
    for (const column of page.columns ?? []) add(column.dict, `${page.id} column ${column.field}`);
    for (const filter of page.filters ?? []) add(filter.dict, `${page.id} filter ${filter.field}`);
    for (const field of page.fields ?? []) add(field.dict, `${page.id} field ${field.field}`);
  }
  return uses;
}

const optionsByCode = new Map<string, number>();
for (const [code] of dictionarySeeds) optionsByCode.set(code, (optionsByCode.get(code) ?? 0) + 1);

describe('the dictionary seed (SPEC §3 dictionary lookups)', () => {
  it('finds dictionary lookups in the catalogue', () => {
    expect(catalogueCodes().size).toBeGreaterThan(0);
  });

  it('seeds options for every dictionary code a catalogue page uses', () => {
    const missing = [...catalogueCodes()]
      .filter(([code]) => !optionsByCode.has(code))
      .map(([code, places]) => `${code} (${places[0]})`);
    expect(missing).toEqual([]);
  });

  it('never repeats a (code, keyword) pair', () => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (const [code, , keyword] of dictionarySeeds) {
      const key = `${code}/${keyword}`;
      if (seen.has(key)) repeated.push(key);
      seen.add(key);
    }
    expect(repeated).toEqual([]);
  });

  it('fills every code, module, keyword, zh and en text', () => {
    const empty = dictionarySeeds
      .filter((row) => row.length !== 5 || row.some((value) => typeof value !== 'string' || !value.trim()))
      .map((row) => row.join('/'));
    expect(empty).toEqual([]);
  });

  it('gives every code at least two options', () => {
    const thin = [...optionsByCode].filter(([, n]) => n < 2).map(([code]) => code);
    expect(thin).toEqual([]);
  });

  it('keeps each code in one module', () => {
    const modules = new Map<string, Set<string>>();
    for (const [code, module] of dictionarySeeds)
      modules.set(code, (modules.get(code) ?? new Set()).add(module));
    const split = [...modules].filter(([, set]) => set.size > 1).map(([code]) => code);
    expect(split).toEqual([]);
  });

  it('keeps the options of a code together, so sort follows file order', () => {
    const finished = new Set<string>();
    const scattered: string[] = [];
    let previous = '';
    for (const [code] of dictionarySeeds) {
      if (code !== previous) {
        if (finished.has(code)) scattered.push(code);
        if (previous) finished.add(previous);
        previous = code;
      }
    }
    expect(scattered).toEqual([]);
  });
});
