import { RebateAccountType } from '../../domain/codes/rebates.codes';
import type { DictionarySeed } from '../reference/dictionaries.data';
import { dictionaryRows } from '../reference/dictionary-rows';

/** The ledger's own lookup (RebateAccountType). */
export const rebateDictionaries: DictionarySeed[] = dictionaryRows(
  'RebateAccountType',
  'Rebate',
  RebateAccountType,
);
