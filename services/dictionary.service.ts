import type { DictionaryOption } from '../domain/dictionary';
import { request } from './http.service';

export type { DictionaryOption };

// SPEC §7: lookups are cached per code; the cache is per language because the texts are.
const cache = new Map<string, Promise<DictionaryOption[]>>();

export function fetchDictionary(code: string, lang: string): Promise<DictionaryOption[]> {
  const key = `${lang}:${code}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = request<DictionaryOption[]>('/commonSession/searchAll', { code });
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

export async function fetchDictionaries(
  codes: string[],
  lang: string,
): Promise<Record<string, DictionaryOption[]>> {
  const unique = [...new Set(codes)];
  const lists = await Promise.all(unique.map((code) => fetchDictionary(code, lang)));
  return Object.fromEntries(unique.map((code, i) => [code, lists[i]]));
}
