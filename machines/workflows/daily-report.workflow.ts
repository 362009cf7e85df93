import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { z } from 'zod';
import { DailyReportStatus } from '../../domain/codes/activity.codes';
import { ROLE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** notes/domain.md §9.3: a report is accepted up to this many days after its day, then locked. */
export const LATE_DAYS = 3;

/** Dictionary DailyReportStatus, by state (a submitted report reads late when it was). */
export const REPORT_STATUS = {
  draft: DailyReportStatus.draft,
  submitted: DailyReportStatus.submitted,
  late: DailyReportStatus.submittedLate,
  read: DailyReportStatus.read,
  commented: DailyReportStatus.reviewed,
  locked: DailyReportStatus.notSubmitted,
} as const;

export interface DailyReportInput {
  reporter: WorkflowActor;
}

export interface DailyReportContext extends DailyReportInput {
  submittedAt?: string;
  late?: boolean;
  readBy?: string;
  readAt?: string;
  commentedBy?: string;
  comment?: string;
}

type Submit = { submittedAt?: string; late?: boolean };
type Read = { readAt?: string };
export type DailyReportEvent =
  | ({ type: 'report.submit' } & Submit & ActorEvent)
  | ({ type: 'report.lock' } & ActorEvent)
  | ({ type: 'report.read' } & Read & ActorEvent)
  | ({ type: 'report.comment'; reason: string } & Read & ActorEvent);

type Args = { context: DailyReportContext; event: DailyReportEvent };
const reasonOf = (event: DailyReportEvent) => String((event as { reason?: unknown }).reason ?? '').trim();

const comment = {
  guard: and(['isTeamManager', 'hasReason']),
  target: 'commented',
  actions: ['markRead', 'keepComment'],
  description: 'The manager comments (reading it on the way, if not yet read).',
} as const;

/**
 * A person's daily work report (notes/domain.md §9.3): one per person per working day, due at 23:59
 * of its day; submitted later it reads late, and three days after its day the daily job locks a
 * report still in draft (not submitted). The province manager of the reporter's team reads it and
 * comments on it. The day's visits, new registrations and opportunity changes are summarised by the
 * server from the records, never typed.
 */
export const dailyReportWorkflow = setup({
  types: { context: {} as DailyReportContext, events: {} as DailyReportEvent, input: {} as DailyReportInput },
  guards: {
    isReporter: ({ context, event }: Args) => event.actor.id === context.reporter.id,
    isSystem: ({ event }: Args) => isSystemActor(event.actor),
    isTeamManager: ({ event }: Args) => event.actor.role === ROLE.provinceManager,
    hasReason: ({ event }: Args) => reasonOf(event).length > 0,
  },
  actions: {
    submit: assign(({ event }) => {
      const e = event as Submit;
      return { submittedAt: e.submittedAt, late: e.late === true };
    }),
    markRead: assign(({ context, event }) => ({
      readBy: context.readBy ?? event.actor.name,
      readAt: context.readAt ?? (event as Read).readAt,
    })),
    keepComment: assign({
      commentedBy: ({ event }) => event.actor.name,
      comment: ({ event }) => reasonOf(event),
    }),
  },
}).createMachine({
  id: 'dailyReport',
  context: ({ input }) => ({ ...input }),
  initial: 'draft',
  states: {
    draft: {
      description:
        'Written by the reporter; the server refuses a submission more than three days after the report day.',
      on: {
        'report.submit': {
          guard: 'isReporter',
          target: 'submitted',
          actions: 'submit',
          description: 'After 23:59 of the report day it is marked late.',
        },
        'report.lock': {
          guard: 'isSystem',
          target: 'locked',
          description: 'The daily job, three days after the report day: not submitted.',
        },
      },
    },
    submitted: {
      tags: [AWAITING_DECISION],
      description: 'Submitted: the province manager reads it and may comment.',
      on: {
        'report.read': { guard: 'isTeamManager', target: 'read', actions: 'markRead' },
        'report.comment': comment,
      },
    },
    read: { on: { 'report.comment': comment } },
    commented: { type: 'final' },
    locked: { type: 'final' },
  },
});

/** The status a report shows for each state. */
export function reportStatusOf(snapshot: AnyMachineSnapshot) {
  const state = String(snapshot.value);
  const context = snapshot.context as DailyReportContext;
  if (state === 'submitted') return context.late ? REPORT_STATUS.late : REPORT_STATUS.submitted;
  return REPORT_STATUS[state as keyof typeof REPORT_STATUS] ?? REPORT_STATUS.draft;
}

const stamp = z.string().trim().max(40).optional();

/** Daily reports, written and read on the daily work form (/salesActivity/daily-work-form). */
export const dailyReportDeclaration = defineWorkflow({
  name: 'dailyReport',
  machine: dailyReportWorkflow,
  subject: { resource: 'dailyReport', streams: 'onePerSubject' },
  chains: [],
  commands: {
    submit: {
      event: 'report.submit',
      payload: z.object({ submittedAt: stamp, late: z.boolean().optional() }),
    },
    lock: { event: 'report.lock', payload: payloads.none },
    markRead: { event: 'report.read', payload: z.object({ readAt: stamp }) },
    commentReport: {
      event: 'report.comment',
      payload: payloads.reason.extend({ readAt: stamp }),
      asks: 'reason',
    },
  },
  payloadGuards: ['hasReason'],
  decider: (snapshot) => (snapshot.value === 'submitted' ? { role: ROLE.provinceManager } : null),
  projection: (snapshot) => {
    const c = snapshot.context as DailyReportContext;
    return {
      SubmitStatus: reportStatusOf(snapshot),
      SubmittedOn: c.submittedAt ?? null,
      LateSubmission: c.late === true,
      ReadByName: c.readBy ?? null,
      ReadOn: c.readAt ?? null,
      ReviewerName: c.commentedBy ?? null,
      ReviewComment: c.comment ?? null,
    };
  },
  example: {
    input: { reporter: { id: 'city-1', name: 'Zhao (city)', role: ROLE.cityManager } },
    actors: [
      { id: 'city-1', name: 'Zhao (city)', role: ROLE.cityManager },
      { id: 'city-2', name: 'Qian (city)', role: ROLE.cityManager },
      { id: 'province-1', name: 'Li (province)', role: ROLE.provinceManager },
      { id: 'province-2', name: 'Sun (province)', role: ROLE.provinceManager },
      SYSTEM_ACTOR,
    ],
  },
});
