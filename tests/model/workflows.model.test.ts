import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { approvalWorkflow } from '../../machines/workflows/approval.workflow';
import {
  defaultRegistrationChain,
  registrationWorkflow,
} from '../../machines/workflows/registration.workflow';
import { CoverageRecorder, describeEvent, pathsFor, writeCoverageReport } from './model-kit';

const applicant: WorkflowActor = { id: 'applicant:1', name: '周启明', role: 'applicant' };
const staff = (role: string, id = role): WorkflowActor => ({ id, name: role, role });
const reviewers = ['JS010', 'JS018', 'JS014'].map((role) => staff(role));
const stranger = staff('JS002');

/** Every event a workflow can meet, sent by each kind of actor, with and without a reason. */
const byEveryone = (type: string, payloads: Record<string, unknown>[] = [{}], actors: WorkflowActor[] = []) =>
  actors.flatMap((actor) => payloads.map((payload) => ({ type, actor, ...payload })));

/**
 * A forward as the server sends it, the directory's role of the person named added: to a colleague
 * of the step's role, to oneself, to someone of another role, to nobody the directory knows.
 */
const forwards = (role: string, self = role) => [
  { to: `${role}-b`, toRole: role },
  { to: self, toRole: role },
  { to: 'JS002', toRole: 'JS002' },
  { to: 'gone', toRole: null },
];

/** Whatever the path, a step moved on by a forward went to a colleague of the step's role. */
const forwardedToColleague = (event: AnyEventObject) => {
  if (!String(event.type).endsWith('.forward')) return;
  expect(event.to).not.toBe(event.actor.id);
  // The forwarder decides at the step, so the step's role is theirs.
  expect(event.toRole).toBe(event.actor.role);
};

const registrationEvents: AnyEventObject[] = [
  ...byEveryone('review.agree', [{}], [...reviewers, stranger]),
  ...byEveryone('review.reject', [{ reason: '资质不符' }, { reason: ' ' }], [reviewers[0], stranger]),
  ...byEveryone('review.return', [{ reason: '补充执照' }, { reason: '' }], [reviewers[0]]),
  ...byEveryone('review.forward', forwards('JS010'), [reviewers[0]]),
  ...byEveryone('review.agree', [{}], [staff('JS010', 'JS010-b')]),
  ...byEveryone('application.resubmit', [{}], [applicant, stranger]),
  ...byEveryone('application.withdraw', [{}], [applicant]),
  ...byEveryone('agreement.sign', [{ customerId: 'c-1' }], [staff('JS010'), stranger]),
];

/** A chain whose first step names one channel manager: a colleague of the role is never accepted there. */
const named = staff('JS010', 'JS010-named');
const namedChain = [
  { ...defaultRegistrationChain[0], approver: named.id, approverName: '李省区' },
  defaultRegistrationChain[1],
];
const namedEvents: AnyEventObject[] = [
  ...byEveryone('review.agree', [{}], [reviewers[0], named, reviewers[1]]),
  ...byEveryone('review.return', [{ reason: '补充执照' }], [reviewers[0], named]),
  ...byEveryone('review.reject', [{ reason: '资质不符' }], [named]),
  ...byEveryone('review.forward', forwards('JS010'), [reviewers[0]]),
  ...byEveryone('review.forward', forwards('JS010', named.id), [named]),
  ...byEveryone('review.agree', [{}], [staff('JS010', 'JS010-b')]),
  ...byEveryone('application.resubmit', [{}], [applicant]),
  ...byEveryone('application.withdraw', [{}], [applicant]),
  ...byEveryone('agreement.sign', [{ customerId: 'c-1' }], [staff('JS010')]),
];

const approvalApplicant = staff('JS002', 'agent-1');
const approvalEvents: AnyEventObject[] = [
  ...byEveryone('application.submit', [{}], [approvalApplicant, stranger]),
  ...byEveryone('application.withdraw', [{}], [approvalApplicant]),
  ...byEveryone('approval.agree', [{}], [staff('JS013'), staff('JS014'), stranger]),
  ...byEveryone('approval.reject', [{ reason: '价格过低' }, { reason: '' }], [staff('JS013')]),
  ...byEveryone('approval.return', [{ reason: '补充说明' }], [staff('JS013')]),
  ...byEveryone('approval.forward', forwards('JS013'), [staff('JS013')]),
  ...byEveryone('approval.agree', [{}], [staff('JS013', 'JS013-b')]),
  ...byEveryone('application.void', [{ reason: '客户取消' }], [staff('JS001'), stranger]),
];

