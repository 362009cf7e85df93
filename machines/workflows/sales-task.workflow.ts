import { and, assign, or, setup } from 'xstate';
import { TaskApprovalStatus, TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE, TASK_OFFICE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, type WorkflowActor } from './actor';
import { type ChainProgress, type ChainStep, chainDecider, chainGuards, decisions } from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

/**
 * Who approves a province's task package, a late target and an adjustment: HQ's executive alone (notes
 * §6.2 step 5). The chart's example and the server's new packages both take it from here, so the chain
 * a tester reads on the chart is the one the portal applies.
 */
export const TASK_APPROVAL_CHAIN: string[] = [ROLE.executive];

export interface SalesTaskInput {
  /** Who approves a province's package: HQ (notes §6.2 step 5). */
  chain: ChainStep[];
  applicant: WorkflowActor;
  /**
   * Why a target is set after its period began (docs/sales-tasks.md "Set before its period"): given
   * only for such a target, which then waits for HQ to allow it before anything else happens.
   */
  lateReason?: string;
}

export interface SalesTaskContext extends SalesTaskInput, ChainProgress {
  /** Approved adjustment requests so far: the package shows "adjusting" while one is being made. */
  adjustments: number;
  /** HQ allowed the late target: it is allocated, confirmed and approved like one set in time. */
  lateAllowed: boolean;
}

export type SalesTaskEvent =
  | ({ type: 'late.agree'; comment?: string } & ActorEvent)
  | ({ type: 'late.reject'; reason: string } & ActorEvent)
  | ({ type: 'package.requestConfirmation' } & ActorEvent)
  | ({ type: 'package.reopen' } & ActorEvent)
  | ({ type: 'package.void'; reason: string } & ActorEvent)
  | ({ type: 'application.submit' } & ActorEvent)
  | ({ type: 'approval.agree'; comment?: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'approval.forward'; to: string; toName?: string } & ActorEvent)
  | ({ type: 'adjustment.request'; reason: string } & ActorEvent)
  | ({ type: 'adjustment.agree'; comment?: string } & ActorEvent)
  | ({ type: 'adjustment.reject'; reason: string } & ActorEvent)
  | ({ type: 'adjustment.forward'; to: string; toName?: string } & ActorEvent);

/**
 * A target entered in error (wrong province, year, brand line or figure) is voided by the province
 * office while the package is still its own, with the reason; an approved one is changed through an
 * adjustment request instead.
 */
const VOID_RULE =
  'Voided by the province office with a reason while the package is still its own; open confirmations are withdrawn.';

/**
 * A province target as a task package (notes §6.2): split and allocated to RSPs and city managers,
 * sent to the RSPs for confirmation, submitted once every RSP answered and the load bearing is
 * 100–130% (checked by the server), approved by HQ — then locked on every route, its lines too
 * (TaskApprovalStatus 111 in approval, 121 approved). A change after approval needs an adjustment
 * request HQ agrees to; the changed package is confirmed and approved again. A target set after its
 * period began carries the reason and waits for HQ's exception first: allowed, it is allocated like
 * any other; refused, it is closed for good.
 */
