import { labelOf } from '../../server/http/field-words';
import type { Lang } from '../../server/http/i18n';

/**
 * Whether a refusal names a field the way a person reads it: by its on-screen label (the resource's, a
 * shared one or a request field's), or — for the few refusals not yet worded — by the name it was sent as.
 */
export function namesField(message: string, field: string, resource?: string, lang: Lang = 'zh'): boolean {
  const labels = [labelOf(lang, resource, field), labelOf(lang, undefined, field)];
  return message.includes(field) || labels.some((label) => label !== undefined && message.includes(label));
}

/** The label a refusal names a field by, in the caller's language. */
export const labelFor = (field: string, lang: Lang = 'zh', resource?: string) =>
  labelOf(lang, resource, field) ?? field;