const cases = [
  {
    machine: registrationWorkflow,
    input: { chain: defaultRegistrationChain, applicant },
    events: registrationEvents,
    // The rules an auditor relies on, whatever the path.
    check: (context: { node: number; chain: unknown[] }, value: unknown, event: AnyEventObject) => {
      expect(context.node).toBeLessThan(context.chain.length);
      if (value === 'active') expect(event.actor.role).not.toBe('JS002');
      if (value === 'supplement' || value === 'rejected')
        expect(String(event.reason ?? '').trim()).not.toBe('');
    },
  },
  {
    machine: registrationWorkflow,
    input: { chain: namedChain, applicant },
    events: namedEvents,
    check: (context: { node: number; chain: unknown[] }, value: unknown, event: AnyEventObject) => {
      expect(context.node).toBeLessThan(context.chain.length);
      // Only the named person, or whoever they forwarded to, moves the step on.
      if (value === 'toSign' || value === 'supplement' || value === 'rejected')
        expect(['JS010-named', 'JS010-b', 'JS018']).toContain(event.actor.id);
      if (value === 'inReview' && context.node === 1) expect(event.actor.id).not.toBe('JS010');
    },
  },
  {
    machine: approvalWorkflow,
    input: { chain: ['JS013', 'JS014'], applicant: approvalApplicant },
    events: approvalEvents,
    check: (_context: unknown, value: unknown, event: AnyEventObject) => {
      if (value === 'approved')
        expect(
          event.actor.role === 'JS014' || event.actor.id === 'JS013-b' || event.actor.role === 'JS013',
        ).toBe(true);
      if (value === 'rejected' || value === 'returned' || value === 'void')
        expect(String(event.reason ?? '').trim()).not.toBe('');
    },
  },
];

for (const { machine, input, events, check } of cases) {
  const coverage = new CoverageRecorder();
  const paths = pathsFor(machine, {
    events,
    input,
    contextKey: (s) => [
      (s.context as { node: number }).node,
      (s.context as { forwardedTo?: string }).forwardedTo ?? null,
      // Withdrawal depends on whether anyone has decided yet.
      ((s.context as { decisions?: number }).decisions ?? 0) > 0,
    ],
  });

  const chain = (input.chain as (string | { role: string; approver?: string })[])
    .map((step) => (typeof step === 'string' ? step : (step.approver ?? step.role)))
    .join(' → ');
  describe(`${machine.id} workflow (${chain}), generated paths`, () => {
    it('generates a path to every state', () =>
      expect(paths.length).toBeGreaterThanOrEqual(Object.keys(machine.states).length));

    for (const path of paths) {
      it(
        path.steps
          .slice(1)
          .map((s) => `${describeEvent({ type: s.event.type })}@${(s.event as AnyEventObject).actor?.id}`)
          .join(' → '),
        () => {
          const actor = createActor(machine, { input, inspect: coverage.inspect } as never).start();
          coverage.recordSnapshot(actor.getSnapshot());
          for (const step of path.steps.slice(1)) {
            const before = actor.getSnapshot();
            expect(before.can(step.event as never), 'the server would accept this step').toBe(true);
            actor.send(step.event as never);
            const after = actor.getSnapshot();
            expect(after.value).toEqual(step.state.value);
            check(after.context as never, after.value, step.event as AnyEventObject);
            forwardedToColleague(step.event as AnyEventObject);
          }
          // A stranger's decision is never accepted, wherever the path ends.
          const last = actor.getSnapshot();
          for (const type of ['review.agree', 'approval.agree', 'agreement.sign', 'application.void']) {
            expect(last.can({ type, actor: stranger, reason: 'x', customerId: 'x' } as never)).toBe(false);
          }
        },
      );
    }
  });

  afterAll(() => {
    const report = coverage.report(machine);
    writeCoverageReport(report, paths.length);
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
}
