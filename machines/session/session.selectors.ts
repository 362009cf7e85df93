import type { SnapshotFrom } from 'xstate';
import { allowedPages } from './permissions';
import type { SessionFacts } from './route-guard.machine';
import type { sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectStatus = (s: SessionSnapshot): SessionFacts['status'] =>
  s.hasTag('authenticated') ? 'ready' : s.hasTag('busy') || s.matches('starting') ? 'loading' : 'anonymous';

export const selectEmployee = (s: SessionSnapshot) => s.context.employee;
export const selectMenus = (s: SessionSnapshot) => s.context.menus;
export const selectMustChangePassword = (s: SessionSnapshot) =>
  s.matches({ authenticated: 'passwordChangeRequired' });
export const selectTimedOut = (s: SessionSnapshot) => s.matches({ authenticated: 'timedOut' });
export const selectLoginBusy = (s: SessionSnapshot) =>
  s.matches('loggingIn') || (s.hasTag('busy') && !s.matches('restoring'));
export const selectLoginError = (s: SessionSnapshot) => s.context.loginError;

/** The facts the route guard decides on, derived from a session snapshot. */
export function sessionFacts(s: SessionSnapshot): SessionFacts {
  const status = selectStatus(s);
  return {
    status,
    allowedPageIds: status === 'ready' ? allowedPages(s.context.menus) : new Set(),
    ...(status === 'anonymous' && s.context.error ? { error: s.context.error } : {}),
  };
}
