import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import rosetta from 'rosetta';
import { core as enCore } from '../locales/en/core';
import { core as zhCore } from '../locales/zh/core';
import type { AppActors } from '../machines/app-actors';
import { selectEmployee } from '../machines/session/session.selectors';

const AppContext = createContext<AppActors | null>(null);

export function AppProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppContext.Provider value={actors}>{children}</AppContext.Provider>;
}

export function useApp(): AppActors {
  const actors = useContext(AppContext);
  if (!actors) throw new Error('useApp outside AppProvider');
  return actors;
}

const i18n = rosetta<Record<string, unknown>>({ zh: zhCore, en: enCore });

// Every message of a language (page titles, field labels, kit texts) arrives with the shell.
const loaded = new Map<string, Promise<void>>();
let version = 0;
const listeners = new Set<() => void>();

export function loadAllMessages(lang: 'zh' | 'en'): Promise<void> {
  let loading = loaded.get(lang);
  if (!loading) {
    const module =
      lang === 'zh'
        ? import('../locales/zh/messages').then((m) => m.zh)
        : import('../locales/en/messages').then((m) => m.en);
    loading = module.then((messages) => {
      i18n.set(lang, messages as Record<string, unknown>);
      version++;
      for (const listener of listeners) listener();
    });
    loaded.set(lang, loading);
  }
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Translation in the current language; a missing key shows itself, so it is noticed. */
export function useT(): Translate {
  const { locale } = useApp();
  const lang = useSelector(locale, (s) => s.context.lang);
  const messagesVersion = useSyncExternalStore(subscribe, () => version);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message table means new texts.
  return useMemo(() => {
    i18n.locale(lang);
    return (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {}, lang) || key;
  }, [lang, messagesVersion]);
}

/** The signed-in person's role code ('' before the session is read). */
export function useRoleCode() {
  const { session } = useApp();
  return useSelector(session, (s) => selectEmployee(s)?.ExtRoleCode_SDK ?? '');
}

export function useLang() {
  const { locale } = useApp();
  return useSelector(locale, (s) => s.context.lang);
}
