import { assign, emit, fromPromise, setup } from 'xstate';
import { SESSION_IDLE_TIMEOUT_MS } from '../../domain/constants';
import type { Employee, MenuItem } from '../../services/session.service';

export interface SessionContext {
  employee?: Employee;
  menus: MenuItem[];
  /** Why the last login attempt was refused (server message). */
  loginError?: string;
  /** Why a kept session could not be restored (verification or permissions failed). */
  error?: string;
  lastActivityAt: number;
  /** A token was kept from an earlier visit, so the session starts by verifying it. */
  hadToken: boolean;
}

export type SessionEvent =
  | { type: 'login.submit'; username: string; password: string; at: number }
  | { type: 'user.activity'; at: number }
  | { type: 'timeout.confirm' }
  | { type: 'password.changed' }
  | { type: 'token.invalid' }
  | { type: 'logout' };

export interface SessionInput {
  hasToken: boolean;
  /** Last activity remembered from an earlier visit; a reload does not reset the idle clock. */
  lastActivityAt?: number;
  now: number;
}

const errorMessage = (error: unknown) =>
  (error instanceof Error && error.message) || 'app.session.guardFailed';

/**
 * The login session (SPEC §4, §2 route guard, §6 roles). Side effects — the calls and the storage of
 * token and employee — are named here and given by the app (session.actor.ts) or by tests.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'authenticated' | 'anonymous',
    emitted: {} as { type: 'session.ended'; username?: string } | { type: 'session.started' },
  },
  actors: {
    login: fromPromise<{ token: string; employee: Employee }, { username: string; password: string }>(
      async () => {
        throw new Error('login not provided');
      },
    ),
    fetchUserInfo: fromPromise<Employee, void>(async () => {
      throw new Error('fetchUserInfo not provided');
    }),
    fetchRoleMenus: fromPromise<MenuItem[], { roleCode: string }>(async () => {
      throw new Error('fetchRoleMenus not provided');
    }),
    logout: fromPromise<void, void>(async () => {}),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    storeEmployee: (_, _params: { employee: Employee }) => {},
    storeActivity: (_, _params: { at: number }) => {},
    clearStorage: () => {},
    forgetEmployee: assign({ employee: undefined, menus: [] }),
    announceEnd: emit(({ context }) => ({
      type: 'session.ended' as const,
      username: context.employee?.ExtUserName_SDK,
    })),
  },
  guards: {
    hadToken: ({ context }) => context.hadToken,
    isFirstTime: ({ context }) => context.employee?.ExtIsFistTime_SDK === true,
    isIdleExpired: ({ context, event }) =>
      event.type === 'user.activity' && event.at - context.lastActivityAt > SESSION_IDLE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    menus: [],
    lastActivityAt: input.lastActivityAt ?? input.now,
    hadToken: input.hasToken,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A token kept from an earlier visit is verified before anything is shown.',
      always: [{ guard: 'hadToken', target: 'restoring' }, { target: 'anonymous' }],
    },
    anonymous: {
      tags: 'anonymous',
      on: {
        'login.submit': {
          target: 'loggingIn',
          actions: assign({
            lastActivityAt: ({ event }) => event.at,
            error: undefined,
            loginError: undefined,
          }),
        },
      },
    },
    loggingIn: {
      tags: ['busy', 'anonymous'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'login.submit'
            ? { username: event.username, password: event.password }
            : { username: '', password: '' },
        onDone: {
          target: 'admitting',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            { type: 'storeEmployee', params: ({ event }) => ({ employee: event.output.employee }) },
            assign({ employee: ({ event }) => event.output.employee }),
          ],
        },
        onError: {
          target: 'anonymous',
          actions: assign({ loginError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    restoring: {
      description: 'Roles are not loaded yet: fetch the user info first (SPEC §2 route guard).',
      tags: 'busy',
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        onDone: {
          target: 'admitting',
          actions: [
            { type: 'storeEmployee', params: ({ event }) => ({ employee: event.output }) },
            assign({ employee: ({ event }) => event.output }),
          ],
        },
        onError: {
          target: 'anonymous',
          actions: ['clearStorage', assign({ error: ({ event }) => errorMessage(event.error) })],
        },
      },
    },
    admitting: {
      description:
        'An initial password is changed before anything else: until then the server answers only the user info, the password change and logout, so no menus are read.',
      always: [
        { guard: 'isFirstTime', target: 'authenticated.passwordChangeRequired' },
        { target: 'loadingPermissions' },
      ],
    },
    loadingPermissions: {
      description: 'Menus come from the role code ExtRoleCode_SDK; they decide which routes exist (SPEC §6).',
      tags: 'busy',
      invoke: {
        id: 'fetchRoleMenus',
        src: 'fetchRoleMenus',
        input: ({ context }) => ({ roleCode: context.employee?.ExtRoleCode_SDK ?? '' }),
        onDone: { target: 'authenticated', actions: assign({ menus: ({ event }) => event.output }) },
        onError: {
          target: 'anonymous',
          actions: [
            'clearStorage',
            assign({ employee: undefined, error: ({ event }) => errorMessage(event.error) }),
          ],
        },
      },
    },
    authenticated: {
      tags: 'authenticated',
      entry: emit({ type: 'session.started' }),
      initial: 'active',
      states: {
        passwordChangeRequired: {
          description: 'ExtIsFistTime_SDK: the initial password must be changed before anything else.',
          on: {
            'password.changed': {
              target: 'loadingMenus',
              actions: [
                assign({
                  employee: ({ context }) =>
                    context.employee && { ...context.employee, ExtIsFistTime_SDK: false },
                }),
                { type: 'storeEmployee', params: ({ context }) => ({ employee: context.employee! }) },
              ],
            },
          },
        },
        loadingMenus: {
          description: 'The password is changed: the role’s menus are read now, as at any login.',
          tags: 'busy',
          invoke: {
            // The same call as at login, in a state that never runs beside the other.
            id: 'fetchRoleMenus',
            src: 'fetchRoleMenus',
            input: ({ context }) => ({ roleCode: context.employee?.ExtRoleCode_SDK ?? '' }),
            onDone: { target: 'active', actions: assign({ menus: ({ event }) => event.output }) },
            onError: {
              target: '#session.anonymous',
              actions: [
                'announceEnd',
                'clearStorage',
                assign({ employee: undefined, error: ({ event }) => errorMessage(event.error) }),
              ],
            },
          },
        },
        active: {},
        timedOut: {
          description: 'A click after more than 5 hours without activity: the time-out dialog, then logout.',
          on: { 'timeout.confirm': '#session.loggingOut' },
        },
      },
      on: {
        'user.activity': [
          { guard: 'isIdleExpired', target: '.timedOut' },
          {
            actions: [
              assign({ lastActivityAt: ({ event }) => event.at }),
              { type: 'storeActivity', params: ({ event }) => ({ at: event.at }) },
            ],
          },
        ],
        logout: 'loggingOut',
        'token.invalid': { target: 'anonymous', actions: ['announceEnd', 'clearStorage', 'forgetEmployee'] },
      },
    },
    loggingOut: {
      tags: 'busy',
      invoke: { id: 'logout', src: 'logout', onDone: 'anonymous', onError: 'anonymous' },
      exit: ['announceEnd', 'clearStorage', 'forgetEmployee'],
    },
  },
});
