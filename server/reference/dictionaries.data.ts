import { exportConfigDictionary } from '../export/export-dictionary';
import { rebateDictionaries } from '../rebates/ledger.dictionaries';
import { reportFieldDictionary } from '../reports/report-fields';
import { customerDictionaries } from './dictionaries-customer.data';
import { opportunityDictionaries } from './dictionaries-opportunity.data';
import { orderDictionaries } from './dictionaries-order.data';
import { otherDictionaries } from './dictionaries-others.data';
import { productDictionaries } from './dictionaries-product.data';
import { roleSeeds } from './roles.data';

/** One dictionary option: [code, module, keyword, zh, en]; module is the SPEC §3 group or owning area. */
export type DictionarySeed = [string, string, string, string, string];

/**
 * Every dictionary option of every lookup (SPEC §3), split by area. The array index is the option's
 * `sort`, so options show in file order; (code, keyword) is the table's primary key and never repeats.
 */
export const dictionarySeeds: DictionarySeed[] = [
  ...customerDictionaries,
  ...opportunityDictionaries,
  ...orderDictionaries,
  ...productDictionaries,
  ...otherDictionaries,
  ...rebateDictionaries,
  // The roles, for the role of each step of an approval chain.
  ...roleSeeds.map((role): DictionarySeed => ['RoleCode', 'System', role.code, role.nameZh, role.nameEn]),
  // The fields of report lines, as the modification log names them.
  ...reportFieldDictionary(),
  // The exports, as the export log filters them.
  ...exportConfigDictionary(),
];

/** The seeded options by dictionary, for the demo seed and the bench: read once, when first asked, not at start. */
let byCode: Map<string, Map<string, string>> | undefined;
function optionsOf(code: string) {
  if (!byCode) {
    byCode = new Map();
    for (const [dictionary, , keyword, zh] of dictionarySeeds) {
      const options = byCode.get(dictionary) ?? new Map<string, string>();
      byCode.set(dictionary, options.set(keyword, zh));
    }
  }
  return byCode.get(code);
}

/** The seeded keywords of a dictionary, in their order (empty when the code has none). */
export const keywordsOf = (code: string): string[] => [...(optionsOf(code)?.keys() ?? [])];
/** The Chinese text of a seeded dictionary option. */
export const contentOf = (code: string, keyword: string) => optionsOf(code)?.get(keyword);
