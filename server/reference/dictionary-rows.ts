import { codeEntries } from '../../domain/codes/code';
import type { DictionarySeed } from './dictionaries.data';

/** A dictionary's seed rows, in the order its constant names its codes, with the constant's words. */
export function dictionaryRows(dictionary: string, module: string, codes: object): DictionarySeed[] {
  return codeEntries(codes).map(([keyword, zh, en]): DictionarySeed => [dictionary, module, keyword, zh, en]);
}
