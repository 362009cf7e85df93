import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { z } from 'zod';
import { CommitmentLetterStatus } from '../../domain/codes/opportunities.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import type { ApplicantEvent } from './approval.states';
import { AWAITING_DECISION, type Decider, defineWorkflow, payloads } from './declaration';

export interface CommitmentLetterInput {
  /** Who requested the letter: the one it is returned to, who corrects, resubmits and confirms receipt. */
  applicant: WorkflowActor;
  letterId: string;
}

export interface CommitmentLetterContext extends CommitmentLetterInput {
  /** Decisions taken so far: the applicant withdraws only before the first. */
  decisions: number;
  reason?: string;
  /** The OA approval the letter was pushed to, and the stamped scan (set by the server on its events). */
  oaLink?: string;
  scanUrl?: string;
}

type Server = { oaLink?: string; scanUrl?: string };
/** The server's fact on an agreement: the letter is marked as worded off the template. */
type Wording = { nonStandard?: boolean };
export type CommitmentLetterEvent =
  | ApplicantEvent
  | ({ type: 'approval.agree'; comment?: string } & Server & Wording & ActorEvent)
  | ({ type: 'approval.reject'; reason: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'letter.countersign'; comment?: string } & ActorEvent)
  | ({ type: 'letter.stamp' } & Server & ActorEvent)
  | ({ type: 'letter.confirm' } & ActorEvent)
  | ({ type: 'letter.revoke'; reason: string } & ActorEvent);

/** Who decides each waiting state (notes §3.3): the roles are fixed by the letter's process. */
export const LETTER_DECIDERS: Record<string, string> = {
  businessApproval: ROLE.provinceManager,
  complianceReview: ROLE.salesOperations,
  countersign: ROLE.legalService,
  oaPending: ROLE.salesOperations,
  toStamp: ROLE.salesOperations,
};

/** The vendor staff who may revoke an issued letter: the sales operations desk and the administrator. */
const REVOKERS: readonly string[] = [ROLE.salesOperations, ROLE.systemAdmin];

type Args = { context: CommitmentLetterContext; event: CommitmentLetterEvent };
const decidesIn =
  (state: string) =>
  ({ event }: Args) =>
    event.actor.role === LETTER_DECIDERS[state];
/**
 * A manufacturer commitment letter for a bid (DOMAIN.md "Commitment letters", notes §3): requested on a
 * protected opportunity, approved by the business side, reviewed for compliance (template, wording,
 * uniqueness), co-signed by legal and service when the wording is not the standard one, approved in
 * OA, stamped (the scan uploaded) and received. Nothing of a letter changes from `toStamp` on: a
 * stamped letter is revoked and issued anew.
 */
