import Cookies from 'js-cookie';

export type Lang = 'zh' | 'en';

const LANG_COOKIE = 'language';

/**
 * SPEC §4: the language is saved in a cookie; without one the browser's language decides (zh or en),
 * and English is the fallback for any other browser language.
 */
export function initialLanguage(
  browserLanguages: readonly string[] = navigator.languages ?? [navigator.language],
): Lang {
  const saved = Cookies.get(LANG_COOKIE);
  if (saved === 'zh' || saved === 'en') return saved;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'zh' || base === 'en') return base;
  }
  return 'en';
}

export const saveLanguage = (lang: Lang) =>
  Cookies.set(LANG_COOKIE, lang, { expires: 365, sameSite: 'strict' });
