import { type AnyMachineSnapshot, and, assign, not, setup } from 'xstate';
import { z } from 'zod';
import { LoanStatus } from '../../domain/codes/loans.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { LOAN_DESK, ROLE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import {
  approvalStates,
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  chainDecider,
  chainGuards,
} from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';
import {
  applySettlement,
  applyUnconversion,
  type LoanLine,
  loanTotals,
  outstandingOf,
  type SettledLine,
  settlementLines,
  unconvertedLines,
} from './loan-order.rules';

export interface LoanOrderInput {
  loanId: string;
  /** Who asked for the loan: the agent's staff or the sales operations desk on its behalf. */
  applicant: WorkflowActor;
  /** The chain of the loan value's band (loan approval configuration) when the loan was entered. */
  chain: ChainStep[];
  /** What was lent, per line; returns and conversions are counted against it. */
  lines: LoanLine[];
}

export interface LoanOrderContext extends LoanOrderInput, ChainProgress {
  /** The business day the goods left the warehouse. */
  lentOn?: string;
  /** The due date an extension moved the loan to. */
  extendedTo?: string;
}

type Settlement = { lines?: SettledLine[] } & ActorEvent;

export type LoanOrderEvent =
  | ({ type: 'application.submit' } & ActorEvent)
  | ({ type: 'application.withdraw'; reason?: string } & ActorEvent)
  | ChainDecisionEvent
  | ({ type: 'loan.ship'; lentOn?: string; logisticsCompany?: string; trackingNo?: string } & ActorEvent)
  | ({ type: 'loan.markOverdue' } & ActorEvent)
  | ({ type: 'loan.extend'; extendedTo?: string } & ActorEvent)
  | ({ type: 'loan.return' } & Settlement)
  | ({ type: 'loan.convert'; orderId?: string; orderNo?: string } & Settlement)
  | ({ type: 'loan.undoConversion'; orderNo?: string } & Settlement)
  | ({ type: 'loan.requestVerification' } & ActorEvent)
  | ({ type: 'loan.verify'; comment?: string } & ActorEvent);

const settle = (kind: 'returned' | 'converted') =>
  assign(({ context, event }: { context: LoanOrderContext; event: LoanOrderEvent }) => ({
    lines: applySettlement(context.lines, settlementLines(context.lines, (event as Settlement).lines), kind),
  }));

const unconvert = assign(({ context, event }: { context: LoanOrderContext; event: LoanOrderEvent }) => ({
  lines: applyUnconversion(context.lines, unconvertedLines(context.lines, (event as Settlement).lines)),
}));

/**
 * A loan-to-sale order cancelled or rejected gives its units back to the loan, out again: signed by
 * the system in the order's transaction (server/loans/loan-conversion-release.ts), never by a person.
 * From the states a conversion can stand in; a written-off loan's sales cannot be let go.
 */
const undoConversion = (target: string, description: string): Record<string, never> =>
  ({
    'loan.undoConversion': {
      guard: and(['isSystem', 'isWithinConverted']),
      target,
      description,
      actions: unconvert,
    },
  }) as never;

/**
 * Return and conversion, the same from every state something is still out in. Made outside setup(),
 * so handed to the states untyped, as the approval shape's decisions are (approval.states.ts).
 */
const settlements = (overdue: boolean): Record<string, never> =>
  ({
    'loan.return': {
      guard: and(['isWarehouse', 'isWithinOutstanding']),
      target: 'partial',
      description: overdue
        ? 'Goods back and inspected per line (good: restocked; damaged: scrapped, charged to the agent). Still overdue while anything is out: the next daily run marks it again.'
        : 'Goods back and inspected per line (good: restocked; damaged: scrapped, charged to the agent); never more than is still out of a line.',
      actions: settle('returned'),
    },
    'loan.convert': {
      guard: and(['isApplicantOrDesk', 'isWithinOutstanding']),
      target: 'partial',
      description:
        'The units stay with the customer and are sold: the server enters a loan-to-sale order for them in the same transaction and links it.',
      actions: settle('converted'),
    },
  }) as never;

/**
 * Who corrects a loan returned to its applicant: the applicant, or the loan desk. The chart's resubmit
 * and the terms the saved loan's form offers (server/loans/loan-terms.ts) read this one rule.
 */
export const isApplicantOrDesk = (applicant: { id: string }, actor: { id: string; role: string }) =>
  actor.id === applicant.id || LOAN_DESK.includes(actor.role);

/**
 * A loan (DOMAIN.md "Orders", notes §4.7): entered by the agent or the sales operations desk
 * and decided node by node along the chain of its value's band → to ship → shipped, on loan → overdue
 * when its due date passes (the daily job) → partly returned (inspected per line) or converted to a
 * sale (a loan-to-sale order) → to verify when every lent unit is accounted for → verified by finance.
 * An overdue loan blocks new loans of its agent.
 */