export const commitmentLetterWorkflow = setup({
  types: {
    context: {} as CommitmentLetterContext,
    events: {} as CommitmentLetterEvent,
    input: {} as CommitmentLetterInput,
  },
  guards: {
    isApplicant: ({ context, event }) => event.actor.id === context.applicant.id,
    noDecisionYet: ({ context }) => context.decisions === 0,
    hasReason: ({ event }) => String((event as { reason?: unknown }).reason ?? '').trim().length > 0,
    isBusinessApprover: decidesIn('businessApproval'),
    isComplianceReviewer: decidesIn('complianceReview'),
    isCountersigner: decidesIn('countersign'),
    isOaDesk: decidesIn('oaPending'),
    isSealKeeper: decidesIn('toStamp'),
    isRevoker: ({ event }) => REVOKERS.includes(event.actor.role),
    // The letter's wording is the server's fact on the event; an agreement kept before it was carried was checked then.
    hasStandardWording: ({ event }) => !(event as Wording).nonStandard,
  },
  actions: {
    counted: assign({ decisions: ({ context }) => context.decisions + 1 }),
    withReason: assign({
      reason: ({ event }) => (event as { reason?: string }).reason,
      decisions: ({ context }) => context.decisions + 1,
    }),
    /** The OA link the server recorded on the agreement that pushed the letter to OA. */
    toOa: assign({
      oaLink: ({ context, event }) => (event as Server).oaLink ?? context.oaLink,
      decisions: ({ context }) => context.decisions + 1,
    }),
    keepScan: assign({ scanUrl: ({ context, event }) => (event as Server).scanUrl ?? context.scanUrl }),
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
    clearReason: assign({ reason: undefined }),
  },
}).createMachine({
  id: 'commitmentLetter',
  context: ({ input }) => ({ ...input, decisions: 0 }),
  initial: 'businessApproval',
  states: {
    businessApproval: {
      tags: [AWAITING_DECISION],
      description:
        'Requested on a protected opportunity; the province manager confirms the bid is real and the agent the one to authorise.',
      on: {
        'approval.agree': { guard: 'isBusinessApprover', target: 'complianceReview', actions: 'counted' },
        'approval.return': {
          guard: and(['isBusinessApprover', 'hasReason']),
          target: 'returned',
          description:
            'Back to the applicant with a reason; corrected and resubmitted under the same number.',
          actions: 'withReason',
        },
        'approval.reject': {
          guard: and(['isBusinessApprover', 'hasReason']),
          target: 'rejected',
          actions: 'withReason',
        },
        'application.withdraw': {
          guard: and(['isApplicant', 'noDecisionYet']),
          target: 'withdrawn',
          description: 'The applicant takes the request back before the first decision.',
        },
      },
    },
    complianceReview: {
      tags: [AWAITING_DECISION],
      description:
        'Sales operations checks template, wording and uniqueness. Standard wording goes to OA; wording off the template (or service years beyond the standard) must be co-signed by legal and service: a letter marked non-standard is never agreed here.',
      on: {
        'approval.agree': {
          guard: and(['isComplianceReviewer', 'hasStandardWording']),
          target: 'oaPending',
          description: 'Standard wording only: a letter marked non-standard goes to the co-sign.',
          actions: 'toOa',
        },
        'letter.countersign': { guard: 'isComplianceReviewer', target: 'countersign', actions: 'counted' },
        'approval.return': {
          guard: and(['isComplianceReviewer', 'hasReason']),
          target: 'returned',
          description:
            'Back to the applicant with a reason; corrected and resubmitted under the same number.',
          actions: 'withReason',
        },
        'approval.reject': {
          guard: and(['isComplianceReviewer', 'hasReason']),
          target: 'rejected',
          actions: 'withReason',
        },
      },
    },
    countersign: {
      tags: [AWAITING_DECISION],
      description:
        'Legal and service co-sign the non-standard clauses; their agreement pushes the letter to OA.',
      on: {
        'approval.agree': { guard: 'isCountersigner', target: 'oaPending', actions: 'toOa' },
        'approval.return': {
          guard: and(['isCountersigner', 'hasReason']),
          target: 'returned',
          description:
            'Back to the applicant with a reason; corrected and resubmitted under the same number.',
          actions: 'withReason',
        },
        'approval.reject': {
          guard: and(['isCountersigner', 'hasReason']),
          target: 'rejected',
          actions: 'withReason',
        },
      },
    },
    oaPending: {
      tags: [AWAITING_DECISION],
      description: 'Pushed to OA for the seal approval (the OA link is kept); its result is recorded here.',
      on: {
        'approval.agree': { guard: 'isOaDesk', target: 'toStamp', actions: 'counted' },
        'approval.reject': {
          guard: and(['isOaDesk', 'hasReason']),
          target: 'rejected',
          actions: 'withReason',
        },
      },
    },
    toStamp: {
      tags: [AWAITING_DECISION],
      description:
        'Approved in OA; the seal keeper stamps it and uploads the scan. Stamping without a scan is refused.',
      on: {
        'letter.stamp': {
          guard: 'isSealKeeper',
          target: 'stamped',
          actions: 'keepScan',
        },
      },
    },
    stamped: {
      description: 'Stamped and immutable: the agent downloads the scan and confirms receipt.',
      on: {
        'letter.confirm': { guard: 'isApplicant', target: 'done' },
        'letter.revoke': {
          guard: and(['isRevoker', 'hasReason']),
          target: 'revoked',
          actions: 'keepReason',
        },
      },
    },
    done: {
      description: 'Received; still immutable. Revoked (with a reason) when the bid or the agent changes.',
      on: {
        'letter.revoke': {
          guard: and(['isRevoker', 'hasReason']),
          target: 'revoked',
          actions: 'keepReason',
        },
      },
    },
    returned: {
      description: 'The applicant corrects the request and resubmits it, or withdraws it.',
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'businessApproval',
          actions: 'clearReason',
        },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    rejected: { type: 'final', description: 'Not issued; the tender and brand are free again.' },
    withdrawn: { type: 'final' },
    revoked: {
      type: 'final',
      description: 'Revoked: no longer valid. A corrected letter is a re-issue, a new request.',
    },
  },
});

