import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { StiStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';
import { STI_CALCULATORS, STI_POSTER, STI_REVIEWER, type StiFigures } from './rsp-sti.workflow';

export interface CityManagerStiInput {
  /** Who pressed calculate first: the stream begins with that command. */
  applicant: WorkflowActor;
}

export interface CityManagerStiContext extends CityManagerStiInput {
  figures?: StiFigures;
  /** Who calculated (or last recalculated) the figures: neither reviews nor posts them. */
  calculatedBy?: WorkflowActor;
  reason?: string;
}

type Calculation = { figures?: StiFigures } & ActorEvent;

export type CityManagerStiEvent =
  | ({ type: 'sti.calculate' } & Calculation)
  | ({ type: 'review.agree'; comment?: string } & ActorEvent)
  | ({ type: 'review.return'; reason: string } & ActorEvent)
  | ({ type: 'sti.post' } & ActorEvent)
  | ({ type: 'sti.return'; reason: string } & ActorEvent);

const hasReason = ({ event }: { event: CityManagerStiEvent }) => {
  const reason = (event as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim().length > 0;
};

/**
 * A city manager's STI of one closed quarter of an approved city-manager task (STI_1 for the sell-in
 * tasks, STI_2 for the others; docs/sales-tasks.md "STI"): the same review as an RSP's — HQ calculates
 * it, the executive reviews the figures, the channel department posts it, or it is returned with a
 * reason and calculated again; whoever calculated it neither reviews nor posts it. A city manager is
 * staff, so posting hands the amount to payroll: it writes no rebate ledger flow.
 */
export const cityManagerStiWorkflow = setup({
  types: {
    context: {} as CityManagerStiContext,
    events: {} as CityManagerStiEvent,
    input: {} as CityManagerStiInput,
  },
  guards: {
    isStiCalculator: ({ event }) => STI_CALCULATORS.includes(event.actor.role),
    isStiReviewer: ({ event }) => event.actor.role === STI_REVIEWER,
    isStiPoster: ({ event }) => event.actor.role === STI_POSTER,
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
  id: 'cityManagerStiReview',
  context: ({ input }) => ({ ...input }),
  initial: 'due',
  states: {
    due: {
      description:
        'The quarter is over and the task was approved before it began: HQ calculates the STI from what the city manager achieved.',
      on: {
        'sti.calculate': { guard: 'isStiCalculator', target: 'calculated', actions: 'takeFigures' },
      },
    },
    calculated: {
      tags: [AWAITING_DECISION],
      description: 'The executive reviews the figures; whoever calculated them does not.',
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
      description: 'The channel department posts it for payroll; whoever calculated it does not.',
      on: {
        'sti.post': {
          guard: 'mayPostSti',
          target: 'posted',
          description: 'Handed to payroll: a city manager’s STI is pay, not a rebate.',
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

/** StiStatus of each state (dictionary StiStatus): the words the STI_1/STI_2 lists show. */
export const CITY_MANAGER_STI_STATUS: Record<string, string> = {
  due: StiStatus.awaitingCalculation,
  calculated: StiStatus.awaitingConfirmation,
  reviewed: StiStatus.confirmed,
  posted: StiStatus.posted,
  returned: StiStatus.returned,
};

function decider(snapshot: AnyMachineSnapshot) {
  const state = String(snapshot.value);
  if (state === 'calculated') return { role: STI_REVIEWER };
  if (state === 'reviewed' || state === 'returned') return { role: STI_POSTER };
  return null;
}

export const cityManagerStiDeclaration = defineWorkflow({
  name: 'cityManagerStiReview',
  machine: cityManagerStiWorkflow,
  // The subject is the STI_1/STI_2 row of a task and quarter (view sti_task), which reads its status
  // and frozen figures from this stream: nothing is mirrored onto it.
  subject: { resource: 'stiTask', streams: 'onePerSubject' },
  chains: [],
  commands: {
    calculate: { event: 'sti.calculate', payload: payloads.none },
    agree: { event: 'review.agree', payload: payloads.comment },
    return: { event: 'review.return', payload: payloads.reason, asks: 'reason' },
    post: { event: 'sti.post', payload: payloads.none },
    returnBeforePosting: { event: 'sti.return', payload: payloads.reason, asks: 'reason' },
  },
  payloadGuards: ['hasReason'],
  decider,
  version: 1,
  example: {
    input: { applicant: { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment } },
    actors: [
      { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment },
      { id: 'dept-2', name: 'Feng (channel department)', role: ROLE.channelDepartment },
      { id: 'vp-1', name: 'Zheng (executive)', role: ROLE.executive },
      { id: 'admin-1', name: 'Admin', role: ROLE.systemAdmin },
      { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
    ],
  },
});
