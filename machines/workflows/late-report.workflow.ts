import { and, assign, setup } from 'xstate';
import { z } from 'zod';
import { LateReportStatus, ReportType } from '../../domain/codes/reports.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import type { WorkflowActor } from './actor';
import {
  type ApplicantEvent,
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  chainDecider,
  chainGuards,
  decisions,
} from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

/** How long an approved late-report request keeps its period open for the agent (notes §7.3). */
export const LATE_REPORT_WINDOW_DAYS = 7;

/** Dictionary LateReportStatus, by state. */
export const LATE_REQUEST_STATUS: Record<string, string> = {
  inApproval: LateReportStatus.inApproval,
  returned: LateReportStatus.returned,
  approved: LateReportStatus.approved,
  rejected: LateReportStatus.rejected,
  withdrawn: LateReportStatus.withdrawn,
};

/** States in which a request still stands: another for the same report is refused meanwhile. */
export const OPEN_REQUEST_STATES: readonly string[] = ['inApproval', 'returned'];

export interface LateReportInput {
  /** The channel manager decides; one node (notes §7.3: approved by V_CHANNEL). */
  chain: ChainStep[];
  /** Who asked: the one a returned request goes back to. */
  applicant: WorkflowActor;
  agent: { id: string; name: string };
  period: string;
  reportType: string;
}

export interface LateReportContext extends LateReportInput, ChainProgress {
  /** Until when the agent may import and edit the period (set by the server on approval). */
  windowEnd?: string;
  decidedBy?: string;
}

export type LateReportEvent = ApplicantEvent | ChainDecisionEvent<{ windowEnd?: string }>;

/**
 * A late-report request (notes §7.3): after its control date a period is locked; the agent
 * asks, with a reason, to report it late. The channel manager approves — the agent may then import
 * and edit that period's report until the window ends, its lines flagged late — or rejects it, and
 * the period stays locked; a request returned for a better reason is corrected and resubmitted.
 */
export const lateReportWorkflow = setup({
  types: { context: {} as LateReportContext, events: {} as LateReportEvent, input: {} as LateReportInput },
  guards: chainGuards,
  actions: {
    keepDecision: assign({
      windowEnd: ({ event }) => (event as { windowEnd?: string }).windowEnd,
      decidedBy: ({ event }) => event.actor.name,
    }),
  },
}).createMachine({
  id: 'lateReportRequest',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'inApproval',
  states: {
    inApproval: {
      description: 'Asked (or asked again) and waiting for the channel manager of the agent’s province.',
      tags: [AWAITING_DECISION],
      on: {
        'approval.agree': decisions.finish(
          and(['isCurrentApprover', 'isLastNode']),
          'approved',
          'Approved: the report opens for the agent until the window ends, in the same transaction.',
        ),
        'approval.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'rejected'),
        'approval.return': decisions.giveBack(
          and(['isCurrentApprover', 'hasReason']),
          'returned',
          'Back to the applicant for a better reason.',
        ),
        'approval.forward': decisions.forward(
          'isCurrentApprover',
          'Forwarded to another channel manager; the request still waits.',
        ),
        'application.withdraw': {
          guard: and(['isApplicant', 'noDecisionYet']),
          target: 'withdrawn',
          description: 'The applicant may withdraw before the first decision.',
        },
      },
    },
    returned: {
      description: 'The applicant corrects the reason and asks again under the same number, or gives up.',
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          actions: assign({ node: 0, reason: undefined, forwardedTo: undefined, forwardedToName: undefined }),
        },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    approved: { type: 'final', entry: 'keepDecision', description: 'The late window is open until its end.' },
    rejected: { type: 'final', entry: 'keepDecision', description: 'The period stays locked.' },
    withdrawn: { type: 'final' },
  },
});

const stamp = z.string().trim().max(40).optional();

export const lateReportDeclaration = defineWorkflow({
  name: 'lateReportRequest',
  machine: lateReportWorkflow,
  titleKey: 'page.reportStates.lateReportRequests',
  subject: { resource: 'lateReportRequest', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.lateReport,
  chains: [],
  commands: {
    ...chainDecisionCommands('approval'),
    // The window's end is the server's (prepare), whatever a person sends.
    agree: { event: 'approval.agree', payload: payloads.comment.extend({ windowEnd: stamp }) },
    resubmit: { event: 'application.submit', payload: payloads.none },
    withdraw: { event: 'application.withdraw', payload: payloads.none },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  projection: (snapshot) => {
    const c = snapshot.context as LateReportContext;
    const state = String(snapshot.value);
    return {
      RequestStatus: LATE_REQUEST_STATUS[state] ?? null,
      WindowEnd: c.windowEnd ?? null,
      DeciderName: c.decidedBy ?? null,
      DecisionReason: c.reason ?? null,
    };
  },
  example: {
    input: {
      chain: [ROLE.channelManager],
      applicant: { id: 'gd-1', name: 'Wei (distributor staff)', role: ROLE.distributor },
      agent: { id: 'agent-1', name: 'Wei Distribution' },
      period: '2026-10',
      reportType: ReportType.stock,
    },
    actors: [
      { id: 'gd-1', name: 'Wei (distributor staff)', role: ROLE.distributor },
      { id: 'cm-1', name: 'Li (channel manager)', role: ROLE.channelManager },
      { id: 'cm-2', name: 'Zhou (channel manager)', role: ROLE.channelManager },
      { id: 'rsp-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    ],
  },
});