/** The states of a letter that hold its tender and brand (DOMAIN.md: one active letter). */
export const INACTIVE_LETTER_STATES = ['rejected', 'withdrawn', 'revoked'];
/** From here on nothing of the letter changes but its scan, uploaded while it waits for the stamp. */
export const IMMUTABLE_LETTER_STATES = ['toStamp', 'stamped', 'done', 'revoked'];

/** What the letter lists show of its workflow: dictionary CommitmentLetterStatus. */
export const LETTER_STATUS: Record<string, string> = {
  businessApproval: CommitmentLetterStatus.businessApproval,
  complianceReview: CommitmentLetterStatus.complianceReview,
  countersign: CommitmentLetterStatus.countersign,
  oaPending: CommitmentLetterStatus.oaPending,
  toStamp: CommitmentLetterStatus.toStamp,
  stamped: CommitmentLetterStatus.stamped,
  done: CommitmentLetterStatus.done,
  returned: CommitmentLetterStatus.returned,
  rejected: CommitmentLetterStatus.rejected,
  withdrawn: CommitmentLetterStatus.withdrawn,
  revoked: CommitmentLetterStatus.revoked,
};

function letterDecider(snapshot: AnyMachineSnapshot): Decider | null {
  const role = LETTER_DECIDERS[String(snapshot.value)];
  return role ? { role } : null;
}

const serverPayload = z.object({
  oaLink: z.string().max(300).optional(),
  scanUrl: z.string().max(300).optional(),
});

export const commitmentLetterDeclaration = defineWorkflow({
  name: 'commitmentLetter',
  machine: commitmentLetterWorkflow,
  titleKey: 'page.business.commitmentLetters',
  subject: { resource: 'commitmentLetter', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.commitmentLetter,
  chains: [],
  commands: {
    agree: { event: 'approval.agree', payload: payloads.comment.merge(serverPayload) },
    reject: { event: 'approval.reject', payload: payloads.reason, asks: 'reason' },
    return: { event: 'approval.return', payload: payloads.reason, asks: 'reason' },
    countersign: { event: 'letter.countersign', payload: payloads.comment },
    stamp: { event: 'letter.stamp', payload: serverPayload },
    confirm: { event: 'letter.confirm', payload: payloads.none },
    revoke: { event: 'letter.revoke', payload: payloads.reason, asks: 'reason' },
    resubmit: { event: 'application.submit', payload: payloads.none },
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
  },
  payloadGuards: ['hasReason'],
  decider: letterDecider,
  projection: (snapshot) => {
    const context = snapshot.context as CommitmentLetterContext;
    const state = String(snapshot.value);
    return {
      status: LETTER_STATUS[state] ?? null,
      LetterActive: !INACTIVE_LETTER_STATES.includes(state),
      oaLink: context.oaLink ?? null,
      reason: context.reason ?? null,
    };
  },
  example: {
    input: {
      applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      letterId: '00000000-0000-4000-8000-000000000003',
    },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'province-1', name: 'Qian (province)', role: ROLE.provinceManager },
      { id: 'ops-1', name: 'Zhao (sales ops)', role: ROLE.salesOperations },
      { id: 'legal-1', name: 'Zhou (legal)', role: ROLE.legalService },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
    ],
  },
});
