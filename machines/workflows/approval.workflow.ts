import { and, assign, setup } from 'xstate';
import { CustomerProcessType } from '../../domain/codes/customers.codes';
import { ROLE, VENDOR_ADMINISTRATORS } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import {
  approvalStates,
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  chainDecider,
  chainGuards,
} from './approval.states';
import { chainDecisionCommands, defineWorkflow, payloads } from './declaration';

export { type ChainStep, decidesNow, stepRole } from './approval.states';

export interface ApprovalInput {
  /** The nodes that decide in order (configuration: DOMAIN.md "Chains are configuration"). */
  chain: ChainStep[];
  applicant: WorkflowActor;
}

export interface ApprovalContext extends ApprovalInput, ChainProgress {}

export type ApprovalEvent =
  | ({ type: 'application.submit' } & ActorEvent)
  | ({ type: 'application.withdraw' } & ActorEvent)
  | ChainDecisionEvent
  | ({ type: 'application.void'; reason: string } & ActorEvent);

/**
 * The one approval shape of every application (DOMAIN.md): draft → in approval, node by node
 * along the configured chain → approved or rejected; returned for changes and resubmitted under the
 * same number; withdrawn before the first decision; an approved application voided by the vendor.
 * Pure: the server replays it over the event stream and asks it what may happen next.
 */
export const approvalWorkflow = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    input: {} as ApprovalInput,
  },
  guards: {
    ...chainGuards,
    isVendorAdministrator: ({ event }) => VENDOR_ADMINISTRATORS.includes(event.actor.role),
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          actions: assign({ node: 0, decisions: 0 }),
        },
      },
    },
    ...approvalStates({
      description:
        'Node n of the configured chain decides: agree, reject or return (with a reason), or forward.',
      finish: { guard: and(['isCurrentApprover', 'isLastNode']) },
      advance: { guard: 'isCurrentApprover' },
      returnDescription: 'Returned to the applicant, who edits and resubmits under the same number.',
      withdrawDescription: 'The applicant may withdraw only before the first decision.',
    }),
    approved: {
      on: {
        'application.void': {
          guard: and(['isVendorAdministrator', 'hasReason']),
          target: 'void',
          description: 'An approved application cancelled by the vendor becomes read-only.',
          actions: assign({ reason: ({ event }) => event.reason }),
        },
      },
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
    void: { type: 'final' },
  },
});

/** Process type of the generic application chain (dictionary CustomerProcessType). */
export const GENERIC_APPLICATION_PROCESS = CustomerProcessType.generalApplication;

/**
 * The generic application: the template the modules' own applications (special prices, orders, …)
 * follow, and the engine's own test subject.
 */
export const approvalDeclaration = defineWorkflow({
  name: 'approval',
  machine: approvalWorkflow,
  subject: { resource: 'specialApproval', streams: 'many' },
  chains: [{ processType: GENERIC_APPLICATION_PROCESS, defaultRoles: [ROLE.salesOperations, ROLE.finance] }],
  commands: {
    submit: { event: 'application.submit', payload: payloads.none },
    ...chainDecisionCommands('approval'),
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    void: { event: 'application.void', payload: payloads.reason, asks: 'reason' },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  // The one approval shape every application's chart is built from: no page starts a stream of it.
  template: true,
  example: {
    input: {
      chain: [ROLE.salesOperations, ROLE.finance],
      applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
      { id: 'ops-2', name: 'Sun (sales ops)', role: ROLE.salesOperations },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
      { id: 'admin-1', name: 'Administrator', role: ROLE.systemAdmin },
      { id: 'agent-2', name: 'Chu (CCP staff)', role: ROLE.ccpAgent },
    ],
  },
});
