import { and, assign, or, setup } from 'xstate';
import { z } from 'zod';
import { AnnouncementStatus } from '../../domain/codes/rebates.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import {
  type ApplicantEvent,
  approvalStates,
  type ChainProgress,
  type ChainStep,
  chainDecider,
  chainGuards,
} from './approval.states';
import { chainDecisionCommands, defineWorkflow, payloads } from './declaration';

/**
 * Who approves a policy: the executive alone (notes §5.2: channel management drafts, the executive
 * approves). The chart's example and the server's new policies both take it from here, so the chain a
 * tester reads on the chart is the one the portal applies (docs/workflow-viewer.md "Approval chains").
 */
export const POLICY_CHAIN: string[] = [ROLE.executive];

/** Agent staff: they read a published policy and tick it as read. */
const AGENT_ROLES: readonly string[] = [ROLE.rspAgent, ROLE.ccpAgent, ROLE.distributor];
/**
 * Vendor staff who publish, put into effect, end or void a policy: the channel management department,
 * which owns the policies (notes §5.2), and the sales operations desk. A policy is company-wide, so the
 * province's channel manager is not among them. The role seed gives these roles the policy pages
 * (server/reference/roles.data.ts), so whom the chart names the server lets through.
 */
export const POLICY_OFFICE: readonly string[] = [
  ROLE.systemAdmin,
  ROLE.channelDepartment,
  ROLE.salesOperations,
];

export interface PolicyReader extends WorkflowActor {
  /** The agent company the reader works for, named by the server when the tick is recorded. */
  companyId?: string;
}

/**
 * The dates a policy is put into effect on, as the server knows them: the business day (Asia/Shanghai)
 * and the policy's start date. The server adds them to the event, and to the question of what a page
 * may offer, so the guard that refuses the command is the one that hides the button.
 */
export interface PolicyDates {
  today: string;
  startDate: string;
}

/** A policy takes effect from its start date on; one without a start date may take effect any day. */
export const hasStartedOn = (dates: PolicyDates) => !dates.startDate || dates.today >= dates.startDate;

export interface RebatePolicyInput {
  chain: ChainStep[];
  applicant: WorkflowActor;
}

export interface RebatePolicyContext extends RebatePolicyInput, ChainProgress {
  readers: PolicyReader[];
  /** The number of the version that replaced this one, once that version was published. */
  supersededBy?: string;
  /** The business day (Asia/Shanghai) it was published, written by the server on the publish event. */
  publishedOn?: string;
}

export type RebatePolicyEvent =
  | ApplicantEvent
  | ({ type: 'approval.agree'; comment?: string } & ActorEvent)
  | ({ type: 'approval.reject'; reason: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'approval.forward'; to: string; toName?: string } & ActorEvent)
  | ({ type: 'policy.publish'; publishedOn?: string } & ActorEvent)
  | ({ type: 'policy.read'; companyId?: string } & ActorEvent)
  | ({ type: 'policy.takeEffect'; dates?: PolicyDates } & ActorEvent)
  | ({ type: 'policy.end' } & ActorEvent)
  | ({ type: 'policy.supersede'; supersededBy: string } & ActorEvent)
  | ({ type: 'policy.void'; reason: string } & ActorEvent);

/** A reader ticks once: a second tick by the same person changes nothing and is refused. */
const readOnce = {
  'policy.read': {
    guard: 'mayTickRead',
    description: 'Agent staff tick the policy as read; the view lists who read it and when.',
    actions: 'recordReader',
  },
} as const;

/** Only the server, when the new version of this policy is published: no person sends it. */
const supersedable = {
  'policy.supersede': {
    guard: 'isSystem',
    target: '#rebatePolicy.superseded',
    description:
      'Its new version was published: this one stops, tasks already set on it keep its frozen terms, new tasks take the new version.',
    actions: 'recordSuccessor',
  },
} as const;

const voidable = {
  'policy.void': {
    guard: 'mayVoid',
    target: '#rebatePolicy.void',
    description:
      'Voided with a reason by the channel management department or the sales operations desk; its parameters stay as they were for the record.',
    actions: 'recordReason',
  },
} as const;

/**
 * A rebate policy announcement (notes §5.2): drafted by channel staff, approved along its chain,
 * published — agents must tick it as read — in effect from its start date, then ended or voided.
 * Once published its calculation parameters are frozen: a correction is a new version.
 */
