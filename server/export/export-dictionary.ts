import { pages } from '../../catalogue/catalogue';
import { translate } from '../http/i18n';
import type { DictionarySeed } from '../reference/dictionaries.data';

/**
 * Dictionary ExportConfig: what an export job exported, as the export log filters it. The job keeps
 * its export's code (OrderChangeExport); a person chooses it by the title of the page it exports, in
 * their language. An export two pages share is named by both titles.
 */
export function exportConfigDictionary(): DictionarySeed[] {
  const titleKeys = new Map<string, string[]>();
  for (const page of pages) {
    if (!page.export || !page.resource) continue;
    const keys = titleKeys.get(page.export.configCode) ?? [];
    if (!keys.includes(page.titleKey)) keys.push(page.titleKey);
    titleKeys.set(page.export.configCode, keys);
  }
  const titles = (lang: 'zh' | 'en', keys: string[]) => keys.map((key) => translate(lang, key)).join(' / ');
  return [...titleKeys].map(
    ([code, keys]): DictionarySeed => [
      'ExportConfig',
      'System',
      code,
      titles('zh', keys),
      titles('en', keys),
    ],
  );
}
