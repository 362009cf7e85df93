import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { type SessionInput, sessionMachine } from '../../machines/session/session.machine';
import type { Employee, MenuItem } from '../../services/session.service';
import { CoverageRecorder, type Deferred, deferred, performStep, writeCoverageReport } from './model-kit';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
// The invoke done/error events are model events too, so the model sees the machine with open events.
type ActorLogicOf = ActorLogic<Snapshot, AnyEventObject, SessionInput>;

const employee: Employee = {
  ObjectID: 'e-1',
  LastName: '钱商务',
  ExtUserName_SDK: 'ops',
  ExtIsFistTime_SDK: false,
  ExtRoleCode_SDK: 'JS013',
  ExtRoleName_SDK: '商务',
};
const newcomer: Employee = { ...employee, ExtIsFistTime_SDK: true };
const menus: MenuItem[] = [{ ID: 'customers.rspInfo', Path: 'customers.rspInfo' }];
const refused = new Error('refused');

// Every event the session can meet, with the payload cases that take different branches: the
// answers of the invoked calls are events too, so failures are walked like successes.
const events: AnyEventObject[] = [
  { type: 'login.submit', username: 'ops', password: 'secret', at: 0 },
  { type: 'xstate.done.actor.login', output: { token: 'token-1', employee } },
  { type: 'xstate.done.actor.login', output: { token: 'token-2', employee: newcomer } },
  { type: 'xstate.error.actor.login', error: refused },
  { type: 'xstate.done.actor.fetchUserInfo', output: employee },
  { type: 'xstate.done.actor.fetchUserInfo', output: newcomer },
  { type: 'xstate.error.actor.fetchUserInfo', error: refused },
  { type: 'xstate.done.actor.fetchRoleMenus', output: menus },
  { type: 'xstate.error.actor.fetchRoleMenus', error: refused },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: refused },
  { type: 'user.activity', at: 60_000 },
  { type: 'user.activity', at: 18_100_000 },
  { type: 'timeout.confirm' },
  { type: 'password.changed' },
  { type: 'token.invalid' },
  { type: 'logout' },
];

const eventKey = (e: AnyEventObject) => JSON.stringify(e, (_key, v) => (v instanceof Error ? v.message : v));
const inputs: SessionInput[] = [
  { hasToken: false, now: 0 },
  { hasToken: true, now: 0 },
];
const coverage = new CoverageRecorder();
let pathCount = 0;

/** The fake storage the session writes through its named actions. */
function fakeStorage(hasToken: boolean) {
  return {
    token: hasToken ? 'kept-token' : undefined,
    employee: undefined as Employee | undefined,
    activity: 0,
  };
}

function startSession(input: SessionInput) {
  const store = fakeStorage(input.hasToken);
  const pending = new Map<string, Deferred<unknown>>();
  const call = <T>(id: string): any =>
    fromPromise<T, unknown>(() => {
      const d = deferred<unknown>();
      pending.set(id, d);
      return d.promise as Promise<T>;
    });
  const emitted: { type: string; username?: string }[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: call('login'),
        fetchUserInfo: call('fetchUserInfo'),
        fetchRoleMenus: call('fetchRoleMenus'),
        logout: call('logout'),
      },
      actions: {
        storeToken: (_, p) => {
          store.token = p.token;
        },
        storeEmployee: (_, p) => {
          store.employee = p.employee;
        },
        storeActivity: (_, p) => {
          store.activity = p.at;
        },
        clearStorage: () => {
          store.token = undefined;
          store.employee = undefined;
        },
      },
    }),
    { input, inspect: coverage.inspect },
  );
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, store, pending, emitted };
}

/** What a person relies on in each state, whatever the path that led there. */
function checkInvariants(snapshot: Snapshot, session: ReturnType<typeof startSession>) {
  if (snapshot.matches('anonymous')) {
    expect(session.store.token, 'no token is kept while logged out').toBeUndefined();
    expect(snapshot.context.employee).toBeUndefined();
  }
  if (snapshot.matches('authenticated')) {
    expect(session.store.token, 'a logged-in session has its token stored').toBeDefined();
    expect(snapshot.context.employee).toBeDefined();
  }
  if (snapshot.matches({ authenticated: 'active' })) expect(snapshot.context.menus).toEqual(menus);
  if (snapshot.matches({ authenticated: 'passwordChangeRequired' })) {
    expect(snapshot.context.employee?.ExtIsFistTime_SDK).toBe(true);
    // The server answers a first-time session nothing but its password change: no menus are read.
    expect(snapshot.context.menus).toEqual([]);
  }
  if (snapshot.matches({ authenticated: 'active' })) {
    expect(snapshot.context.employee?.ExtIsFistTime_SDK).toBe(false);
    expect(session.store.employee?.ExtIsFistTime_SDK, 'the kept employee copy agrees').toBe(false);
  }
}

describe.each(inputs)('session statechart, generated paths (kept token: $hasToken)', (input) => {
  const model = new TestModel<Snapshot, AnyEventObject, SessionInput>(
    sessionMachine as unknown as ActorLogicOf,
    {
      events,
      input,
      serializeState: (s, e, prev) =>
        `${JSON.stringify(s.value)}${e ? ` via ${eventKey(e)} from ${JSON.stringify(prev?.value)}` : ''}`,
    },
  );
  const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThan(10));

  for (const path of paths) {
    it(path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), async () => {
      const session = startSession(input);
      expect(session.actor.getSnapshot().value).toEqual(path.steps[0].state.value);
      for (const step of path.steps.slice(1)) {
        const before = session.actor.getSnapshot();
        await performStep(session.actor, session.pending, step.event);
        const after = session.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        checkInvariants(after, session);
        if (before.hasTag('authenticated') && after.matches('anonymous')) {
          expect(session.emitted, 'leaving a session tells the shell whose tabs to close').toContainEqual({
            type: 'session.ended',
            username: 'ops',
          });
        }
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(sessionMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
