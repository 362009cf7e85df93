import { defaultRegistrationChain } from '../workflows/registration.workflow';
import type { PathSample } from './test-paths';

/**
 * Sample inputs and payload cases of the business workflows for their test-path plans: every event
 * signed by an actor of each role that may (or may not) send it.
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
const ctx = (s: unknown) => (s as { context: Record<string, any> }).context;

const applicant = { id: 'e-applicant', name: 'Chen (RSP)', role: 'JS002' };
const ops = { id: 'e-ops', name: 'Qian (sales ops)', role: 'JS013' };
const ops2 = { id: 'e-ops-2', name: 'Sun (sales ops)', role: 'JS013' };
const finance = { id: 'e-fin', name: 'Sun (finance)', role: 'JS014' };
const admin = { id: 'e-admin', name: 'Administrator', role: 'JS001' };
const regApplicant = { id: 'applicant:1', name: 'Zhang San', role: 'applicant' };
const reviewers = defaultRegistrationChain.map((s, i) => ({ id: `e-rev-${i}`, name: s.step, role: s.role }));
const forwardee = { id: 'e-rev-0b', name: 'preReview-2', role: defaultRegistrationChain[0].role };

// An invoked call's answer, as the model tests send it.
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });

export const workflowPathSamples: Record<string, PathSample> = {
  customerWorkflow: {
    input: { objectId: '00000000-0000-4000-8000-000000000002' },
    events: [
      done('loadApplications', {
        Today: '2026-11-22',
        Status: '161',
        ChannelType: 'RSP',
        Startable: ['renewal', 'suspension', 'blacklist'],
        Applications: [],
      }),
      done('loadApplications', {
        Today: '2026-11-22',
        Status: '161',
        ChannelType: 'RSP',
        Startable: [],
        Applications: [
          {
            ApplicationID: 'customer-change-1',
            Kind: 'renewal',
            State: 'inApproval',
            Change: { termMonths: 12 },
            Chain: [{ Role: 'JS010' }, { Role: 'JS018' }],
            Node: 0,
            Reason: null,
            Applicant: ops.name,
            WorkflowVersion: 2,
            Allowed: ['approval.agree', 'approval.reject', 'approval.forward'],
            History: [],
          },
        ],
      }),
      { type: 'xstate.error.actor.loadApplications', error: new Error('refused') },
      done('submit', {}),
      { type: 'xstate.error.actor.submit', error: new Error('refused') },
      { type: 'apply.start', kind: 'renewal' },
      { type: 'apply.start', kind: 'suspension' },
      { type: 'decision.start', decision: 'agree' },
      { type: 'decision.start', decision: 'reject' },
      { type: 'form.change', field: 'reason', value: 'parallel imports' },
      { type: 'dialog.confirm' },
      { type: 'dialog.cancel' },
      { type: 'panel.reload' },
    ],
    contextKey: (s) => [
      ctx(s).overview?.Startable.length ?? null,
      ctx(s).pending?.kind ?? ctx(s).pending?.decision ?? null,
      Boolean(ctx(s).form.reason),
    ],
  },
  customerChange: {
    input: {
      kind: 'renewal',
      chain: ['JS010', 'JS013'],
      applicant,
      customerId: '00000000-0000-4000-8000-000000000002',
      change: { termMonths: 12 },
      facts: {
        channelType: 'RSP',
        status: '161',
        dependants: 0,
        seniorCertified: false,
        blacklistEndDate: null,
        today: '2026-11-22',
      },
    },
    events: [
      { type: 'application.submit', actor: applicant },
      { type: 'application.withdraw', actor: applicant },
      { type: 'approval.agree', actor: { id: 'e-cm', name: 'Wang (channel)', role: 'JS010' } },
      { type: 'approval.agree', actor: ops },
      {
        type: 'approval.reject',
        reason: 'documents incomplete',
        actor: { id: 'e-cm', name: 'Wang (channel)', role: 'JS010' },
      },
      {
        type: 'approval.return',
        reason: 'please add proof',
        actor: { id: 'e-cm', name: 'Wang (channel)', role: 'JS010' },
      },
      {
        type: 'approval.forward',
        to: 'e-cm-2',
        toName: 'Li (channel)',
        actor: { id: 'e-cm', name: 'Wang (channel)', role: 'JS010' },
      },
      { type: 'approval.agree', actor: { id: 'e-cm-2', name: 'Li (channel)', role: 'JS010' } },
    ],
    contextKey: (s) => [ctx(s).node, ctx(s).forwardedTo ?? null, ctx(s).decisions > 0],
  },
  approval: {
    input: { chain: ['JS013', 'JS014'], applicant },
    events: [
      { type: 'application.submit', actor: applicant },
      { type: 'approval.agree', actor: ops },
      { type: 'approval.agree', actor: ops2 },
      { type: 'approval.agree', actor: finance },
      { type: 'approval.reject', reason: 'price too low', actor: ops },
      { type: 'approval.return', reason: 'please add the quote', actor: ops },
      { type: 'approval.forward', to: ops2.id, toName: ops2.name, actor: ops },
      { type: 'application.withdraw', actor: applicant },
      { type: 'application.void', reason: 'customer cancelled', actor: admin },
    ],
    contextKey: (s) => [ctx(s).node, ctx(s).forwardedTo ?? null, ctx(s).decisions > 0],
  },
  registration: {
    input: { chain: defaultRegistrationChain, applicant: regApplicant },
    events: [
      ...reviewers.map((actor) => ({ type: 'review.agree', actor })),
      { type: 'review.agree', actor: forwardee },
      { type: 'review.reject', reason: 'not qualified', actor: reviewers[0] },
      { type: 'review.return', reason: 'please add the business licence', actor: reviewers[0] },
      { type: 'review.forward', to: forwardee.id, toName: forwardee.name, actor: reviewers[0] },
      { type: 'application.resubmit', actor: regApplicant },
      { type: 'application.withdraw', actor: regApplicant },
      { type: 'agreement.sign', customerId: 'c-1', actor: reviewers[0] },
    ],
    contextKey: (s) => [ctx(s).node, ctx(s).forwardedTo ?? null, ctx(s).decisions > 0],
  },
};
