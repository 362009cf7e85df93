import { and, setup } from 'xstate';
import type { NumberPrefix } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import {
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  chainDecider,
  chainGuards,
  decisions,
} from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

/** The people a finance review's example is explored with: finance and a colleague, sales operations, an agent's staff. */
export const FINANCE_REVIEW_PEOPLE = {
  finance: { id: 'finance-1', name: 'Liu (finance)', role: ROLE.finance },
  colleague: { id: 'finance-2', name: 'Sun (finance)', role: ROLE.finance },
  ops: { id: 'ops-1', name: 'Zhao (sales ops)', role: ROLE.salesOperations },
  agent: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
} satisfies Record<string, WorkflowActor>;

/** What a finance review starts with: the chain (finance, one node), who applied, and the record's id. */
export type FinanceReviewInput<TSubjectKey extends string> = {
  /** Finance decides; one node. */
  chain: ChainStep[];
  /** Who registered or applied: the one a returned record goes back to, who corrects and resubmits it. */
  applicant: WorkflowActor;
} & { [K in TSubjectKey]: string };

export type FinanceReviewContext<TSubjectKey extends string> = FinanceReviewInput<TSubjectKey> &
  ChainProgress;

/** What finance entered on the record it agrees to (an invoice's number and date), as the server lays it on the agreement. */
export interface IssuedFact {
  number: string | null;
  date: string | null;
}

/** Finance agrees to what it issued only once the record carries it: the number and the date. */
export const hasIssuedOn = (issued: IssuedFact) => Boolean(issued.number && issued.date);

export type FinanceReviewEvent =
  | ({ type: 'application.submit' } & ActorEvent)
  | ChainDecisionEvent<{ issued?: IssuedFact }>;

/**
 * Where one finance review differs from another: its names, the states the diagram shows, the texts
 * analysts read there and the status field its lists show. Events, guards and assignments are the
 * same in all, so the stored streams of each replay alike.
 */
export interface FinanceReviewShape<TSubjectKey extends string> {
  /** The machine's id and the workflow's name. */
  name: string;
  /** The context key of the record's id (`receiptId`). */
  subjectKey: TSubjectKey;
  /** The state waiting for finance, and what it means. */
  waiting: { state: string; description: string };
  /** Finance's agreement: the final state it leads to, what it does, and what that state means. */
  agreed: { state: string; transition: string; description: string };
  returnDescription: string;
  forwardDescription: string;
  returnedDescription: string;
  rejectedDescription: string;
  /** The viewer's title, the subject's resource and its number prefix. */
  titleKey: string;
  resource: string;
  numberPrefix: NumberPrefix;
  /**
   * Whether finance agrees only once it has entered on the record what it issued (an invoice's number
   * and date): the server lays them on the agreement as `issued`, which the guard `hasIssued` reads.
   */
  agreesOnIssued?: boolean;
  /** The record's field that mirrors the state, and its dictionary code per state. */
  status: { field: string; codes: Record<string, string> };
  /** The stream its model tests explore: who applied, the record's id, and who acts on it. */
  example: { applicant: WorkflowActor; subjectId: string; actors: WorkflowActor[] };
}

/**
 * A record finance reviews alone (a receipt, an invoice application): it waits for finance, who
 * agrees — then it is locked — returns it for a correction or rejects it with a reason, or forwards
 * it to a finance colleague; whoever applied resubmits a returned one under the same number.
 */
export function financeReviewWorkflow<const TSubjectKey extends string>(
  shape: FinanceReviewShape<TSubjectKey>,
) {
  const machine = setup({
    types: {
      context: {} as FinanceReviewContext<TSubjectKey>,
      events: {} as FinanceReviewEvent,
      input: {} as FinanceReviewInput<TSubjectKey>,
    },
    guards: {
      ...chainGuards,
      // The server's fact on the agreement; an agreement kept before it was carried was checked then.
      hasIssued: ({ event }) => {
        const issued = (event as { issued?: IssuedFact }).issued;
        return !issued || hasIssuedOn(issued);
      },
    },
  }).createMachine({
    id: shape.name,
    context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
    initial: shape.waiting.state,
    states: {
      [shape.waiting.state]: {
        description: shape.waiting.description,
        tags: [AWAITING_DECISION],
        on: {
          'approval.agree': decisions.finish(
            shape.agreesOnIssued
              ? and(['isCurrentApprover', 'isLastNode', 'hasIssued'])
              : and(['isCurrentApprover', 'isLastNode']),
            shape.agreed.state,
            shape.agreed.transition,
          ),
          'approval.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'rejected'),
          'approval.return': decisions.giveBack(
            and(['isCurrentApprover', 'hasReason']),
            'returned',
            shape.returnDescription,
          ),
          'approval.forward': decisions.forward('isCurrentApprover', shape.forwardDescription),
        },
      },
      returned: {
        description: shape.returnedDescription,
        on: {
          'application.submit': decisions.resubmit('isApplicant', shape.waiting.state),
        },
      },
      [shape.agreed.state]: { type: 'final', description: shape.agreed.description },
      rejected: { type: 'final', description: shape.rejectedDescription },
    },
  });

  const declaration = defineWorkflow({
    name: shape.name,
    machine,
    titleKey: shape.titleKey,
    subject: { resource: shape.resource, streams: 'onePerSubject' },
    numberPrefix: shape.numberPrefix,
    chains: [],
    commands: {
      ...chainDecisionCommands('approval'),
      resubmit: { event: 'application.submit', payload: payloads.none },
    },
    payloadGuards: ['hasReason'],
    decider: chainDecider,
    // The step it waits at, as every approval list reads it (1/1: finance is the one step).
    projection: (snapshot) => {
      const context = snapshot.context as ChainProgress;
      const waiting = snapshot.value === shape.waiting.state;
      return {
        [shape.status.field]: shape.status.codes[String(snapshot.value)] ?? null,
        ApprovalNode: waiting ? `${context.node + 1}/${context.chain.length}` : '',
      };
    },
    example: {
      input: {
        chain: [ROLE.finance],
        applicant: shape.example.applicant,
        [shape.subjectKey]: shape.example.subjectId,
      } as FinanceReviewInput<TSubjectKey>,
      actors: shape.example.actors,
    },
  });

  return { machine, declaration };
}
