import { assign, setup } from 'xstate';
import { modules } from '../../catalogue/modules';
import { matchRoute } from '../../catalogue/routes';

/** What the guard needs to know of the session when it decides. */
export interface SessionFacts {
  status: 'anonymous' | 'loading' | 'ready';
  allowedPageIds: ReadonlySet<string>;
  /** Why the session could not be restored (shown, then the user logs in again). */
  error?: string;
}

export interface RouteRequest {
  path: string;
  /** Query string including '?', or ''. */
  search: string;
}

export type GuardDecision =
  | { kind: 'allow'; pageId: string; params: Record<string, string>; fullPath: string }
  | { kind: 'redirect'; to: string; error?: string };

export interface GuardContext {
  request: RouteRequest;
  session: SessionFacts;
  decision?: GuardDecision;
}

export type GuardEvent =
  | { type: 'route.request'; request: RouteRequest; session: SessionFacts }
  | { type: 'session.change'; session: SessionFacts };

const LOGIN = '/login';
const HOME = '/dashboard';
const fullPath = (r: RouteRequest) => `${r.path}${r.search}`;
const loginWithRedirect = (r: RouteRequest) => `${LOGIN}?redirect=${encodeURIComponent(fullPath(r))}`;
const matched = (r: RouteRequest) => matchRoute(r.path);
/** After login the user lands where they were going, if that is a path of this site. */
function afterLogin(r: RouteRequest) {
  const target = new URLSearchParams(r.search).get('redirect');
  // Only a plain path of this site: no scheme, no '//' or '/\' host, no backslashes a browser may read as '/'.
  return target && /^\/(?![/\\])[^\\]*$/.test(target) && !target.startsWith(LOGIN) ? target : HOME;
}
const isModulePath = (path: string) => modules.some((m) => path === m.path || path.startsWith(`${m.path}/`));

/**
 * The route guard of SPEC §2, as a statechart: each navigation is decided from the path and the
 * session facts, and waits while the session is still loading user info and permissions.
 */
export const routeGuardMachine = setup({
  types: {
    context: {} as GuardContext,
    events: {} as GuardEvent,
    tags: {} as 'pending',
  },
  guards: {
    isRefreshHelper: ({ context }) => context.request.path.startsWith('/redirect/'),
    isRoot: ({ context }) => context.request.path === '/' || context.request.path === '',
    isLoginWhileLoggedIn: ({ context }) =>
      context.request.path === LOGIN && context.session.status === 'ready',
    isPublic: ({ context }) => matched(context.request)?.page.public === true,
    isAnonymous: ({ context }) => context.session.status === 'anonymous',
    sessionFailed: ({ context }) =>
      context.session.status === 'anonymous' && context.session.error !== undefined,
    isSessionLoading: ({ context }) => context.session.status === 'loading',
    isUnknownInModule: ({ context }) => !matched(context.request) && isModulePath(context.request.path),
    isUnknown: ({ context }) => !matched(context.request),
    isForbidden: ({ context }) => !context.session.allowedPageIds.has(matched(context.request)!.page.id),
  },
  actions: {
    take: assign(({ event }) =>
      event.type === 'route.request'
        ? { request: event.request, session: event.session }
        : { session: event.session },
    ),
    redirect: assign({ decision: (_, params: GuardDecision) => params }),
    allow: assign({
      decision: ({ context }) => {
        const match = matched(context.request)!;
        return {
          kind: 'allow' as const,
          pageId: match.page.id,
          params: match.params,
          fullPath: fullPath(context.request),
        };
      },
    }),
  },
}).createMachine({
  id: 'routeGuard',
  context: { request: { path: '/', search: '' }, session: { status: 'loading', allowedPageIds: new Set() } },
  initial: 'idle',
  states: {
    idle: {
      on: { 'route.request': { target: 'deciding', actions: 'take' } },
    },
    deciding: {
      always: [
        {
          guard: 'isRefreshHelper',
          description: '/redirect/{path} re-opens {path}: the tab refresh helper.',
          target: 'redirected',
          actions: {
            type: 'redirect',
            params: ({ context }) => ({
              kind: 'redirect',
              to: `${context.request.path.slice('/redirect'.length)}${context.request.search}`,
            }),
          },
        },
        {
          guard: 'isLoginWhileLoggedIn',
          description: 'A logged-in user opening /login is sent on: to the redirect parameter, else to /.',
          target: 'redirected',
          actions: {
            type: 'redirect',
            params: ({ context }) => ({ kind: 'redirect', to: afterLogin(context.request) }),
          },
        },
        { guard: 'isPublic', target: 'allowed', actions: 'allow' },
        {
          guard: 'sessionFailed',
          description:
            'Loading user info or permissions failed: the token is reset, the error shown, and the user logs in again.',
          target: 'redirected',
          actions: {
            type: 'redirect',
            params: ({ context }) => ({
              kind: 'redirect',
              to: loginWithRedirect(context.request),
              error: context.session.error,
            }),
          },
        },
        {
          guard: 'isAnonymous',
          description: 'No login token: to /login, keeping the original path as the redirect parameter.',
          target: 'redirected',
          actions: {
            type: 'redirect',
            params: ({ context }) => ({ kind: 'redirect', to: loginWithRedirect(context.request) }),
          },
        },
        {
          guard: 'isSessionLoading',
          description: 'Roles not loaded yet: wait for user info and permissions, then retry the navigation.',
          target: 'waitingForSession',
        },
        {
          guard: 'isRoot',
          description: 'The root redirects to the dashboard.',
          target: 'redirected',
          actions: { type: 'redirect', params: { kind: 'redirect', to: HOME } },
        },
        {
          guard: 'isUnknownInModule',
          description: 'A path inside a module that names no page sends the user to /.',
          target: 'redirected',
          actions: { type: 'redirect', params: { kind: 'redirect', to: HOME } },
        },
        {
          guard: 'isUnknown',
          description: 'Unknown paths go to /404.',
          target: 'redirected',
          actions: { type: 'redirect', params: { kind: 'redirect', to: '/404' } },
        },
        {
          guard: 'isForbidden',
          description: "A page outside the role's menu list shows the 401 page.",
          target: 'redirected',
          actions: { type: 'redirect', params: { kind: 'redirect', to: '/401' } },
        },
        { target: 'allowed', actions: 'allow' },
      ],
    },
    waitingForSession: { tags: 'pending', on: { 'session.change': { target: 'deciding', actions: 'take' } } },
    allowed: {
      description: 'A session change (login, logout, time-out) decides the current path again.',
      on: {
        'route.request': { target: 'deciding', actions: 'take' },
        'session.change': { target: 'deciding', actions: 'take' },
      },
    },
    redirected: {
      on: {
        'route.request': { target: 'deciding', actions: 'take' },
        'session.change': { target: 'deciding', actions: 'take' },
      },
    },
  },
});
