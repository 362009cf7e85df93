import rosetta from 'rosetta';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';

export type Lang = 'zh' | 'en';

const i18n = rosetta({ zh, en });

/** The client sends its chosen language in Accept-Language; Chinese is the portal's default. */
export function langOf(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  return value.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function translate(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}, lang) || key;
}
