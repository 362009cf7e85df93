import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { z } from 'zod';
import { OpinionStatus } from '../../domain/codes/reports.codes';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** Dictionary OpinionStatus, by state. */
export const OPINION_STATUS = {
  open: OpinionStatus.open,
  replied: OpinionStatus.replied,
  closed: OpinionStatus.closed,
} as const;

export interface ReportOpinionInput {
  /** The vendor employee who raised the opinion: the one who closes or reopens it. */
  reviewer: WorkflowActor;
  /** The staff role of the reporting agent's company (RSP, CCP or distributor staff): who replies. */
  agentRole: string;
}

export interface ReportOpinionContext extends ReportOpinionInput {
  reply?: string;
  repliedBy?: string;
  repliedAt?: string;
  closedBy?: string;
  closedAt?: string;
  comment?: string;
  /** Why the reviewer sent the opinion back after a reply. */
  reopenReason?: string;
}

type Stamp = { at?: string };
export type ReportOpinionEvent =
  | ({ type: 'opinion.reply'; reason: string } & Stamp & ActorEvent)
  | ({ type: 'opinion.reopen'; reason: string } & Stamp & ActorEvent)
  | ({ type: 'opinion.close'; reason?: string } & Stamp & ActorEvent)
  | ({ type: 'opinion.withdraw' } & Stamp & ActorEvent);

type Args = { context: ReportOpinionContext; event: ReportOpinionEvent };
const reasonOf = (event: ReportOpinionEvent) => String((event as { reason?: unknown }).reason ?? '').trim();
const stampOf = (event: ReportOpinionEvent) => (event as Stamp).at;

/**
 * A reviewer's opinion on an agent's report, or on one line of it (notes/domain.md §7.3, feedback opinions): the
 * reviewer raises it, the reporting agent's staff reply, the reviewer closes it or, not satisfied,
 * reopens it with a reason. The agent changes the report itself through its edit or a new import,
 * which the modification log records.
 */
export const reportOpinionWorkflow = setup({
  types: {
    context: {} as ReportOpinionContext,
    events: {} as ReportOpinionEvent,
    input: {} as ReportOpinionInput,
  },
  guards: {
    isReportingAgent: ({ context, event }: Args) => event.actor.role === context.agentRole,
    isOpinionReviewer: ({ context, event }: Args) => event.actor.id === context.reviewer.id,
    hasReason: ({ event }: Args) => reasonOf(event).length > 0,
  },
  actions: {
    keepReply: assign(({ event }) => ({
      reply: reasonOf(event),
      repliedBy: event.actor.name,
      repliedAt: stampOf(event),
    })),
    keepReopen: assign(({ event }) => ({ reopenReason: reasonOf(event) })),
    keepClose: assign(({ event }) => ({
      closedBy: event.actor.name,
      closedAt: stampOf(event),
      comment: reasonOf(event) || undefined,
    })),
  },
}).createMachine({
  id: 'reportOpinion',
  context: ({ input }) => ({ ...input }),
  initial: 'open',
  states: {
    open: {
      tags: [AWAITING_DECISION],
      description:
        "Raised by the reviewer on the report or one of its lines; the reporting agent's staff reply (only their own company's opinions reach them).",
      on: {
        'opinion.reply': {
          guard: and(['isReportingAgent', 'hasReason']),
          target: 'replied',
          actions: 'keepReply',
        },
        'opinion.withdraw': {
          guard: 'isOpinionReviewer',
          target: 'closed',
          actions: 'keepClose',
          description: 'The reviewer takes the opinion back before the agent replies.',
        },
      },
    },
    replied: {
      tags: [AWAITING_DECISION],
      description: 'The agent replied; the reviewer who raised it closes it or reopens it with a reason.',
      on: {
        'opinion.close': { guard: 'isOpinionReviewer', target: 'closed', actions: 'keepClose' },
        'opinion.reopen': {
          guard: and(['isOpinionReviewer', 'hasReason']),
          target: 'open',
          actions: 'keepReopen',
          description: 'Not settled by the reply: back to the agent, the reason beside the opinion.',
        },
      },
    },
    closed: { type: 'final', description: 'Settled; kept with its reply for both sides to read.' },
  },
});

/** The status an opinion shows for each state. */
export const opinionStatusOf = (snapshot: AnyMachineSnapshot) =>
  OPINION_STATUS[String(snapshot.value) as keyof typeof OPINION_STATUS] ?? OPINION_STATUS.open;

const stamp = z.object({ at: z.string().trim().max(40).optional() });

/** Opinions on reports, raised and followed on /report/opinion-list and its detail page. */
export const reportOpinionDeclaration = defineWorkflow({
  name: 'reportOpinion',
  machine: reportOpinionWorkflow,
  subject: { resource: 'reportOpinion', streams: 'onePerSubject' },
  chains: [],
  commands: {
    reply: { event: 'opinion.reply', payload: payloads.reason.extend(stamp.shape), asks: 'reason' },
    close: {
      event: 'opinion.close',
      payload: payloads.optionalReason.extend(stamp.shape),
      asks: 'optionalReason',
    },
    reopen: { event: 'opinion.reopen', payload: payloads.reason.extend(stamp.shape), asks: 'reason' },
    withdraw: { event: 'opinion.withdraw', payload: stamp },
  },
  payloadGuards: ['hasReason'],
  decider: (snapshot) => {
    const context = snapshot.context as ReportOpinionContext;
    if (snapshot.value === 'open') return { role: context.agentRole };
    if (snapshot.value === 'replied')
      return {
        role: context.reviewer.role,
        personId: context.reviewer.id,
        personName: context.reviewer.name,
      };
    return null;
  },
  projection: (snapshot) => {
    const c = snapshot.context as ReportOpinionContext;
    return {
      OpinionStatus: opinionStatusOf(snapshot),
      ReplyContent: c.reply ?? null,
      RepliedBy: c.repliedBy ?? null,
      RepliedOn: c.repliedAt ?? null,
      ReopenReason: c.reopenReason ?? null,
      ClosedBy: c.closedBy ?? null,
      ClosedOn: c.closedAt ?? null,
      CloseComment: c.comment ?? null,
    };
  },
  example: {
    input: {
      reviewer: { id: 'channel-1', name: 'Wu (channel)', role: ROLE.channelManager },
      agentRole: ROLE.distributor,
    },
    actors: [
      { id: 'channel-1', name: 'Wu (channel)', role: ROLE.channelManager },
      { id: 'channel-2', name: 'Zheng (channel)', role: ROLE.channelManager },
      { id: 'gd-1', name: 'Wei (distributor)', role: ROLE.distributor },
      { id: 'rsp-1', name: 'Chen (RSP)', role: ROLE.rspAgent },
    ],
  },
});
