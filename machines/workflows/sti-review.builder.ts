import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { ROLE } from '../../domain/roles';
import type { StiFigures } from '../../domain/sti';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads, type WorkflowDeclaration } from './declaration';

/** Who calculates an STI once its quarter is over: HQ's channel department, the executive, the administrator. */
export const STI_CALCULATORS: readonly string[] = [ROLE.channelDepartment, ROLE.executive, ROLE.systemAdmin];
/** Who reviews the figures: the executive, who approves the targets they are measured against. */
export const STI_REVIEWER = ROLE.executive;
/** Who posts reviewed STI: the channel department. */
export const STI_POSTER = ROLE.channelDepartment;

export interface StiReviewInput {
  /** Who opened the stream: with no state before the figures, the opening calculates and they come with it. */
  applicant: WorkflowActor;
  /** The opening's calculation, written by the server (server/sales-tasks/sti-posting.service.ts). */
  figures?: StiFigures;
}

export interface StiReviewContext extends StiReviewInput {
  figures?: StiFigures;
  /** Who calculated (or last recalculated) the figures: neither reviews nor posts them. */
  calculatedBy?: WorkflowActor;
  reason?: string;
}

type Calculation = { figures?: StiFigures } & ActorEvent;

export type StiReviewEvent =
  | ({ type: 'sti.calculate' } & Calculation)
  | ({ type: 'review.agree'; comment?: string } & ActorEvent)
  | ({ type: 'review.return'; reason: string } & ActorEvent)
  | ({ type: 'sti.post' } & ActorEvent)
  | ({ type: 'sti.return'; reason: string } & ActorEvent);

const hasReason = ({ event }: { event: StiReviewEvent }) => {
  const reason = (event as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim().length > 0;
};

/**
 * Where one STI review differs from another: its name, whether it waits for a first calculation,
 * the texts analysts read on the chart, what posting does, and the subject its lists read. Events,
 * guards and assignments are the same in all, so the stored streams of each replay alike.
 */
export interface StiReviewShape {
  /** The machine's id and the workflow's name. */
  name: string;
  /**
   * A state before the figures, in which HQ calculates the STI for the first time. Without it the
   * opening is the calculation: the figures come with it and the applicant is who calculated them.
   */
  due?: { description: string };
  /** What the state waiting for the executive's review means. */
  calculatedDescription: string;
  /** What the state waiting for the channel department's posting means. */
  reviewedDescription: string;
  /** What posting does. */
  postDescription: string;
  subject: WorkflowDeclaration['subject'];
  version?: number;
  /** Fields mirrored onto the subject record, where the subject keeps the STI's status itself. */
  projection?: WorkflowDeclaration['projection'];
  example: { input: StiReviewInput; actors: WorkflowActor[] };
}

function stiDecider(snapshot: AnyMachineSnapshot) {
  const state = String(snapshot.value);
  if (state === 'calculated') return { role: STI_REVIEWER };
  if (state === 'reviewed' || state === 'returned') return { role: STI_POSTER };
  return null;
}

/**
 * An STI of one closed quarter (notes §6.4, docs/sales-tasks.md "STI"): calculated by HQ from what
 * was achieved, reviewed by the executive and posted by the channel department — or returned with a
 * reason and calculated again from the records as they then stand. Whoever calculated the figures
 * neither reviews nor posts them.
 */
export function stiReviewWorkflow(shape: StiReviewShape) {
  const machine = setup({
    types: {
      context: {} as StiReviewContext,
      events: {} as StiReviewEvent,
      input: {} as StiReviewInput,
    },
    guards: {
      isStiCalculator: ({ event }) => STI_CALCULATORS.includes(event.actor.role),
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
    id: shape.name,
    context: shape.due
      ? ({ input }) => ({ ...input })
      : // The opening is the calculation (the server refuses an open quarter and a target approved
        // after the quarter began), so whoever opened it calculated it.
        ({ input }) => ({ ...input, calculatedBy: input.applicant }),
    initial: shape.due ? 'due' : 'calculated',
    states: {
      ...(shape.due && {
        due: {
          description: shape.due.description,
          on: {
            'sti.calculate': { guard: 'isStiCalculator', target: 'calculated', actions: 'takeFigures' },
          },
        },
      }),
      calculated: {
        tags: [AWAITING_DECISION],
        description: shape.calculatedDescription,
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
        description: shape.reviewedDescription,
        on: {
          'sti.post': { guard: 'mayPostSti', target: 'posted', description: shape.postDescription },
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

  const declaration = defineWorkflow({
    name: shape.name,
    machine,
    subject: shape.subject,
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
    version: shape.version,
    projection: shape.projection,
    example: shape.example,
  });

  return { machine, declaration };
}
