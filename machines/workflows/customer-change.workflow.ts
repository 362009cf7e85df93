import { and, not, setup } from 'xstate';
import { ChannelType, CustomerProcessType, CustomerStatus } from '../../domain/codes/customers.codes';
import { ROLE } from '../../domain/roles';
import type { WorkflowActor } from './actor';
import {
  type ApplicantEvent,
  approvalStates,
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  chainDecider,
  chainGuards,
} from './approval.states';
import {
  type ChangeKind,
  type ChangeRequest,
  type CustomerFacts,
  changeProblem,
} from './customer-change.rules';
import { chainDecisionCommands, defineWorkflow, payloads } from './declaration';

export interface CustomerChangeInput {
  kind: ChangeKind;
  /** The configured chain (server/workflows/chains.ts): role codes or named approvers. */
  chain: ChainStep[];
  applicant: WorkflowActor;
  customerId: string;
  change: ChangeRequest;
  /** The agent as it was when the application was made. */
  facts: CustomerFacts;
}

export interface CustomerChangeContext extends CustomerChangeInput, ChainProgress {}

export type CustomerChangeEvent = ApplicantEvent | ChainDecisionEvent<{ facts?: CustomerFacts }>;

/**
 * An application on an existing agent (DOMAIN.md "One approval shape"): renewal, senior
 * certification, RSP↔CCP conversion, suspension, blacklist or reinstatement, decided node by node
 * along the configured chain. The change is applied to the agent by the server in the same
 * transaction as the last agreement; the final agreement carries the agent's facts at that moment,
 * and a rule broken since the application (say, an RSP that would become a CCP now supplies CCPs)
 * refuses it: the approver then rejects or returns it.
 */
export const customerChangeWorkflow = setup({
  types: {
    context: {} as CustomerChangeContext,
    events: {} as CustomerChangeEvent,
    input: {} as CustomerChangeInput,
  },
  guards: {
    ...chainGuards,
    isApplicable: ({ context }) => changeProblem(context.kind, context.change, context.facts) === null,
    isStillApplicable: ({ context, event }) => {
      const facts = (event as { facts?: CustomerFacts }).facts;
      return !facts || changeProblem(context.kind, context.change, facts) === null;
    },
  },
}).createMachine({
  id: 'customerChange',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      description:
        'Recorded with the inputs its kind needs; submitted by the applicant at once. Agent staff start renewal, senior certification and RSP/CCP conversion of their own company; suspension, blacklist and reinstatement are started by the vendor (STARTERS of the rules).',
      on: {
        'application.submit': {
          guard: and(['isApplicant', 'isApplicable']),
          target: 'inApproval',
          description:
            'Only an application the agent qualifies for: e.g. an RSP that supplies CCPs cannot become a CCP; a blacklisting needs a reason and ≥ 180 days.',
        },
      },
    },
    ...approvalStates({
      description:
        'Node n of the configured chain decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
      finish: {
        guard: and(['isCurrentApprover', 'isLastNode', 'isStillApplicable']),
        description: 'The last agreement applies the change to the agent in the same transaction.',
      },
      // A last agreement refused by the rules is not taken for an agreement at an earlier node.
      advance: { guard: and(['isCurrentApprover', not('isLastNode')]), reenter: true },
      returnDescription: 'Back to the applicant, who resubmits under the same application.',
      withdrawDescription: 'The applicant takes a pending application back only before the first decision.',
    }),
    approved: { type: 'final', description: 'Applied; undone only by a new application.' },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});

/** Process types of the applications on an agent (dictionary CustomerProcessType). */
export const CHANGE_PROCESS_TYPES: Record<ChangeKind, string> = {
  renewal: CustomerProcessType.renewal,
  seniorCertification: CustomerProcessType.seniorCertification,
  conversion: CustomerProcessType.conversion,
  suspension: CustomerProcessType.suspension,
  blacklist: CustomerProcessType.blacklisting,
  reinstatement: CustomerProcessType.reinstatement,
};

const DEFAULT_ROLES: Record<ChangeKind, string[]> = {
  renewal: [ROLE.channelManager, ROLE.channelDepartment],
  seniorCertification: [ROLE.channelManager, ROLE.channelDepartment],
  conversion: [ROLE.provinceManager, ROLE.channelDepartment],
  suspension: [ROLE.channelDepartment],
  blacklist: [ROLE.channelDepartment, ROLE.executive],
  reinstatement: [ROLE.channelDepartment],
};

/** Applications on an agent: decided on the agent's detail page (docs/customer-workflows.md). */
export const customerChangeDeclaration = defineWorkflow({
  name: 'customerChange',
  machine: customerChangeWorkflow,
  subject: { resource: 'customer', streams: 'many' },
  chains: (Object.keys(CHANGE_PROCESS_TYPES) as ChangeKind[]).map((kind) => ({
    processType: CHANGE_PROCESS_TYPES[kind],
    defaultRoles: DEFAULT_ROLES[kind],
  })),
  commands: {
    ...chainDecisionCommands('approval'),
    resubmit: { event: 'application.submit', payload: payloads.none },
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  example: {
    input: {
      kind: 'renewal',
      chain: DEFAULT_ROLES.renewal,
      applicant: { id: 'channel-1', name: 'Wang (channel)', role: ROLE.channelManager },
      customerId: '00000000-0000-4000-8000-000000000001',
      change: { termMonths: 12 },
      facts: {
        channelType: ChannelType.rsp,
        status: CustomerStatus.active,
        dependants: 0,
        seniorCertified: false,
        blacklistEndDate: null,
        today: '2026-11-24',
      },
    },
    actors: [
      { id: 'channel-1', name: 'Wang (channel)', role: ROLE.channelManager },
      { id: 'channel-2', name: 'Li (channel)', role: ROLE.channelManager },
      { id: 'department-1', name: 'Zhao (channel dept.)', role: ROLE.channelDepartment },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    ],
  },
});