export const loanOrderWorkflow = setup({
  types: {
    context: {} as LoanOrderContext,
    events: {} as LoanOrderEvent,
    input: {} as LoanOrderInput,
  },
  guards: {
    ...chainGuards,
    // The vendor's warehouse side, the loan desk, ships, takes back and inspects.
    isWarehouse: ({ event }) => LOAN_DESK.includes(event.actor.role),
    isApplicantOrDesk: ({ context, event }) => isApplicantOrDesk(context.applicant, event.actor),
    isFinance: ({ event }) => event.actor.role === ROLE.finance,
    isSystem: ({ event }) => isSystemActor(event.actor),
    isWithinOutstanding: ({ context, event }) =>
      settlementLines(context.lines, (event as Settlement).lines).length > 0,
    isWithinConverted: ({ context, event }) =>
      unconvertedLines(context.lines, (event as Settlement).lines).length > 0,
    hasOutstanding: ({ context }) => outstandingOf(context.lines) > 0,
    isAllAccounted: ({ context }) => outstandingOf(context.lines) === 0,
    hasSettlement: ({ context }) => loanTotals(context.lines).settled > 0,
  },
}).createMachine({
  id: 'loanOrder',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'inApproval',
  states: {
    ...approvalStates({
      description:
        'Node n of the chain of the loan value’s band decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
      finish: {
        guard: and(['isCurrentApprover', 'isLastNode']),
        description: 'The last agreement releases the loan to the warehouse.',
      },
      advance: { guard: 'isCurrentApprover', reenter: true },
      returnDescription: 'Back to the applicant, who corrects the terms and resubmits under the same number.',
      withdrawDescription: 'The applicant takes the loan back only before the first decision.',
    }),
    withdrawn: { type: 'final', description: 'Taken back by the applicant; nothing was lent.' },
    rejected: { type: 'final', description: 'Refused; nothing was lent.' },
    approved: {
      description: 'Approved and waiting for the warehouse to ship it.',
      tags: [AWAITING_DECISION],
      on: {
        'loan.ship': {
          guard: 'isWarehouse',
          target: 'onLoan',
          description:
            'Shipped: the lend date is the business day it leaves; the loan is out until its due date.',
          actions: assign({ lentOn: ({ event }) => (event as { lentOn?: string }).lentOn }),
        },
      },
    },
    onLoan: {
      description: 'With the agent or its end user until the due date (or the extension).',
      on: {
        'loan.markOverdue': {
          guard: 'isSystem',
          target: 'overdue',
          description:
            'The daily job: the due date has passed. The agent may take no new loan until it is settled.',
        },
        ...settlements(false),
      },
    },
    overdue: {
      description: 'Past its due date with units still out; new loans of the agent are refused.',
      on: {
        'loan.extend': [
          {
            guard: and(['isWarehouse', 'hasSettlement']),
            target: 'partial',
            description: 'An extension to a later due date: out of overdue, part of it already settled.',
            actions: assign({ extendedTo: ({ event }) => (event as { extendedTo?: string }).extendedTo }),
          },
          {
            guard: 'isWarehouse',
            target: 'onLoan',
            description: 'An extension to a later due date: on loan again.',
            actions: assign({ extendedTo: ({ event }) => (event as { extendedTo?: string }).extendedTo }),
          },
        ],
        ...settlements(true),
        ...undoConversion(
          'overdue',
          'A loan-to-sale order let go (cancelled or rejected): its units are out again, and still overdue.',
        ),
      },
    },
    partial: {
      description: 'Part returned or converted; what is still out keeps its due date.',
      always: {
        guard: not('hasSettlement'),
        target: 'onLoan',
        description:
          'Nothing is returned or sold any more (the only sale was let go): the loan is simply on loan again.',
      },
      on: {
        'loan.markOverdue': {
          guard: and(['isSystem', 'hasOutstanding']),
          target: 'overdue',
          description: 'The daily job: the due date has passed with units still out.',
        },
        ...settlements(false),
        'loan.requestVerification': {
          guard: and(['isApplicantOrDesk', 'isAllAccounted']),
          target: 'toVerify',
          description: 'Every lent unit is returned or converted: finance is asked to write the loan off.',
        },
        ...undoConversion(
          'partial',
          'A loan-to-sale order let go (cancelled or rejected): its units are out again, to be returned or sold anew.',
        ),
      },
    },
    toVerify: {
      description: 'Finance checks lent = returned + converted + scrapped and writes the loan off.',
      tags: [AWAITING_DECISION],
      on: {
        'loan.verify': {
          guard: and(['isFinance', 'isAllAccounted']),
          target: 'verified',
          description: 'Written off: the loan and its records are closed.',
        },
        ...undoConversion(
          'partial',
          'A loan-to-sale order let go (cancelled or rejected): its units are out again, so the loan is not written off.',
        ),
      },
    },
    verified: { type: 'final', description: 'Written off: every lent unit returned, scrapped or sold.' },
  },
});

/** LoanStatus keywords (dictionary LoanStatus) of each state. */
export const LOAN_STATUS: Record<string, string> = {
  returned: LoanStatus.draft,
  inApproval: LoanStatus.inApproval,
  approved: LoanStatus.toShip,
  onLoan: LoanStatus.onLoan,
  overdue: LoanStatus.overdue,
  partial: LoanStatus.partlyReturned,
  toVerify: LoanStatus.toWriteOff,
  verified: LoanStatus.writtenOff,
  rejected: LoanStatus.rejected,
  withdrawn: LoanStatus.withdrawn,
};

