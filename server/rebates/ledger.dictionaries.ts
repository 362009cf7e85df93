import { RebateAccountType } from '../../domain/codes/rebates.codes';
import type { DictionarySeed } from '../seed/dictionaries.seed';
import { dictionaryRows } from '../seed/dictionary-rows';

/** The ledger's own lookup (RebateAccountType). */
export const rebateDictionaries: DictionarySeed[] = dictionaryRows(
  'RebateAccountType',
  'Rebate',
  RebateAccountType,
);
