import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { ChannelType, CustomerStatus } from '../../domain/codes/customers.codes';
import type { WorkflowActor } from '../../machines/workflows/actor';
import type { CustomerFacts } from '../../machines/workflows/customer-change.rules';
import { customerChangeWorkflow } from '../../machines/workflows/customer-change.workflow';
import { CoverageRecorder, describeEvent, pathsFor, writeCoverageReport } from './model-kit';

const staff = (role: string, id = role): WorkflowActor => ({ id, name: role, role });
const applicant = staff('JS013', 'ops-1');
const stranger = staff('JS002');
const facts: CustomerFacts = {
  channelType: ChannelType.rsp,
  status: CustomerStatus.active,
  dependants: 0,
  seniorCertified: false,
  blacklistEndDate: null,
  today: '2026-05-01',
};
// The second node names one person: another employee of the same role may not decide there.
const chain = ['JS011', { role: 'JS018', approver: 'chmgmt-1', approverName: '冯渠道部' }];
const named = staff('JS018', 'chmgmt-1');
const sameRole = staff('JS018', 'chmgmt-2');

const events: AnyEventObject[] = [
  ...[applicant, stranger].map((actor) => ({ type: 'application.submit', actor })),
  { type: 'application.withdraw', actor: applicant },
  ...[staff('JS011'), named, sameRole, stranger].map((actor) => ({ type: 'approval.agree', actor })),
  // An RSP that supplies a CCP since the application can no longer become a CCP: the last agreement is refused.
  { type: 'approval.agree', actor: named, facts: { ...facts, dependants: 2 } },
  { type: 'approval.agree', actor: named, facts },
  { type: 'approval.reject', actor: staff('JS011'), reason: '材料不全' },
  { type: 'approval.reject', actor: staff('JS011'), reason: ' ' },
  { type: 'approval.return', actor: staff('JS011'), reason: '补充年审材料' },
  { type: 'approval.forward', actor: staff('JS011'), to: 'JS011-b', toRole: 'JS011' },
  // Refused: the directory knows no enabled colleague of the step's role by that id.
  { type: 'approval.forward', actor: staff('JS011'), to: 'JS002', toRole: 'JS002' },
  { type: 'approval.agree', actor: staff('JS011', 'JS011-b') },
];

const input = {
  kind: 'conversion',
  chain,
  applicant,
  customerId: 'c-1',
  change: { to: ChannelType.ccp },
  facts,
};

const coverage = new CoverageRecorder();
const paths = pathsFor(customerChangeWorkflow, {
  events,
  input,
  contextKey: (s) => [s.context.node, s.context.forwardedTo ?? null, s.context.decisions > 0],
});

describe('customerChange workflow, generated paths', () => {
  it('generates a path to every state', () =>
    expect(paths.length).toBeGreaterThanOrEqual(Object.keys(customerChangeWorkflow.states).length));

  for (const path of paths) {
    it(
      path.steps
        .slice(1)
        .map((s) => `${describeEvent({ type: s.event.type })}@${(s.event as AnyEventObject).actor?.id}`)
        .join(' → ') || 'starts as a draft',
      () => {
        const actor = createActor(customerChangeWorkflow, {
          input,
          inspect: coverage.inspect,
        } as never).start();
        coverage.recordSnapshot(actor.getSnapshot());
        for (const step of path.steps.slice(1)) {
          const event = step.event as AnyEventObject;
          expect(actor.getSnapshot().can(event as never), 'the server would accept this step').toBe(true);
          actor.send(event as never);
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          if (after.value === 'approved') {
            expect(event.actor.id === 'chmgmt-1' || event.actor.id === 'JS011-b').toBe(true);
            expect(event.facts?.dependants ?? 0).toBe(0);
          }
          if (after.value === 'rejected' || after.value === 'returned')
            expect(String(event.reason ?? '').trim()).not.toBe('');
          if (after.value === 'withdrawn') expect(event.actor).toEqual(applicant);
        }
        const last = actor.getSnapshot();
        for (const type of ['approval.agree', 'approval.reject', 'application.submit'])
          expect(last.can({ type, actor: stranger, reason: 'x' } as never)).toBe(false);
        if (last.value === 'inApproval' && last.context.node === 1 && !last.context.forwardedTo)
          expect(last.can({ type: 'approval.agree', actor: sameRole } as never)).toBe(false);
      },
    );
  }

  afterAll(() => {
    const report = coverage.report(customerChangeWorkflow);
    writeCoverageReport(report, paths.length);
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
