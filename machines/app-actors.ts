import { createActor, fromPromise } from 'xstate';
import { configureHttp } from '../services/http.service';
import {
  initialLanguage,
  preferencesStore,
  saveLanguage,
  sidebarStore,
  tabsStore,
} from '../services/preferences.service';
import {
  activityStore,
  type Employee,
  fetchRoleMenus,
  fetchUserInfo,
  login,
  logout,
  type MenuItem,
  tokenStore,
  userStore,
} from '../services/session.service';
import { routeGuardMachine } from './session/route-guard.machine';
import { sessionMachine } from './session/session.machine';
import { localeMachine } from './shell/locale.machine';
import { type Preferences, settingsMachine } from './shell/settings.machine';
import { type Tab, tabsMachine } from './shell/tabs.machine';
import { inspectionBus } from './viewer/inspection';

/** The dashboard is pinned as the first tab (SPEC §2 shell routes). */
export const pinnedTabs: Tab[] = [{ fullPath: '/dashboard', pageId: 'shell.dashboard', pinned: true }];

/**
 * The app-wide actors (ARCHITECTURE.md §6) with their real side effects. Tests build the same
 * machines with fakes through `.provide()`.
 */
export function createAppActors(now = Date.now()) {
  const locale = createActor(
    localeMachine.provide({ actions: { saveLanguage: (_, p) => saveLanguage(p.lang) } }),
    {
      input: { lang: initialLanguage() },
      inspect: inspectionBus.inspect,
    },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<{ token: string; employee: Employee }, { username: string; password: string }>(
          ({ input }) => login(input.username, input.password),
        ),
        fetchUserInfo: fromPromise<Employee, void>(() => fetchUserInfo()),
        fetchRoleMenus: fromPromise<MenuItem[], { roleCode: string }>(({ input }) =>
          fetchRoleMenus(input.roleCode),
        ),
        logout: fromPromise<void, void>(async () => {
          await logout().catch(() => undefined);
        }),
      },
      actions: {
        storeToken: (_, p) => tokenStore.set(p.token),
        storeEmployee: (_, p) => userStore.set(p.employee),
        storeActivity: (_, p) => activityStore.set(p.at),
        clearStorage: () => {
          tokenStore.clear();
          userStore.clear();
          activityStore.clear();
        },
      },
    }),
    {
      input: { hasToken: Boolean(tokenStore.get()), lastActivityAt: activityStore.get(), now },
      inspect: inspectionBus.inspect,
    },
  );

  const guard = createActor(routeGuardMachine, { inspect: inspectionBus.inspect });

  const settings = createActor(
    settingsMachine.provide({
      actions: {
        savePreferences: (_, p) => preferencesStore.set(p.preferences),
        saveSidebar: (_, p) => sidebarStore.set(p.opened),
      },
    }),
    {
      input: {
        preferences: preferencesStore.get<Preferences>(),
        sidebarOpened: sidebarStore.get(),
        viewportWidth: document.body.clientWidth || window.innerWidth,
      },
      inspect: inspectionBus.inspect,
    },
  );

  const username = () => session.getSnapshot().context.employee?.ExtUserName_SDK;
  const tabs = createActor(
    tabsMachine.provide({
      actions: {
        persist: (_, p) => {
          const user = username();
          if (user) tabsStore.set(user, { tabs: p.tabs.filter((t) => !t.pinned), active: p.active });
        },
      },
    }),
    { input: { tabs: pinnedTabs }, inspect: inspectionBus.inspect },
  );
  // A session that starts brings back the user's tabs; one that ends closes them (SPEC §4).
  session.on('session.started', () => {
    const saved = tabsStore.get<Tab>(username() ?? '');
    tabs.send({ type: 'tabs.reset', tabs: [...pinnedTabs, ...(saved?.tabs ?? []).filter((t) => !t.pinned)] });
  });
  session.on('session.ended', (event) => {
    if (event.username) tabsStore.set(event.username, { tabs: [] });
    tabs.send({ type: 'tabs.reset', tabs: pinnedTabs });
  });

  configureHttp({ token: () => tokenStore.get(), lang: () => locale.getSnapshot().context.lang });
  return { locale, session, guard, settings, tabs };
}

export type AppActors = ReturnType<typeof createAppActors>;