/** The daily job signs the overdue events. */
export const SYSTEM_LOAN_ACTOR = SYSTEM_ACTOR;

/** States in which goods are out with the agent (shipped and not yet written off). */
export const LENT_STATES = ['onLoan', 'overdue', 'partial', 'toVerify'];

/** Who a waiting loan waits for: the chain's approver, the warehouse to ship, finance to write off. */
function loanDecider(snapshot: AnyMachineSnapshot) {
  if (snapshot.value === 'approved') return { role: ROLE.salesOperations };
  if (snapshot.value === 'toVerify') return { role: ROLE.finance };
  return chainDecider(snapshot);
}

/** What the loan record shows of its workflow: the status, the node, the quantities settled. */
export function loanOrderProjection(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as LoanOrderContext;
  const state = String(snapshot.value);
  const totals = loanTotals(context.lines);
  return {
    LoanStatus: LOAN_STATUS[state] ?? LOAN_STATUS.inApproval,
    LoanState: state,
    ApprovalNode: state === 'inApproval' ? `${context.node + 1}/${context.chain.length}` : '',
    ApprovalReason: context.reason ?? '',
    LendDate: context.lentOn ?? null,
    LoanQuantity: totals.lent,
    ReturnedQuantity: totals.returned,
    ConvertedQuantity: totals.converted,
    CompensatedQuantity: totals.damaged,
  };
}

const settledLine = z.object({
  lineNo: z.number().int().min(1).max(200),
  quantity: z.number().int().min(1).max(1_000_000),
  inspection: z.enum(['good', 'damaged']).optional(),
  // The serial of each unit settled, chosen among those of the line still out (the server checks them).
  serialNumbers: z.array(z.string().max(200)).max(10_000).optional(),
});
const settlementPayload = z.object({ lines: z.array(settledLine).min(1).max(200).optional() });

export const loanOrderDeclaration = defineWorkflow({
  name: 'loanOrder',
  machine: loanOrderWorkflow,
  subject: { resource: 'loanOrder', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.loan,
  // The chain comes from the loan approval bands (value bands), not from the agent process configuration.
  chains: [],
  commands: {
    ...chainDecisionCommands('approval'),
    resubmit: { event: 'application.submit', payload: payloads.none },
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    ship: {
      event: 'loan.ship',
      payload: z.object({
        lentOn: z.string().max(10).optional(),
        logisticsCompany: z.string().trim().max(60).optional(),
        trackingNo: z.string().trim().max(60).optional(),
        // The serial of each unit, by line, when not recorded on the loan's page before; the server
        // checks them as an order's delivery does, naming the line of a wrong one.
        lines: z
          .array(
            z.object({
              lineNo: z.number().int().min(1).max(200),
              serialNumbers: z.union([z.array(z.string().max(200)).max(100_000), z.string().max(2_000_000)]),
            }),
          )
          .max(200)
          .optional(),
      }),
    },
    markOverdue: { event: 'loan.markOverdue', payload: payloads.none },
    extend: {
      event: 'loan.extend',
      payload: z.object({ extendedTo: z.string().max(10).optional() }),
      asks: 'extension',
    },
    // The dialogs ask how many units of each line still out, a return also what inspection found.
    returnGoods: { event: 'loan.return', payload: settlementPayload, asks: 'inspectedLines' },
    convert: {
      event: 'loan.convert',
      payload: settlementPayload.extend({
        orderId: z.string().max(40).optional(),
        orderNo: z.string().max(40).optional(),
      }),
      asks: 'lines',
    },
    // The system's, in the transaction that cancels or rejects a loan-to-sale order: its lines given back.
    undoConversion: {
      event: 'loan.undoConversion',
      payload: z.object({
        lines: z
          .array(settledLine.omit({ inspection: true, serialNumbers: true }))
          .min(1)
          .max(200)
          .optional(),
        orderNo: z.string().max(40).optional(),
      }),
    },
    requestVerification: { event: 'loan.requestVerification', payload: payloads.none },
    verify: { event: 'loan.verify', payload: payloads.comment },
  },
  // Whether a return or conversion fits what is out is the machine's own rule (a payload naming no
  // line takes the smallest step), so the buttons disappear once nothing is out.
  payloadGuards: ['hasReason'],
  decider: loanDecider,
  projection: loanOrderProjection,
  example: {
    input: {
      loanId: '00000000-0000-4000-8000-000000000003',
      applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      chain: [ROLE.provinceManager, ROLE.salesOperations],
      lines: [{ lineNo: 1, lent: 2, returned: 0, damaged: 0, converted: 0 }],
    },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'prov-1', name: 'Wang (province manager)', role: ROLE.provinceManager },
      { id: 'prov-2', name: 'Li (province manager)', role: ROLE.provinceManager },
      { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
      { id: 'finance-1', name: 'Zhou (finance)', role: ROLE.finance },
      SYSTEM_ACTOR,
    ],
  },
});
