import { and, assign, setup } from 'xstate';
import { SettlementSheetStatus } from '../../domain/codes/rebates.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** Vendor staff who upload a settlement sheet; finance then publishes it or voids it. */
export const SHEET_DESK: readonly string[] = [ROLE.systemAdmin, ROLE.salesOperations, ROLE.finance];

export interface SettlementSheetInput {
  applicant: WorkflowActor;
}

export interface SettlementSheetContext extends SettlementSheetInput {
  reason?: string;
}

export type SettlementSheetEvent =
  | ({ type: 'sheet.publish' } & ActorEvent)
  | ({ type: 'sheet.void'; reason: string } & ActorEvent);

const hasReason = ({ event }: { event: SettlementSheetEvent }) => {
  const reason = (event as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim().length > 0;
};

/**
 * A settlement sheet (docs/rebates.md "Settlement sheets"): the confirmed settlements of a period, one
 * line per rebate task, uploaded by the desk and decided by finance: published — which posts every line
 * to its agent's ledger in one transaction — or voided with a reason, which frees its tasks and its file
 * for a corrected sheet. Once posted it is final (a correction is an adjustment of the ledger).
 */
export const settlementSheetWorkflow = setup({
  types: {
    context: {} as SettlementSheetContext,
    events: {} as SettlementSheetEvent,
    input: {} as SettlementSheetInput,
  },
  guards: {
    isFinance: ({ event }) => event.actor.role === ROLE.finance,
    hasReason,
    mayVoidSheet: and(['isFinance', 'hasReason']),
  },
  actions: {
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
  },
}).createMachine({
  id: 'settlementSheet',
  context: ({ input }) => ({ ...input }),
  initial: 'uploaded',
  states: {
    uploaded: {
      tags: [AWAITING_DECISION],
      description:
        'Every line was checked against its rebate task (the agent’s, of the period, confirmed, at its payable amount); agents do not see it yet.',
      on: {
        'sheet.publish': {
          guard: 'isFinance',
          target: 'published',
          description:
            'Finance publishes it: each line is posted to its agent’s rebate account through its task’s settlement, and names the flow it wrote.',
        },
        'sheet.void': {
          guard: 'mayVoidSheet',
          target: 'void',
          description:
            'Voided with a reason before anything was posted: its tasks and its file may be sent again.',
          actions: 'keepReason',
        },
      },
    },
    published: {
      type: 'final',
      description: 'Posted: each agent reads its own line; a correction is an adjustment of the ledger.',
    },
    void: { type: 'final', description: 'Voided with its reason; it holds no ledger flow.' },
  },
});

/** SettlementSheetStatus keywords of each state (dictionary SettlementSheetStatus). */
export const SHEET_STATUS: Record<string, string> = {
  uploaded: SettlementSheetStatus.uploaded,
  published: SettlementSheetStatus.published,
  void: SettlementSheetStatus.void,
};

export const settlementSheetDeclaration = defineWorkflow({
  name: 'settlementSheet',
  machine: settlementSheetWorkflow,
  titleKey: 'page.rebates.settlementSheetDetail',
  subject: { resource: 'rebateSettlementSheet', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.rebateSettlementSheet,
  chains: [],
  commands: {
    publish: { event: 'sheet.publish', payload: payloads.none },
    void: { event: 'sheet.void', payload: payloads.reason, asks: 'reason' },
  },
  payloadGuards: ['hasReason'],
  decider: (snapshot) => (String(snapshot.value) === 'uploaded' ? { role: ROLE.finance } : null),
  projection: (snapshot) => {
    const context = snapshot.context as SettlementSheetContext;
    const state = String(snapshot.value);
    return {
      SheetStatus: SHEET_STATUS[state] ?? null,
      VoidReason: state === 'void' ? (context.reason ?? null) : null,
    };
  },
  example: {
    input: { applicant: { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations } },
    actors: [
      { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
      { id: 'finance-2', name: 'Zhao (finance)', role: ROLE.finance },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'vp-1', name: 'Wang (executive)', role: ROLE.executive },
    ],
  },
});
