import type { AllowedValues } from './envelope';
import { type Lang, translate } from './i18n';
import { isReservedName } from './validate';

/**
 * The on-screen label of one field an error names (the same lookup as the screens' fieldLabel): the
 * resource's own, the shared one, a request field's (page, keyword...), else undefined.
 */
export function labelOf(lang: Lang, resource: unknown, field: string): string | undefined {
  // A label lookup by `hasOwnProperty` would find the inherited member in the messages, not a label.
  if (isReservedName(field) || (typeof resource === 'string' && isReservedName(resource))) return undefined;
  const keys = [
    ...(typeof resource === 'string' ? [`field.${resource}.${field}`] : []),
    `field.common.${field}`,
    `server.input.fields.${field}`,
  ];
  for (const key of keys) {
    const label = translate(lang, key);
    if (typeof label === 'string' && label !== key) return label;
  }
  return undefined;
}

const isRowIndex = (segment: string) => /^\d+$/.test(segment);

/**
 * The words for a field an error names, as a person reads them. A nested field of a request comes as
 * its path (`items.0.quantity`): each name becomes its label and each list position a line number
 * counted from 1 (“Quantity of line 1 of Configurations”; locales: server.input.path). A name without a
 * label stays as sent, so the person still learns which input it was.
 */
export function fieldWords(lang: Lang, resource: unknown, field: string): string {
  const segments = field.split('.');
  // A name with an empty segment ("a..b", a key with a trailing dot) is no path: looked up as it is.
  if (segments.some((segment) => segment === '')) return labelOf(lang, resource, field) ?? field;
  let words = '';
  for (const segment of segments) {
    if (isRowIndex(segment)) {
      const row = Number(segment) + 1;
      words = words
        ? translate(lang, 'server.input.path.rowOf', { list: words, row })
        : translate(lang, 'server.input.path.row', { row });
    } else {
      const label = labelOf(lang, resource, segment) ?? segment;
      words = words ? translate(lang, 'server.input.path.fieldOf', { owner: words, field: label }) : label;
    }
  }
  // Words that end on a line number begin with it ("line 3 of …"): the sentence opens with a capital.
  return isRowIndex(segments.at(-1)!) ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

/** The allowed values as a person reads them: “agree, reject, return” in the reader's words and separator. */
export function valuesWords(lang: Lang, values: AllowedValues): string {
  const wordOf = (value: unknown) => {
    const code = String(value);
    if (isReservedName(code)) return code;
    const option = values.options?.find(([optionCode]) => optionCode === code);
    if (option) return lang === 'zh' ? option[1] : option[2];
    for (const table of values.wordsIn) {
      const key = `${table}.${code}`;
      const words = translate(lang, key);
      if (typeof words === 'string' && words !== key) return words;
    }
    return code;
  };
  return values.allowedValues.map(wordOf).join(translate(lang, 'server.input.listSeparator'));
}
