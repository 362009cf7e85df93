import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { z } from 'zod';
import { RebateSettlementStatus } from '../../domain/codes/rebates.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/**
 * The rebate desk: who sets rebate tasks (the task form, server/rebates/rebate-desk.ts) and starts a
 * settlement's calculation once its period has closed. Only the roles that hold the rebate pages: the
 * channel manager and the channel management department hold none, so a chart naming them would offer
 * them what the server refuses (the same rule as the policy office's).
 */
export const REBATE_DESK: readonly string[] = [ROLE.systemAdmin, ROLE.salesOperations];
/**
 * Who reviews a settlement and answers an objection: the sales operations desk, which runs the rebate
 * pages for the vendor (notes §5.2 names the channel side; of it only this desk holds the rebate menus).
 */
export const SETTLEMENT_REVIEWER = ROLE.salesOperations;

/**
 * The figures of a calculation, written by the server into the event that carries them
 * (server/rebates/settlement.hooks.ts), so a settlement's amounts replay with its history.
 * Money is yuan text with two decimals; rates are percent text.
 */
export interface SettlementFigures {
  TaskAmount: string;
  AchievedAmount: string;
  ExcludedAmount: string;
  EffectiveBase: string;
  AchievementRate: string;
  TierName: string;
  RebateRate: string;
  CalculatedRebate: string;
  AdjustAmount: string;
  AdjustReason: string | null;
  PayableRebate: string;
}

/**
 * The days a calculation is checked on, as the server knows them: the business day (Asia/Shanghai)
 * and the last day of the task's period. The server adds them to the event, and to the question of
 * what a page may offer, so the guard that refuses the command is the one that hides the button.
 */
export interface SettlementDates {
  today: string;
  periodEnd: string;
}

/** A settlement is calculated the day after its period's last day, or later. */
export const hasClosedOn = (dates: SettlementDates) => !dates.periodEnd || dates.today > dates.periodEnd;

export interface RebateSettlementInput {
  /** The role of the agent's staff, who confirm or object (RSP, CCP or distributor staff). */
  agentRole: string;
  applicant: WorkflowActor;
}

export interface RebateSettlementContext extends RebateSettlementInput {
  figures?: SettlementFigures;
  /** Who calculated the figures under review (the last recalculation's author after an objection). */
  calculatedBy?: WorkflowActor;
  reason?: string;
  objections: number;
}

type Calculation = { figures?: SettlementFigures; dates?: SettlementDates } & ActorEvent;

export type RebateSettlementEvent =
  | ({ type: 'settlement.calculate' } & Calculation)
  | ({ type: 'review.agree'; comment?: string } & ActorEvent)
  | ({ type: 'review.return'; reason: string } & ActorEvent)
  | ({ type: 'settlement.confirm' } & ActorEvent)
  | ({ type: 'settlement.object'; reason: string } & ActorEvent)
  | ({ type: 'settlement.recalculate'; reason: string; adjustAmount?: string } & Calculation)
  | ({ type: 'settlement.post' } & ActorEvent)
  | ({ type: 'settlement.void'; reason: string } & ActorEvent);

const hasReason = ({ event }: { event: RebateSettlementEvent }) => {
  const reason = (event as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim().length > 0;
};

/**
 * A rebate settlement of one agent's task for one period (notes §5.2): calculated after the period
 * closes from the task's achievement and the policy's tiers frozen at publication, reviewed by the
 * sales operations desk, then confirmed by the agent — or objected to with a reason, recalculated and
 * reviewed again — and posted to the agent's ledger by finance.
 */
export const rebateSettlementWorkflow = setup({
  types: {
    context: {} as RebateSettlementContext,
    events: {} as RebateSettlementEvent,
    input: {} as RebateSettlementInput,
  },
  guards: {
    isCalculator: ({ event }) => REBATE_DESK.includes(event.actor.role),
    isReviewer: ({ event }) => event.actor.role === SETTLEMENT_REVIEWER,
    /** Two people: whoever calculated (or last recalculated) the figures does not review them. */
    isNotCalculator: ({ context, event }) => context.calculatedBy?.id !== event.actor.id,
    isSettlementAgent: ({ context, event }) => event.actor.role === context.agentRole,
    isFinance: ({ event }) => event.actor.role === ROLE.finance,
    hasReason,
    // The days are the server's, on the event; an event kept before they were carried was checked then.
    periodClosed: ({ event }) => {
      const dates = (event as Calculation).dates;
      return !dates || hasClosedOn(dates);
    },
    mayCalculate: and(['isCalculator', 'periodClosed']),
    mayObject: and(['isSettlementAgent', 'hasReason']),
    mayReview: and(['isReviewer', 'isNotCalculator']),
    mayReturn: and(['isReviewer', 'isNotCalculator', 'hasReason']),
    mayRecalculate: and(['isReviewer', 'hasReason', 'periodClosed']),
    mayVoidSettlement: and(['isReviewer', 'hasReason']),
    mayVoidTask: and(['isCalculator', 'hasReason']),
  },
  actions: {
    takeFigures: assign({
      figures: ({ context, event }) => (event as Calculation).figures ?? context.figures,
      calculatedBy: ({ event }) => (event as Calculation).actor,
    }),
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
    countObjection: assign({ objections: ({ context }) => context.objections + 1 }),
  },
}).createMachine({
  id: 'rebateSettlement',
  context: ({ input }) => ({ ...input, objections: 0 }),
  initial: 'calculating',
  states: {
    calculating: {
      description:
        'The task runs: its achievement is computed every night and its rebate shown as an estimate. After the period closes, channel staff calculate the settlement.',
      on: {
        'settlement.calculate': {
          guard: 'mayCalculate',
          target: 'vendorReview',
          description:
            'Calculated from the achievement and the tiers the policy froze at publication, from the day after the period’s end (business day, Asia/Shanghai); before it, neither offered nor taken.',
          actions: 'takeFigures',
        },
        'settlement.void': {
          guard: 'mayVoidTask',
          target: 'void',
          description: 'A task set in error is voided with a reason before it is settled.',
          actions: 'keepReason',
        },
      },
    },
    vendorReview: {
      tags: [AWAITING_DECISION],
      description:
        'The sales operations desk checks the calculation: agrees, or voids it with a reason. Whoever calculated (or last recalculated) it does not review it: a colleague of the desk does.',
      on: {
        'review.agree': { guard: 'mayReview', target: 'awaitingAgent' },
        'review.return': {
          guard: 'mayReturn',
          target: 'calculating',
          description: 'Sent back to be calculated again (late orders or payments), with a reason.',
          actions: 'keepReason',
        },
        'settlement.void': { guard: 'mayVoidSettlement', target: 'void', actions: 'keepReason' },
      },
    },
    awaitingAgent: {
      tags: [AWAITING_DECISION],
      description: 'The agent’s staff confirm the amount, or object to it with a reason.',
      on: {
        'settlement.confirm': { guard: 'isSettlementAgent', target: 'confirmed' },
        'settlement.object': {
          guard: 'mayObject',
          target: 'disputed',
          actions: ['keepReason', 'countObjection'],
        },
      },
    },
    disputed: {
      tags: [AWAITING_DECISION],
      description:
        'The sales operations desk answers the objection: recalculates (with an adjustment and its reason where due) and reviews again.',
      on: {
        'settlement.recalculate': {
          guard: 'mayRecalculate',
          target: 'vendorReview',
          actions: ['takeFigures', 'keepReason'],
        },
        'settlement.void': { guard: 'mayVoidSettlement', target: 'void', actions: 'keepReason' },
      },
    },
    confirmed: {
      tags: [AWAITING_DECISION],
      description: 'Confirmed by the agent: finance posts the payable amount to the agent’s rebate account.',
      on: {
        'settlement.post': {
          guard: 'isFinance',
          target: 'posted',
          description:
            'The ledger gets a post flow naming the settlement; the amount is usable until it expires.',
        },
      },
    },
    posted: { type: 'final' },
    void: { type: 'final' },
  },
});

/** RebateSettlementStatus keywords of each state (dictionary RebateSettlementStatus). */
export const SETTLEMENT_STATUS: Record<string, string> = {
  calculating: RebateSettlementStatus.calculating,
  vendorReview: RebateSettlementStatus.vendorReview,
  awaitingAgent: RebateSettlementStatus.awaitingAgent,
  disputed: RebateSettlementStatus.disputed,
  confirmed: RebateSettlementStatus.confirmed,
  posted: RebateSettlementStatus.posted,
  void: RebateSettlementStatus.void,
};

function settlementDecider(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as RebateSettlementContext;
  const state = String(snapshot.value);
  if (state === 'awaitingAgent') return { role: context.agentRole };
  if (state === 'confirmed') return { role: ROLE.finance };
  if (state === 'vendorReview' || state === 'disputed') return { role: SETTLEMENT_REVIEWER };
  return null;
}

const money = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/);

export const rebateSettlementDeclaration = defineWorkflow({
  name: 'rebateSettlement',
  machine: rebateSettlementWorkflow,
  subject: { resource: 'rebateTask', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.rebateSettlement,
  chains: [],
  commands: {
    calculate: { event: 'settlement.calculate', payload: payloads.none },
    agree: { event: 'review.agree', payload: payloads.comment },
    return: { event: 'review.return', payload: payloads.reason, asks: 'reason' },
    confirm: { event: 'settlement.confirm', payload: payloads.none },
    object: { event: 'settlement.object', payload: payloads.reason, asks: 'reason' },
    recalculate: {
      event: 'settlement.recalculate',
      payload: payloads.reason.extend({ adjustAmount: money.optional() }),
      asks: 'adjustment',
    },
    post: { event: 'settlement.post', payload: payloads.none },
    void: { event: 'settlement.void', payload: payloads.reason, asks: 'reason' },
  },
  payloadGuards: ['hasReason'],
  decider: settlementDecider,
  /** 2: the calculator no longer reviews their own figures. */
  version: 2,
  projection: (snapshot) => {
    const context = snapshot.context as RebateSettlementContext;
    return {
      SettlementStatus: SETTLEMENT_STATUS[String(snapshot.value)] ?? null,
      ObjectionReason: String(snapshot.value) === 'disputed' ? (context.reason ?? null) : null,
      ...(context.figures ?? {}),
    };
  },
  example: {
    input: {
      agentRole: ROLE.rspAgent,
      applicant: { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
    },
    // The sales operations desk calculates (the channel department holds no rebate pages), and a
    // colleague of the desk reviews what one of them calculated.
    actors: [
      { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
      { id: 'ops-2', name: 'Jiang (sales ops)', role: ROLE.salesOperations },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'agent-2', name: 'Chu (CCP staff)', role: ROLE.ccpAgent },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
    ],
  },
});
