import { rebateMessages as en } from '../../locales/en/rebates';
import { rebateMessages as zh } from '../../locales/zh/rebates';
import type { DictionarySeed } from '../seed/dictionaries.seed';
import { ACCOUNT_TYPE } from './ledger.types';

/** The ledger's own lookup (RebateAccountType), its labels from the locales. */
export const rebateDictionaries: DictionarySeed[] = Object.values(ACCOUNT_TYPE).map((keyword) => [
  'RebateAccountType',
  'Rebate',
  keyword,
  zh.accountTypes[keyword],
  en.accountTypes[keyword],
]);
