import { and, assign, setup } from 'xstate';
import { z } from 'zod';
import { TaskConfirmStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE, TASK_OFFICE } from '../../domain/roles';
import { type ActorEvent, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/**
 * The portal's own role: the daily job auto-confirming a line nobody answered, and the package
 * withdrawing its open lines when it goes back to allocation, sign with it.
 */
export const SYSTEM_ROLE = SYSTEM_ACTOR.role;

/** An objection: the reason, and the figure the RSP proposes (yuan, two decimals at most). */
const objection = payloads.reason.extend({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,16}(\.\d{1,2})?$/)
    .optional(),
});

export interface RspTaskConfirmationInput {
  /** Who sent the line for confirmation (the province office). */
  sender: WorkflowActor;
  /**
   * The province target (its ObjectID) the line was sent under: an answer stands for that target only,
   * so a line moved to another one is answered again there (docs/sales-tasks.md). Rounds sent before
   * rounds named their target carry none.
   */
  target?: string;
}

export interface RspTaskConfirmationContext extends RspTaskConfirmationInput {
  /** The RSP's proposed figure and reason, when it objects. */
  proposedAmount?: string;
  reason?: string;
  /** How the province office ruled on an objection: the proposed figure taken, or the line kept. */
  ruling?: 'accepted' | 'kept';
}

export type RspTaskConfirmationEvent =
  | ({ type: 'confirmation.confirm' } & ActorEvent)
  | ({ type: 'confirmation.object'; reason: string; amount?: string } & ActorEvent)
  | ({ type: 'confirmation.expire' } & ActorEvent)
  | ({ type: 'confirmation.accept'; comment?: string } & ActorEvent)
  | ({ type: 'confirmation.keep'; reason: string } & ActorEvent)
  | ({ type: 'confirmation.withdraw' } & ActorEvent);

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

const withdrawable = {
  'confirmation.withdraw': {
    guard: 'isSystem',
    target: '#rspTaskConfirmation.withdrawn',
    description: 'The package went back to allocation: this line is sent again once it is changed.',
  },
} as const;

/**
 * One RSP's line of a province target, sent to the RSP (notes §6.2 step 4): the RSP confirms it, or
 * objects with a proposed figure and a reason; nobody answering by the deadline counts as confirmed
 * and is flagged. The province office rules on an objection: it takes the proposed figure (the
 * server writes it onto the line) or keeps the line with a reason.
 */
export const rspTaskConfirmationWorkflow = setup({
  types: {
    context: {} as RspTaskConfirmationContext,
    events: {} as RspTaskConfirmationEvent,
    input: {} as RspTaskConfirmationInput,
  },
  guards: {
    isRspStaff: ({ event }) => event.actor.role === ROLE.rspAgent,
    isTaskOffice: ({ event }) => TASK_OFFICE.includes(event.actor.role),
    isSystem: ({ event }) => event.actor.role === SYSTEM_ROLE,
    hasReason: ({ event }) => hasText((event as { reason?: unknown }).reason),
  },
}).createMachine({
  id: 'rspTaskConfirmation',
  context: ({ input }) => ({ ...input }),
  initial: 'pending',
  states: {
    pending: {
      description:
        'Sent to the RSP with a deadline; only the RSP the line names reads it, and it waits in its to-dos.',
      tags: [AWAITING_DECISION],
      on: {
        'confirmation.confirm': { guard: 'isRspStaff', target: 'confirmed' },
        'confirmation.object': {
          guard: and(['isRspStaff', 'hasReason']),
          target: 'objected',
          description: 'An objection names the figure the RSP proposes and why.',
          actions: assign({
            reason: ({ event }) => (event as { reason?: string }).reason,
            proposedAmount: ({ event }) => (event as { amount?: string }).amount,
          }),
        },
        'confirmation.expire': {
          guard: 'isSystem',
          target: 'autoConfirmed',
          description: 'The deadline passed without an answer: confirmed by the daily job, and flagged.',
        },
        ...withdrawable,
      },
    },
    objected: {
      description: 'The province office rules on the objection.',
      tags: [AWAITING_DECISION],
      on: {
        'confirmation.accept': {
          guard: 'isTaskOffice',
          target: 'ruled',
          description:
            'The proposed figure becomes the line (written by the server in the same transaction).',
          actions: assign({ ruling: 'accepted' as const }),
        },
        'confirmation.keep': {
          guard: and(['isTaskOffice', 'hasReason']),
          target: 'ruled',
          description: 'The line stays as allocated, with the reason given to the RSP.',
          actions: assign({
            ruling: 'kept' as const,
            reason: ({ event }) => (event as { reason?: string }).reason,
          }),
        },
        ...withdrawable,
      },
    },
    confirmed: { type: 'final' },
    autoConfirmed: { type: 'final', description: 'Confirmed by silence; the line shows the flag.' },
    ruled: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});

/** TaskConfirmStatus of each state (dictionary TaskConfirmStatus). */
export const CONFIRM_STATUS: Record<string, string> = {
  pending: TaskConfirmStatus.pending,
  confirmed: TaskConfirmStatus.confirmed,
  objected: TaskConfirmStatus.objected,
  ruled: TaskConfirmStatus.decided,
  autoConfirmed: TaskConfirmStatus.autoConfirmed,
};

/** States in which a line counts as answered for the package's submission. */
export const ANSWERED_STATES: readonly string[] = ['confirmed', 'autoConfirmed', 'ruled'];

export const rspTaskConfirmationDeclaration = defineWorkflow({
  name: 'rspTaskConfirmation',
  machine: rspTaskConfirmationWorkflow,
  titleKey: 'page.salesTask.rspTaskConfirm',
  subject: { resource: 'rspTaskAllocation', streams: 'many' },
  chains: [],
  commands: {
    confirm: { event: 'confirmation.confirm', payload: payloads.none },
    // One step: the figure proposed and the reason are asked together in the objection's dialog.
    object: { event: 'confirmation.object', payload: objection, asks: 'proposal' },
    accept: { event: 'confirmation.accept', payload: payloads.comment },
    keep: { event: 'confirmation.keep', payload: payloads.reason, asks: 'reason' },
    // Sent by the server only (the guard admits no person): the deadline job and a reopened package.
    expire: { event: 'confirmation.expire', payload: payloads.none },
    withdraw: { event: 'confirmation.withdraw', payload: payloads.none },
  },
  payloadGuards: ['hasReason'],
  // A line sent out waits for the RSP's staff (the scope narrows it to the RSP the line names); an
  // objection waits for the province office's ruling.
  decider: (snapshot) =>
    snapshot.value === 'pending' ? { role: ROLE.rspAgent } : { role: ROLE.provinceManager },
  // The ruling is taken beside the RSP's proposed figure and reason.
  panelFields: [
    { field: 'ObjectionAmount', kind: 'price' },
    { field: 'ObjectionReason', kind: 'text' },
  ],
  projection: (snapshot) => {
    const context = snapshot.context as RspTaskConfirmationContext;
    const state = String(snapshot.value);
    return {
      ConfirmStatus: CONFIRM_STATUS[state] ?? null,
      ObjectionAmount: context.proposedAmount ?? null,
      ObjectionReason: context.reason ?? null,
    };
  },
  example: {
    input: { sender: { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager } },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
      { id: 'job', name: 'Scheduled job', role: SYSTEM_ROLE },
      { id: 'ccp-1', name: 'Chu (CCP staff)', role: ROLE.ccpAgent },
    ],
  },
});