export const salesTaskWorkflow = setup({
  types: {
    context: {} as SalesTaskContext,
    events: {} as SalesTaskEvent,
    input: {} as SalesTaskInput,
  },
  guards: {
    ...chainGuards,
    isTaskOffice: ({ event }) => TASK_OFFICE.includes(event.actor.role),
    isSystem: ({ event }) => isSystemActor(event.actor),
    awaitsLateException: ({ context }) => Boolean(context.lateReason?.trim()) && !context.lateAllowed,
  },
  actions: {
    // A new round of approval starts at the chain's first node, with no decision yet.
    restartChain: assign({
      node: 0,
      decisions: 0,
      reason: undefined,
      forwardedTo: undefined,
      forwardedToName: undefined,
    }),
  },
}).createMachine({
  id: 'salesTask',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0, adjustments: 0, lateAllowed: false }),
  initial: 'allocating',
  states: {
    allocating: {
      description:
        'The province office splits the target (quarters, months) and allocates it to RSPs and city managers; every line may change.',
      always: {
        guard: 'awaitsLateException',
        target: 'lateReview',
        description: 'A target set after its period began waits for HQ to allow it, with its reason.',
      },
      on: {
        'package.void': {
          guard: and(['isTaskOffice', 'hasReason']),
          target: 'voided',
          description: VOID_RULE,
        },
        'package.requestConfirmation': {
          guard: 'isTaskOffice',
          target: 'confirming',
          description:
            'Each RSP line is sent to its RSP with a deadline; the server opens one confirmation per line.',
        },
      },
    },
    lateReview: {
      description:
        'HQ decides whether a target set after its period began may stand; the target is locked and takes no lines meanwhile.',
      tags: [AWAITING_DECISION],
      on: {
        // One step (TASK_APPROVAL_CHAIN): HQ's agreement decides, here and below.
        'late.agree': {
          ...decisions.finish(
            'isCurrentApprover',
            'allocating',
            'Allowed: the late target is allocated, confirmed and approved like one set in time.',
          ),
          actions: assign({
            lateAllowed: true,
            decisions: ({ context }) => context.decisions + 1,
            forwardedTo: undefined,
            forwardedToName: undefined,
          }),
        },
        'late.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'lateRefused'),
      },
    },
    voided: {
      type: 'final',
      description:
        'Voided with its reason: its lines are removed and its key is free for the target that should have been entered.',
    },
    lateRefused: {
      type: 'final',
      description: 'Refused with a reason: the late target stays closed and takes no lines.',
    },
    confirming: {
      description:
        'RSPs confirm or object with a proposed figure and a reason; silence past the deadline auto-confirms (flagged).',
      on: {
        'package.void': {
          guard: and(['isTaskOffice', 'hasReason']),
          target: 'voided',
          description: VOID_RULE,
        },
        'package.reopen': {
          // The portal takes it back itself when its last RSP line leaves it (moved or deleted).
          guard: or(['isTaskOffice', 'isSystem']),
          target: 'allocating',
          description:
            'Back to allocation to change lines after objections; open confirmations are withdrawn. The system takes it back itself when its last RSP line leaves it.',
        },
        'application.submit': {
          guard: 'isTaskOffice',
          target: 'inApproval',
          description:
            'Submitted for approval: the server refuses it while a line is unanswered or the load bearing is outside 100–130%.',
          actions: 'restartChain',
        },
      },
    },
    inApproval: {
      description: 'HQ decides; the target and its lines are locked (TaskApprovalStatus 111).',
      tags: [AWAITING_DECISION],
      on: {
        'approval.agree': decisions.finish(
          'isCurrentApprover',
          'approved',
          'Approved: the server checks the load bearing once more; the package and its lines lock (121).',
        ),
        'approval.return': decisions.giveBack(
          and(['isCurrentApprover', 'hasReason']),
          'allocating',
          'Returned to the province office with a reason; the lines unlock for the change.',
        ),
        'approval.forward': decisions.forward('isCurrentApprover', 'Forwarded to another approver of HQ.'),
      },
    },
    approved: {
      description:
        'In effect and locked: rebates and STI read it. Changed only through an adjustment request.',
      on: {
        'adjustment.request': {
          guard: and(['isTaskOffice', 'hasReason']),
          target: 'adjustmentInApproval',
          description: 'The province office asks HQ to change an approved target, with a reason.',
          actions: 'restartChain',
        },
      },
    },
    adjustmentInApproval: {
      description: 'HQ decides on the adjustment request; the package stays locked meanwhile.',
      tags: [AWAITING_DECISION],
      on: {
        'adjustment.agree': {
          ...decisions.finish(
            'isCurrentApprover',
            'allocating',
            'Agreed: the package unlocks for the change, then goes through confirmation and approval again.',
          ),
          actions: assign({
            adjustments: ({ context }) => context.adjustments + 1,
            decisions: ({ context }) => context.decisions + 1,
            forwardedTo: undefined,
            forwardedToName: undefined,
          }),
        },
        'adjustment.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'approved'),
        'adjustment.forward': decisions.forward('isCurrentApprover', 'Forwarded to another approver of HQ.'),
      },
    },
  },
});

