import { createActor, fromPromise } from 'xstate';
import { configureHttp } from '../services/http.service';
import { initialLanguage, saveLanguage } from '../services/preferences.service';
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

/**
 * The app-wide actors (ARCHITECTURE.md §6) with their real side effects. Tests build the same
 * machines with fakes through `.provide()`.
 */
export function createAppActors(now = Date.now()) {
  const locale = createActor(
    localeMachine.provide({ actions: { saveLanguage: (_, p) => saveLanguage(p.lang) } }),
    {
      input: { lang: initialLanguage() },
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
    { input: { hasToken: Boolean(tokenStore.get()), lastActivityAt: activityStore.get(), now } },
  );

  const guard = createActor(routeGuardMachine);

  configureHttp({ token: () => tokenStore.get(), lang: () => locale.getSnapshot().context.lang });
  return { locale, session, guard };
}

export type AppActors = ReturnType<typeof createAppActors>;
