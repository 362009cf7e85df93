import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { ReportType } from '../../domain/codes/reports.codes';
import { ROLE } from '../../domain/roles';
import { SYSTEM_ACTOR, type WorkflowActor } from '../../machines/workflows/actor';
import {
  type AgentReportContext,
  agentReportWorkflow,
  REPORT_STATUS,
  reportStatusOf,
} from '../../machines/workflows/agent-report.workflow';
import { type LateReportContext, lateReportWorkflow } from '../../machines/workflows/late-report.workflow';
import { CoverageRecorder, describeEvent, pathsFor, writeCoverageReport } from './model-kit';

/**
 * The report-state workflows walked along paths generated from their statecharts, every command sent
 * by each kind of person (and by the system), with the rules an auditor of the reports relies on
 * checked after every step.
 */
const person = (role: string, id = role): WorkflowActor => ({ id, name: id, role });
const distributor = person(ROLE.distributor, 'gd-staff');
const ops = person(ROLE.salesOperations, 'ops');
const channel = person(ROLE.channelManager, 'cm');
const channel2 = person(ROLE.channelManager, 'cm-2');
const provinceManager = person(ROLE.provinceManager, 'pm');
const by = (type: string, actors: WorkflowActor[], payloads: Record<string, unknown>[] = [{}]) =>
  actors.flatMap((actor) => payloads.map((payload) => ({ type, actor, ...payload })));

const reportEvents: AnyEventObject[] = [
  ...by('report.open', [distributor, channel, SYSTEM_ACTOR]),
  ...by('report.submit', [distributor, ops, channel], [{ at: '2026-11-03T02:00:00.000Z' }]),
  ...by('report.withdraw', [distributor, channel]),
  ...by('report.approve', [channel, provinceManager, distributor], [{ at: '2026-11-04T02:00:00.000Z' }]),
  ...by('report.return', [channel, distributor], [{ reason: 'SN missing' }, { reason: ' ' }]),
  ...by('report.revise', [ops, channel]),
  ...by('report.markOverdue', [SYSTEM_ACTOR, ops]),
  ...by('report.reopenLate', [SYSTEM_ACTOR, channel], [{ lateUntil: '2026-11-12T02:00:00.000Z' }]),
];

const lateEvents: AnyEventObject[] = [
  ...by('approval.agree', [channel, channel2, distributor], [{ windowEnd: '2026-11-12T02:00:00.000Z' }]),
  ...by('approval.reject', [channel, distributor], [{ reason: 'too late' }, { reason: '' }]),
  ...by('approval.return', [channel], [{ reason: 'which lines?' }]),
  ...by('approval.forward', [channel], [{ to: channel2.id, toName: channel2.name, toRole: channel2.role }]),
  ...by('application.submit', [distributor, ops]),
  ...by('application.withdraw', [distributor, ops]),
];

type Check = (before: AnyMachineSnapshot, event: AnyEventObject, after: AnyMachineSnapshot) => void;

const cases: {
  name: string;
  machine: typeof agentReportWorkflow | typeof lateReportWorkflow;
  input: unknown;
  events: AnyEventObject[];
  check: Check;
}[] = [
  {
    name: 'an agent’s report',
    machine: agentReportWorkflow,
    input: { agent: { id: 'agent-1', name: 'Agent' }, period: '2026-10', reportType: ReportType.stock },
    events: reportEvents,
    check: (before, event, after) => {
      const was = before.context as AgentReportContext;
      const now = after.context as AgentReportContext;
      // Only the system marks a report overdue or opens it late; a person never does.
      if (after.value === 'overdue' || event.type === 'report.reopenLate')
        expect(event.actor).toEqual(SYSTEM_ACTOR);
      // Approved and returned only by the channel manager; a return always carries the opinion.
      if (after.value === 'approved' || after.value === 'returned')
        expect(event.actor.role).toBe(ROLE.channelManager);
      if (after.value === 'returned') expect(now.reason?.trim()).toBeTruthy();
      // A submitted report names who submitted it, and the reviewer never submits.
      if (after.value === 'submitted') {
        expect(now.submittedBy).toBeTruthy();
        expect(event.actor.role).not.toBe(ROLE.channelManager);
      }
      // Late once, late for good: the flag and the status say so.
      if (was.late) expect(now.late).toBe(true);
      if (after.value === 'draft' && now.late) expect(reportStatusOf(after)).toBe(REPORT_STATUS.lateDraft);
      // An approved report is final: nothing moves it again.
      expect(before.value).not.toBe('approved');
    },
  },
  {
    name: 'a late-report request',
    machine: lateReportWorkflow,
    input: {
      chain: [ROLE.channelManager],
      applicant: distributor,
      agent: { id: 'agent-1', name: 'Agent' },
      period: '2026-10',
      reportType: ReportType.stock,
    },
    events: lateEvents,
    check: (_before, event, after) => {
      const now = after.context as LateReportContext;
      // Decided by a channel manager only; approved with the window the server set, rejected with a reason.
      if (after.value === 'approved' || after.value === 'rejected') {
        expect(event.actor.role).toBe(ROLE.channelManager);
        expect(now.decidedBy).toBe(event.actor.name);
      }
      if (after.value === 'approved') expect(now.windowEnd).toBeTruthy();
      if (after.value === 'rejected' || after.value === 'returned') expect(now.reason?.trim()).toBeTruthy();
      if (after.value === 'withdrawn') expect(event.actor.id).toBe(distributor.id);
    },
  },
];

for (const { name, machine, input, events, check } of cases) {
  const coverage = new CoverageRecorder();
  const paths = pathsFor(machine, {
    events,
    input,
    contextKey: (s) => {
      const c = s.context as { late?: boolean; node?: number; forwardedTo?: string; decisions?: number };
      return [c.late ?? null, c.node ?? null, c.forwardedTo ?? null, (c.decisions ?? 0) > 0];
    },
  });

  describe(`${name}, along the generated paths`, () => {
    it('reaches every state', () =>
      expect(paths.length).toBeGreaterThanOrEqual(Object.keys(machine.states).length));
    for (const path of paths) {
      const title = path.steps
        .slice(1)
        .map(
          (s) =>
            `${describeEvent({ type: s.event.type })}@${(s.event as { actor?: WorkflowActor }).actor?.id}`,
        )
        .join(' → ');
      it(title || '(start)', () => {
        const actor = createActor(machine, { input, inspect: coverage.inspect } as never).start();
        coverage.recordSnapshot(actor.getSnapshot());
        for (const step of path.steps.slice(1)) {
          const before = actor.getSnapshot();
          actor.send(step.event as never);
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          check(before, step.event as AnyEventObject, after);
        }
      });
    }
  });

  afterAll(() => {
    const report = coverage.report(machine);
    writeCoverageReport(report, paths.length);
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
}
