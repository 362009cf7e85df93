import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { z } from 'zod';
import { ReportStatus, ReportType } from '../../domain/codes/reports.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { REPORTER_ROLES } from '../../domain/reporting';
import { ROLE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** Who approves or returns a submitted report: the channel manager of the agent's province. */
export const REVIEWER_ROLE = ROLE.channelManager;

/** Dictionary ReportStatus, by state; a draft reopened by a late-report request reads 161. */
export const REPORT_STATUS = {
  notReported: ReportStatus.notReported,
  draft: ReportStatus.draft,
  submitted: ReportStatus.submitted,
  approved: ReportStatus.approved,
  returned: ReportStatus.returned,
  overdue: ReportStatus.overdue,
  lateDraft: ReportStatus.lateReport,
} as const;

/** The states whose lines no import or edit may change. */
export const LOCKED_REPORT_STATES: readonly string[] = ['submitted', 'approved'];

export interface AgentReportInput {
  agent: { id: string; name: string };
  /** The month reported, 'YYYY-MM'. */
  period: string;
  /** Dictionary ReportType: 101 purchases, 111 sales, 121 stock, 131 shipments. */
  reportType: string;
}

export interface AgentReportContext extends AgentReportInput {
  submittedAt?: string;
  submittedBy?: string;
  reviewedAt?: string;
  reviewer?: string;
  /** The reviewer's opinion of the last return. */
  reason?: string;
  /** Reopened after its control date by an approved late-report request, until `lateUntil`. */
  late?: boolean;
  lateUntil?: string;
}

type Stamp = { at?: string };
export type AgentReportEvent =
  | ({ type: 'report.open' } & ActorEvent)
  | ({ type: 'report.submit' } & Stamp & ActorEvent)
  | ({ type: 'report.withdraw' } & ActorEvent)
  | ({ type: 'report.approve'; comment?: string } & Stamp & ActorEvent)
  | ({ type: 'report.return'; reason: string } & Stamp & ActorEvent)
  | ({ type: 'report.revise' } & ActorEvent)
  | ({ type: 'report.markOverdue' } & ActorEvent)
  | ({ type: 'report.reopenLate'; lateUntil?: string } & ActorEvent);

type Args = { context: AgentReportContext; event: AgentReportEvent };
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const reopenLate = {
  guard: 'isSystem',
  target: '#agentReport.draft',
  actions: 'keepLateWindow',
  description:
    'A late-report request was approved: the agent may import and edit the period until the window ends; its lines are flagged late.',
} as const;

/**
 * An agent's report of one period and one report type (notes §7.3): its lines are the imported (or
 * entered) lines of that agent, period and type. Expected of every general distributor and RSP once
 * a control date names the period; the import opens it as a draft, the agent submits it, and the
 * channel manager approves it — then its lines are locked — or returns it with an opinion, and the
 * agent corrects it as a draft again. Not submitted by the control date, the scheduled job marks it
 * overdue; only an approved late-report request opens it again.
 */
export const agentReportWorkflow = setup({
  types: {
    context: {} as AgentReportContext,
    events: {} as AgentReportEvent,
    input: {} as AgentReportInput,
  },
  guards: {
    isReportingParty: ({ event }: Args) => REPORTER_ROLES.includes(event.actor.role),
    isChannelManager: ({ event }: Args) => event.actor.role === REVIEWER_ROLE,
    isSystem: ({ event }: Args) => isSystemActor(event.actor),
    hasReason: ({ event }: Args) => textOf((event as { reason?: unknown }).reason).length > 0,
  },
  actions: {
    keepSubmission: assign({
      submittedAt: ({ event }) => (event as Stamp).at,
      submittedBy: ({ event }) => event.actor.name,
    }),
    keepReview: assign({
      reviewedAt: ({ event }) => (event as Stamp).at,
      reviewer: ({ event }) => event.actor.name,
      reason: ({ event }) => textOf((event as { reason?: unknown }).reason) || undefined,
    }),
    keepLateWindow: assign({
      late: true,
      lateUntil: ({ event }) => (event as { lateUntil?: string }).lateUntil,
    }),
  },
}).createMachine({
  id: 'agentReport',
  context: ({ input }) => ({ ...input }),
  initial: 'notReported',
  states: {
    notReported: {
      description: 'Expected of the agent for the period; nothing imported or submitted yet.',
      on: {
        'report.open': {
          guard: 'isReportingParty',
          target: 'draft',
          description: 'Lines imported or entered: the report becomes a draft.',
        },
        'report.submit': {
          guard: 'isReportingParty',
          target: 'submitted',
          actions: 'keepSubmission',
          description: 'A nil report: nothing to report for the period (refused past the control date).',
        },
        'report.markOverdue': {
          guard: 'isSystem',
          target: 'overdue',
          description: 'The control date passed without a submission.',
        },
        'report.reopenLate': reopenLate,
      },
    },
    draft: {
      description: 'Lines are imported and edited; the server refuses them past the control date.',
      on: {
        'report.submit': {
          guard: 'isReportingParty',
          target: 'submitted',
          actions: 'keepSubmission',
          description: 'Submitted for review: its lines are locked until a decision.',
        },
        'report.markOverdue': {
          guard: 'isSystem',
          target: 'overdue',
          description: 'The control date (or the late window) passed without a submission.',
        },
        'report.reopenLate': { guard: 'isSystem', actions: 'keepLateWindow' },
      },
    },
    submitted: {
      description: 'The channel manager of the province approves it or returns it with an opinion.',
      tags: [AWAITING_DECISION],
      on: {
        'report.approve': {
          guard: 'isChannelManager',
          target: 'approved',
          actions: 'keepReview',
          description: 'Approved: its lines are locked for good.',
        },
        'report.return': {
          guard: and(['isChannelManager', 'hasReason']),
          target: 'returned',
          actions: 'keepReview',
          description: 'Back to the agent with the reviewer’s opinion.',
        },
        'report.withdraw': {
          guard: 'isReportingParty',
          target: 'draft',
          description: 'Taken back before the decision, to change its lines.',
        },
      },
    },
    returned: {
      description: 'The agent reads the opinion and corrects the lines; a change makes it a draft again.',
      on: {
        'report.revise': { guard: 'isReportingParty', target: 'draft' },
        'report.reopenLate': reopenLate,
      },
    },
    overdue: {
      description: 'Not reported by the control date: locked until a late-report request is approved.',
      on: { 'report.reopenLate': reopenLate },
    },
    approved: { type: 'final', description: 'Approved and locked.' },
  },
});

/** The ReportStatus a report and its lines show for the state of its stream. */
export function reportStatusOf(snapshot: AnyMachineSnapshot): string {
  const state = String(snapshot.value) as keyof typeof REPORT_STATUS;
  if (state === 'draft' && (snapshot.context as AgentReportContext).late) return REPORT_STATUS.lateDraft;
  return REPORT_STATUS[state] ?? REPORT_STATUS.notReported;
}

const stamp = z.string().trim().max(40).optional();

/** Reports of agents per period and type, decided on the report states page (report.reportStates and its record page). */
export const agentReportDeclaration = defineWorkflow({
  name: 'agentReport',
  machine: agentReportWorkflow,
  titleKey: 'page.reportStates.reportStates',
  subject: { resource: 'agentReport', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.agentReport,
  chains: [],
  commands: {
    start: { event: 'report.open', payload: payloads.none },
    submit: { event: 'report.submit', payload: z.object({ at: stamp }) },
    withdraw: { event: 'report.withdraw', payload: payloads.none },
    approve: { event: 'report.approve', payload: payloads.comment.extend({ at: stamp }) },
    return: { event: 'report.return', payload: payloads.reason.extend({ at: stamp }), asks: 'reason' },
    revise: { event: 'report.revise', payload: payloads.none },
    // Sent by the server only (the guard admits no person): the deadline job and an approved late request.
    markOverdue: { event: 'report.markOverdue', payload: payloads.none },
    reopenLate: { event: 'report.reopenLate', payload: z.object({ lateUntil: stamp }) },
  },
  payloadGuards: ['hasReason'],
  decider: (snapshot) => (snapshot.value === 'submitted' ? { role: REVIEWER_ROLE } : null),
  projection: (snapshot) => {
    const c = snapshot.context as AgentReportContext;
    return {
      ReportStatus: reportStatusOf(snapshot),
      SubmittedOn: c.submittedAt ?? null,
      SubmittedBy: c.submittedBy ?? null,
      ReviewedOn: c.reviewedAt ?? null,
      ReviewerName: c.reviewer ?? null,
      ReviewOpinion: c.reason ?? null,
      LateReport: c.late === true,
      LateUntil: c.lateUntil ?? null,
    };
  },
  example: {
    input: {
      agent: { id: 'agent-1', name: 'Wei Distribution' },
      period: '2026-10',
      reportType: ReportType.stock,
    },
    actors: [
      { id: 'gd-1', name: 'Wei (distributor staff)', role: ROLE.distributor },
      { id: 'ops-1', name: 'Zhao (sales ops)', role: ROLE.salesOperations },
      { id: 'cm-1', name: 'Li (channel manager)', role: ROLE.channelManager },
      { id: 'pm-1', name: 'Sun (province manager)', role: ROLE.provinceManager },
      SYSTEM_ACTOR,
    ],
  },
});