/** TaskPackageStatus of each state (dictionary TaskPackageStatus). */
const PACKAGE_STATUS: Record<string, string> = {
  lateReview: TaskPackageStatus.lateReview,
  lateRefused: TaskPackageStatus.lateRefused,
  allocating: TaskPackageStatus.allocating,
  confirming: TaskPackageStatus.awaitingAgents,
  inApproval: TaskPackageStatus.awaitingApproval,
  approved: TaskPackageStatus.inEffect,
  adjustmentInApproval: TaskPackageStatus.adjusting,
  voided: TaskPackageStatus.voided,
};

/** TaskApprovalStatus of each state: 111 and 121 lock the target and its lines (SPEC §4). */
export const APPROVAL_STATUS: Record<string, string> = {
  lateReview: TaskApprovalStatus.inApproval,
  lateRefused: TaskApprovalStatus.rejected,
  allocating: TaskApprovalStatus.notSubmitted,
  confirming: TaskApprovalStatus.notSubmitted,
  inApproval: TaskApprovalStatus.inApproval,
  approved: TaskApprovalStatus.approved,
  adjustmentInApproval: TaskApprovalStatus.approved,
  voided: TaskApprovalStatus.voided,
};

export const salesTaskDeclaration = defineWorkflow({
  name: 'salesTask',
  machine: salesTaskWorkflow,
  subject: { resource: 'provinceTask', streams: 'onePerSubject' },
  chains: [],
  commands: {
    allowLate: { event: 'late.agree', payload: payloads.comment },
    refuseLate: { event: 'late.reject', payload: payloads.reason, asks: 'reason' },
    requestConfirmation: { event: 'package.requestConfirmation', payload: payloads.none },
    reopen: { event: 'package.reopen', payload: payloads.none },
    void: { event: 'package.void', payload: payloads.reason, asks: 'reason' },
    submit: { event: 'application.submit', payload: payloads.none },
    agree: chainDecisionCommands('approval').agree,
    return: chainDecisionCommands('approval').return,
    forward: chainDecisionCommands('approval').forward,
    requestAdjustment: { event: 'adjustment.request', payload: payloads.reason, asks: 'reason' },
    agreeAdjustment: { event: 'adjustment.agree', payload: payloads.comment },
    rejectAdjustment: { event: 'adjustment.reject', payload: payloads.reason, asks: 'reason' },
    forwardAdjustment: { event: 'adjustment.forward', payload: payloads.colleague, asks: 'colleague' },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  /** 2: a target set after its period began waits for HQ's exception. */
  version: 2,
  projection: (snapshot) => {
    const state = String(snapshot.value);
    const context = snapshot.context as SalesTaskContext;
    return {
      TaskPackageStatus:
        state === 'allocating' && context.adjustments > 0
          ? TaskPackageStatus.adjusting
          : PACKAGE_STATUS[state],
      TaskApprovalStatus: APPROVAL_STATUS[state] ?? null,
    };
  },
  example: {
    input: {
      // The portal's chain: one step, HQ's executive.
      chain: TASK_APPROVAL_CHAIN,
      applicant: { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
      // Set late, so the model walks HQ's exception before the package itself.
      lateReason: 'The province was split in two after the year began',
    },
    actors: [
      { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
      { id: 'dept-1', name: 'Feng (channel department)', role: ROLE.channelDepartment },
      { id: 'vp-1', name: 'Zheng (executive)', role: ROLE.executive },
      { id: 'vp-2', name: 'Wu (executive)', role: ROLE.executive },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    ],
  },
});