export const rebatePolicyWorkflow = setup({
  types: {
    context: {} as RebatePolicyContext,
    events: {} as RebatePolicyEvent,
    input: {} as RebatePolicyInput,
  },
  guards: {
    ...chainGuards,
    isPolicyOffice: ({ event }) => POLICY_OFFICE.includes(event.actor.role),
    isAgentStaff: ({ event }) => AGENT_ROLES.includes(event.actor.role),
    hasNotRead: ({ context, event }) => !context.readers.some((r) => r.id === event.actor.id),
    mayTickRead: and(['isAgentStaff', 'hasNotRead']),
    mayVoid: and(['isPolicyOffice', 'hasReason']),
    // Its dates move it: the nightly job (the system) on the day, or the policy office by hand.
    mayMoveByDate: or(['isPolicyOffice', 'isSystem']),
    // The dates are the server's, on the event; an event kept before they were carried was checked then.
    hasStarted: ({ event }) => {
      const dates = (event as { dates?: PolicyDates }).dates;
      return !dates || hasStartedOn(dates);
    },
    isSystem: ({ event }) => isSystemActor(event.actor),
  },
  actions: {
    recordReader: assign({
      readers: ({ context, event }) =>
        event.type === 'policy.read'
          ? [...context.readers, { ...event.actor, companyId: event.companyId }]
          : context.readers,
    }),
    recordSuccessor: assign({
      supersededBy: ({ context, event }) =>
        event.type === 'policy.supersede' ? event.supersededBy : context.supersededBy,
    }),
    recordPublication: assign({
      publishedOn: ({ context, event }) =>
        event.type === 'policy.publish' ? (event.publishedOn ?? context.publishedOn) : context.publishedOn,
    }),
    recordReason: assign({
      reason: ({ event }) => (event.type === 'policy.void' ? event.reason : undefined),
    }),
  },
}).createMachine({
  id: 'rebatePolicy',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0, readers: [] }),
  initial: 'draft',
  states: {
    draft: {
      description:
        'Entered by the channel management department or the sales operations desk: text, attachments, scope, tier table, exclusions, payout mode.',
      on: {
        'application.submit': { guard: 'isApplicant', target: 'inApproval', actions: assign({ node: 0 }) },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    ...approvalStates({
      description:
        'The executive decides: agrees (the policy is approved), rejects or returns it with a reason, or forwards it to another executive.',
      // One step (POLICY_CHAIN): the executive's agreement approves the policy.
      finish: { guard: 'isCurrentApprover' },
      returnDescription: 'Returned to its author, who corrects it and submits it again.',
      withdrawDescription: 'The author may withdraw it before the first decision.',
    }),
    approved: {
      description: 'Approved, not yet visible to agents.',
      on: {
        'policy.publish': {
          guard: 'isPolicyOffice',
          target: 'published',
          description:
            'Published by the channel management department or the sales operations desk: agents see it and must tick it as read; its parameters are frozen; the server writes the publication day.',
          actions: 'recordPublication',
        },
        ...voidable,
      },
    },
    published: {
      on: {
        ...readOnce,
        'policy.takeEffect': {
          guard: and(['mayMoveByDate', 'hasStarted']),
          target: 'effective',
          description:
            'Its start date came (business day, Asia/Shanghai): the nightly job moves it, or the channel management department or the sales operations desk does; before the start date it is neither offered nor taken.',
        },
        ...supersedable,
        ...voidable,
      },
    },
    effective: {
      on: {
        ...readOnce,
        'policy.end': {
          guard: 'mayMoveByDate',
          target: 'ended',
          description:
            'Its end date passed: the nightly job ends it, or the channel management department or the sales operations desk does.',
        },
        ...supersedable,
        ...voidable,
      },
    },
    ended: { type: 'final' },
    superseded: {
      type: 'final',
      description:
        'Replaced by its published new version; kept, read-only, with the terms its tasks settle on.',
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
    void: { type: 'final' },
  },
});

/** AnnouncementStatus keywords of each state (dictionary AnnouncementStatus). */
export const ANNOUNCEMENT_STATUS: Record<string, string> = {
  draft: AnnouncementStatus.draft,
  returned: AnnouncementStatus.draft,
  inApproval: AnnouncementStatus.inApproval,
  approved: AnnouncementStatus.approved,
  published: AnnouncementStatus.published,
  effective: AnnouncementStatus.inEffect,
  ended: AnnouncementStatus.ended,
  superseded: AnnouncementStatus.superseded,
  rejected: AnnouncementStatus.void,
  withdrawn: AnnouncementStatus.void,
  void: AnnouncementStatus.void,
};

/** States whose calculation parameters may still change; from publication on they are frozen. */
export const EDITABLE_POLICY_STATES: readonly string[] = ['draft', 'returned'];

export const rebatePolicyDeclaration = defineWorkflow({
  name: 'rebatePolicy',
  machine: rebatePolicyWorkflow,
  titleKey: 'page.rebates.announcementEntry',
  subject: { resource: 'rebateAnnouncement', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.rebatePolicy,
  chains: [],
  commands: {
    submit: { event: 'application.submit', payload: payloads.none },
    ...chainDecisionCommands('approval'),
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    // The publication day is the server's (prepare), never the sender's.
    publish: { event: 'policy.publish', payload: payloads.none },
    read: { event: 'policy.read', payload: payloads.none },
    takeEffect: { event: 'policy.takeEffect', payload: payloads.none },
    end: { event: 'policy.end', payload: payloads.none },
    void: { event: 'policy.void', payload: payloads.reason, asks: 'reason' },
    // Sent by the server only (the guard admits no person), when the policy's new version is published.
    supersede: {
      event: 'policy.supersede',
      payload: z.object({ supersededBy: z.string().trim().min(1).max(40) }),
    },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  projection: (snapshot) => {
    const context = snapshot.context as RebatePolicyContext;
    const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
    return {
      AnnouncementStatus: ANNOUNCEMENT_STATUS[state] ?? null,
      ReadCount: context.readers.length,
      ReadBy: context.readers.map((r) => r.name).join(', '),
      SupersededByNo: context.supersededBy ?? null,
      // Only once written: a policy published before the day was kept keeps what was filled in for it.
      ...(context.publishedOn ? { PublishedOn: context.publishedOn } : {}),
    };
  },
  example: {
    input: {
      // The portal's chain: one step, the executive.
      chain: POLICY_CHAIN,
      applicant: { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
    },
    // The channel department first: the policy's owner, so a plan publishes, puts into effect, ends
    // and voids as it does; the desk drafts it (the input's applicant).
    actors: [
      { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment },
      { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
      { id: 'vp-1', name: 'Wang (executive)', role: ROLE.executive },
      { id: 'vp-2', name: 'Li (executive)', role: ROLE.executive },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'agent-2', name: 'Chu (CCP staff)', role: ROLE.ccpAgent },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
      SYSTEM_ACTOR,
    ],
  },
});
