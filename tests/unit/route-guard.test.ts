import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pages } from '../../catalogue/catalogue';
import {
  type GuardDecision,
  routeGuardMachine,
  type SessionFacts,
} from '../../machines/session/route-guard.machine';

const modulePage = pages.find((p) => !p.public && !p.always && !p.path.includes(':'))!;
const ready = (ids: string[]): SessionFacts => ({ status: 'ready', allowedPageIds: new Set(ids) });
const admin = ready(pages.map((p) => p.id));
const agent = ready(pages.filter((p) => p.always).map((p) => p.id));
const anonymous: SessionFacts = { status: 'anonymous', allowedPageIds: new Set() };
const loading: SessionFacts = { status: 'loading', allowedPageIds: new Set() };

function decide(path: string, session: SessionFacts, search = ''): GuardDecision | 'pending' {
  const guard = createActor(routeGuardMachine).start();
  guard.send({ type: 'route.request', request: { path, search }, session });
  return guard.getSnapshot().hasTag('pending') ? 'pending' : guard.getSnapshot().context.decision!;
}
const to = (target: string) => ({ kind: 'redirect', to: target });

// One row per bullet of SPEC §2 "Route guard" and "Public routes".
describe('route guard decisions', () => {
  it.each([
    '/login',
    '/prov-register',
    '/city-register',
    '/prov-progress',
    '/city-progress',
    '/auth-redirect',
    '/404',
    '/401',
  ])('public %s opens without a token', (path) =>
    expect(decide(path, anonymous)).toMatchObject({ kind: 'allow' }),
  );
  it('a protected route without a token goes to /login with the original path', () => {
    expect(decide('/profile/index', anonymous, '?tab=1')).toEqual(
      to('/login?redirect=%2Fprofile%2Findex%3Ftab%3D1'),
    );
  });
  it('a logged-in user opening /login is sent to /', () => {
    expect(decide('/login', admin)).toEqual(to('/dashboard'));
  });
  it('…or on to the redirect parameter it carries, when it is a path of this site', () => {
    expect(decide('/login', admin, '?redirect=%2Fprofile%2Findex')).toEqual(to('/profile/index'));
    expect(decide('/login', admin, '?redirect=https%3A%2F%2Fevil.example')).toEqual(to('/dashboard'));
    expect(decide('/login', admin, '?redirect=%2F%2Fevil.example')).toEqual(to('/dashboard'));
  });
  it('roles not loaded yet: the navigation waits, then is retried', () => {
    const guard = createActor(routeGuardMachine).start();
    guard.send({ type: 'route.request', request: { path: modulePage.path, search: '' }, session: loading });
    expect(guard.getSnapshot().hasTag('pending')).toBe(true);
    guard.send({ type: 'session.change', session: admin });
    expect(guard.getSnapshot().context.decision).toMatchObject({ kind: 'allow', pageId: modulePage.id });
  });
  it('loading failed: to /login with the redirect and the error', () => {
    const failed: SessionFacts = { ...anonymous, error: 'Has Error' };
    expect(decide('/dashboard', failed)).toEqual({
      ...to('/login?redirect=%2Fdashboard'),
      error: 'Has Error',
    });
  });
  it('the root redirects to /dashboard', () => expect(decide('/', admin)).toEqual(to('/dashboard')));
  it('/redirect/{path} re-opens the path with its query', () => {
    expect(decide('/redirect/profile/index', admin, '?a=1')).toEqual(to('/profile/index?a=1'));
  });
  it('unknown paths go to /404', () => expect(decide('/no/such/page', admin)).toEqual(to('/404')));
  it('an unknown path inside a module goes to /', () =>
    expect(decide('/customers/nothing-here', admin)).toEqual(to('/dashboard')));
  it("a page outside the role's menus shows 401", () =>
    expect(decide(modulePage.path, agent)).toEqual(to('/401')));
  it('a permitted page opens with its parameters', () => {
    expect(decide(modulePage.path, admin)).toMatchObject({ kind: 'allow', pageId: modulePage.id });
  });
  it('logging out while on a page sends the user to /login with that page', () => {
    const guard = createActor(routeGuardMachine).start();
    guard.send({ type: 'route.request', request: { path: '/dashboard', search: '' }, session: admin });
    guard.send({ type: 'session.change', session: anonymous });
    expect(guard.getSnapshot().context.decision).toEqual(to('/login?redirect=%2Fdashboard'));
  });
});

describe('the redirect parameter after login', () => {
  it.each(['/\\example.com', 'javascript:alert(1)', '/login?redirect=/x', '//evil.example'])(
    'refuses %s and goes to the dashboard',
    (target) => {
      expect(decide('/login', admin, `?redirect=${encodeURIComponent(target)}`)).toEqual(to('/dashboard'));
    },
  );
});
