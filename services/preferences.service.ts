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

const SIDEBAR_COOKIE = 'sidebarStatus';
const PREFERENCES_KEY = 'portal.preferences';
const tabsKey = (username: string) => `portal.tabs.${username}`;

function readJson<T>(key: string): T | undefined {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** SPEC §4: the sidebar's open or closed state lives in a cookie. */
export const sidebarStore = {
  get: () => Cookies.get(SIDEBAR_COOKIE) !== '0',
  set: (opened: boolean) =>
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: 365, sameSite: 'strict' }),
};

export const preferencesStore = {
  get: <T extends object>() => readJson<Partial<T>>(PREFERENCES_KEY) ?? {},
  set: (preferences: object) => localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences)),
};

/** Open tabs are kept per user, so a reload (or the next login) brings them back. */
export const tabsStore = {
  get: <T>(username: string) => readJson<{ tabs: T[]; active?: string }>(tabsKey(username)),
  set: (username: string, value: { tabs: unknown[]; active?: string }) =>
    localStorage.setItem(tabsKey(username), JSON.stringify(value)),
};

/** Page state (filters, page number, scroll) per tab and user, kept for the browser session. */
export const pageStateStore = {
  get: <T>(username: string, key: string) => {
    try {
      return (
        (JSON.parse(sessionStorage.getItem(`portal.page.${username}.${key}`) ?? 'null') as T) ?? undefined
      );
    } catch {
      return undefined;
    }
  },
  set: (username: string, key: string, value: unknown) =>
    sessionStorage.setItem(`portal.page.${username}.${key}`, JSON.stringify(value)),
};

/**
 * SPEC §7 "Detail table": the row a detail page shows is kept in session storage under the name the
 * link gives (sessionRowName), so the page shows it at once while the fresh copy loads.
 */
export const rowStore = {
  get: <T>(name: string) => {
    try {
      return (JSON.parse(sessionStorage.getItem(`portal.row.${name}`) ?? 'null') as T) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set: (name: string, row: unknown) => {
    try {
      sessionStorage.setItem(`portal.row.${name}`, JSON.stringify(row));
    } catch {
      // A full session storage only costs the instant first paint; the page still loads the row.
    }
  },
};
