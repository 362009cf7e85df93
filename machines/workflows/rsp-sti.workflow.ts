import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { StiStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** Who calculates an RSP's STI once its quarter is over: HQ's channel department, the executive, the administrator. */
export const STI_CALCULATORS: readonly string[] = [ROLE.channelDepartment, ROLE.executive, ROLE.systemAdmin];
/** Who reviews the figures: the executive, who approves the targets they are measured against. */
export const STI_REVIEWER = ROLE.executive;
/** Who posts reviewed STI to the RSP's rebate account: the channel department. */
export const STI_POSTER = ROLE.channelDepartment;

/**
 * The figures of a calculation, written by the server into the event that carries them
 * (server/sales-tasks/sti-calculation.ts), so an STI's amounts replay with its history. Money is yuan
 * text with two decimals; the attainment is percent text.
 */
export interface StiFigures {
  TaskAmount: string;
  AchievedAmount: string;
  AchievementRate: string;
  StiLevel: string;
  StiBase: string;
  StiAmount: string;
}

export interface RspStiInput {
  /** Who opened it, which calculates it: the figures come with the opening. */
  applicant: WorkflowActor;
  /** The opening's calculation, written by the server (server/sales-tasks/sti-posting.service.ts). */
  figures?: StiFigures;
}

export interface RspStiContext extends RspStiInput {
  figures?: StiFigures;
  /** Who calculated (or last recalculated) the figures: neither reviews nor posts them. */
  calculatedBy?: WorkflowActor;
  reason?: string;
}

type Calculation = { figures?: StiFigures } & ActorEvent;

export type RspStiEvent =
  | ({ type: 'sti.calculate' } & Calculation)
  | ({ type: 'review.agree'; comment?: string } & ActorEvent)
  | ({ type: 'review.return'; reason: string } & ActorEvent)
  | ({ type: 'sti.post' } & ActorEvent)
  | ({ type: 'sti.return'; reason: string } & ActorEvent);

const hasReason = ({ event }: { event: RspStiEvent }) => {
  const reason = (event as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim().length > 0;
};

/**
 * An RSP's STI for one closed quarter of its approved line (notes §6.4, docs/sales-tasks.md "STI"):
 * calculated from what it achieved once the quarter is over, reviewed by the executive and posted to
 * its rebate account by the channel department — or returned with a reason and calculated again.
 * Whoever calculated the figures neither reviews nor posts them.
 */
export const rspStiWorkflow = setup({
  types: {
    context: {} as RspStiContext,
    events: {} as RspStiEvent,
    input: {} as RspStiInput,
  },
  guards: {
    isStiReviewer: ({ event }) => event.actor.role === STI_REVIEWER,
    isStiPoster: ({ event }) => event.actor.role === STI_POSTER,
    /** Two people: whoever calculated (or last recalculated) the figures does not review or post them. */
    isNotStiCalculator: ({ context, event }) => context.calculatedBy?.id !== event.actor.id,
    hasReason,
    mayReviewSti: and(['isStiReviewer', 'isNotStiCalculator']),
    mayReturnSti: and(['isStiReviewer', 'isNotStiCalculator', 'hasReason']),
    mayPostSti: and(['isStiPoster', 'isNotStiCalculator']),
    mayReturnBeforePosting: and(['isStiPoster', 'isNotStiCalculator', 'hasReason']),
  },
  actions: {
    takeFigures: assign({
      figures: ({ context, event }) => (event as Calculation).figures ?? context.figures,
      calculatedBy: ({ event }) => (event as Calculation).actor,
      reason: undefined,
    }),
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
  },
}).createMachine({
  id: 'rspStiReview',
  // Opening an STI is calculating it: HQ opens a closed quarter of an approved line and its figures
  // come with it (the server refuses an open quarter and a target approved after the quarter began).
  context: ({ input }) => ({ ...input, calculatedBy: input.applicant }),
  initial: 'calculated',
  states: {
    calculated: {
      tags: [AWAITING_DECISION],
      description:
        'Calculated from what the RSP achieved on the line’s brand in the quarter; the executive reviews the figures, whoever calculated them does not.',
      on: {
        'review.agree': { guard: 'mayReviewSti', target: 'reviewed' },
        'review.return': {
          guard: 'mayReturnSti',
          target: 'returned',
          description: 'Returned with a reason, to be calculated again.',
          actions: 'keepReason',
        },
      },
    },
    reviewed: {
      tags: [AWAITING_DECISION],
      description:
        'The channel department posts it to the RSP’s rebate account; whoever calculated it does not.',
      on: {
        'sti.post': {
          guard: 'mayPostSti',
          target: 'posted',
          description: 'One STI flow on the RSP’s rebate account of the line’s brand, naming the STI.',
        },
        'sti.return': { guard: 'mayReturnBeforePosting', target: 'returned', actions: 'keepReason' },
      },
    },
    returned: {
      tags: [AWAITING_DECISION],
      description: 'The channel department calculates it again from the records as they now stand.',
      on: {
        'sti.calculate': { guard: 'isStiPoster', target: 'calculated', actions: 'takeFigures' },
      },
    },
    posted: { type: 'final' },
  },
});

/** StiStatus of each state (dictionary StiStatus). */
export const STI_STATUS: Record<string, string> = {
  calculated: StiStatus.awaitingConfirmation,
  reviewed: StiStatus.confirmed,
  posted: StiStatus.posted,
  returned: StiStatus.returned,
};

function stiDecider(snapshot: AnyMachineSnapshot) {
  const state = String(snapshot.value);
  if (state === 'calculated') return { role: STI_REVIEWER };
  if (state === 'reviewed' || state === 'returned') return { role: STI_POSTER };
  return null;
}

export const rspStiDeclaration = defineWorkflow({
  name: 'rspStiReview',
  machine: rspStiWorkflow,
  subject: { resource: 'rspSti', streams: 'onePerSubject' },
  chains: [],
  commands: {
    calculate: { event: 'sti.calculate', payload: payloads.none },
    agree: { event: 'review.agree', payload: payloads.comment },
    return: { event: 'review.return', payload: payloads.reason, asks: 'reason' },
    post: { event: 'sti.post', payload: payloads.none },
    returnBeforePosting: { event: 'sti.return', payload: payloads.reason, asks: 'reason' },
  },
  payloadGuards: ['hasReason'],
  decider: stiDecider,
  /** 2: opening an STI calculates it; no stream waits in a state of its own before its figures. */
  version: 2,
  projection: (snapshot) => {
    const context = snapshot.context as RspStiContext;
    return {
      StiStatus: STI_STATUS[String(snapshot.value)] ?? null,
      ReturnReason: String(snapshot.value) === 'returned' ? (context.reason ?? null) : null,
      CalculatedBy: context.calculatedBy?.name ?? null,
      ...(context.figures ?? {}),
    };
  },
  example: {
    input: { applicant: { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment } },
    actors: [
      { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment },
      { id: 'dept-2', name: 'Feng (channel department)', role: ROLE.channelDepartment },
      { id: 'vp-1', name: 'Zheng (executive)', role: ROLE.executive },
      { id: 'vp-2', name: 'Wu (executive)', role: ROLE.executive },
      { id: 'admin-1', name: 'Admin', role: ROLE.systemAdmin },
      { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
    ],
  },
});
