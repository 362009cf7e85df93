import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { matchRoute, pages } from '../../catalogue/catalogue';
import {
  type GuardEvent,
  type RouteRequest,
  routeGuardMachine,
  type SessionFacts,
} from '../../machines/session/route-guard.machine';
import { CoverageRecorder, writeCoverageReport } from './model-kit';

type Snapshot = SnapshotFrom<typeof routeGuardMachine>;

const modulePage = pages.find((p) => !p.public && !p.always && !p.path.includes(':'));
if (!modulePage) throw new Error('the catalogue has no module page to test permissions with');

const everyPage = new Set(pages.map((p) => p.id));
const shellOnly = new Set(pages.filter((p) => p.always || p.public).map((p) => p.id));
const sessions: Record<string, SessionFacts> = {
  anonymous: { status: 'anonymous', allowedPageIds: new Set() },
  failed: {
    status: 'anonymous',
    allowedPageIds: new Set(),
    error: 'Verification failed, please Login again.',
  },
  loading: { status: 'loading', allowedPageIds: new Set() },
  admin: { status: 'ready', allowedPageIds: everyPage },
  agent: { status: 'ready', allowedPageIds: shellOnly },
};
const requests: RouteRequest[] = [
  { path: '/login', search: '' },
  { path: '/login', search: '?redirect=%2Fprofile%2Findex' },
  { path: '/dashboard', search: '' },
  { path: modulePage.path, search: '?objectID=1' },
  { path: '/redirect/dashboard', search: '' },
  { path: '/', search: '' },
  { path: '/customers/no-such-page', search: '' },
  { path: '/no/such/page', search: '' },
];

const events: GuardEvent[] = [
  ...requests.flatMap((request) =>
    Object.values(sessions).map((session) => ({ type: 'route.request' as const, request, session })),
  ),
  ...Object.values(sessions).map((session) => ({ type: 'session.change' as const, session })),
];
const label = (e: GuardEvent) =>
  `${e.type === 'route.request' ? `${e.request.path}${e.request.search} ` : ''}as ${
    Object.entries(sessions).find(([, s]) => s === e.session)?.[0]
  }`;

/** The rules of SPEC §2 "Route guard" that hold after any sequence of navigations. */
function checkDecision(snapshot: Snapshot) {
  const { request, session, decision } = snapshot.context;
  const fullPath = `${request.path}${request.search}`;
  if (snapshot.matches('waitingForSession')) expect(session.status).toBe('loading');
  if (snapshot.matches('allowed')) {
    expect(decision?.kind).toBe('allow');
    const page = matchRoute(request.path)!.page;
    expect(page.public || session.allowedPageIds.has(page.id), 'only permitted pages are shown').toBe(true);
    if (!page.public) expect(session.status).toBe('ready');
  }
  if (snapshot.matches('redirected') && decision?.kind === 'redirect') {
    expect(decision.to, 'never a redirect to the same place').not.toBe(fullPath);
    if (decision.to.startsWith('/login?')) {
      expect(
        new URLSearchParams(decision.to.split('?')[1]).get('redirect'),
        'login keeps the original path',
      ).toBe(fullPath);
      expect(session.status).toBe('anonymous');
      expect(decision.error).toBe(session.error);
    }
    if (decision.to === '/401') expect(session.status).toBe('ready');
  }
}

const coverage = new CoverageRecorder();
const model = createTestModel(routeGuardMachine, {
  events,
  serializeState: (s, e, prev) =>
    `${JSON.stringify(s.value)}${e ? ` via ${(e as { type: string }).type === 'xstate.init' ? 'init' : label(e)} from ${JSON.stringify(prev?.value)}` : ''}`,
});
const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e) });

describe('route guard statechart, generated paths', () => {
  it('generates a path to every decision', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(
      path.steps
        .slice(1)
        .map((s) => label(s.event as GuardEvent))
        .join(' → '),
      () => {
        const actor = createActor(routeGuardMachine, { inspect: coverage.inspect }).start();
        coverage.recordSnapshot(actor.getSnapshot());
        for (const step of path.steps.slice(1)) {
          actor.send(step.event as GuardEvent);
          expect(actor.getSnapshot().value).toEqual(step.state.value);
          checkDecision(actor.getSnapshot());
        }
      },
    );
  }
});

afterAll(() => {
  const report = coverage.report(routeGuardMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
