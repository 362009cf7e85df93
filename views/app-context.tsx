import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import rosetta from 'rosetta';
import { en } from '../locales/en/messages';
import { zh } from '../locales/zh/messages';
import type { AppActors } from '../machines/app-actors';

const AppContext = createContext<AppActors | null>(null);

export function AppProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppContext.Provider value={actors}>{children}</AppContext.Provider>;
}

export function useApp(): AppActors {
  const actors = useContext(AppContext);
  if (!actors) throw new Error('useApp outside AppProvider');
  return actors;
}

const i18n = rosetta({ zh, en });

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Translation in the current language; a missing key shows itself, so it is noticed. */
export function useT(): Translate {
  const { locale } = useApp();
  const lang = useSelector(locale, (s) => s.context.lang);
  return useMemo(() => {
    i18n.locale(lang);
    return (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {}, lang) || key;
  }, [lang]);
}

export function useLang() {
  const { locale } = useApp();
  return useSelector(locale, (s) => s.context.lang);
}
