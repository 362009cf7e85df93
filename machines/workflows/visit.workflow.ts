import { type AnyMachineSnapshot, and, assign, or, setup } from 'xstate';
import { z } from 'zod';
import { VisitStatus } from '../../domain/codes/activity.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** notes/domain.md §9.2: a check-in further than this from the customer's site is flagged. */
export const FAR_FROM_SITE_METERS = 500;
/** notes/domain.md §9.2: a visit shorter than this is flagged. */
export const SHORT_VISIT_MINUTES = 10;

/** Dictionary VisitStatus, by state. */
export const VISIT_STATUS = {
  planned: VisitStatus.planned,
  inProgress: VisitStatus.inProgress,
  toRecord: VisitStatus.minutesDue,
  completed: VisitStatus.completed,
  reviewed: VisitStatus.reviewed,
  cancelled: VisitStatus.cancelled,
  missed: VisitStatus.missed,
  abandoned: VisitStatus.abandoned,
} as const;
export type VisitState = keyof typeof VISIT_STATUS;

export interface VisitInput {
  visitor: WorkflowActor;
}

export interface VisitContext extends VisitInput {
  checkedInAt?: string;
  latitude?: number;
  longitude?: number;
  /** How far off the browser says its position may be, in metres. */
  accuracy?: number;
  /** Metres from the customer's site; null where the site's position is not known. */
  distanceMeters?: number | null;
  checkedOutAt?: string;
  durationMinutes?: number;
  reviewer?: string;
  comment?: string;
  reason?: string;
}

type CheckIn = {
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  checkedInAt?: string;
  distanceMeters?: number | null;
};
type CheckOut = { checkedOutAt?: string; durationMinutes?: number };
export type VisitEvent =
  | ({ type: 'visit.checkIn' } & CheckIn & ActorEvent)
  | ({ type: 'visit.cancel'; reason: string } & ActorEvent)
  | ({ type: 'visit.miss' } & ActorEvent)
  | ({ type: 'visit.checkOut' } & CheckOut & ActorEvent)
  | ({ type: 'visit.abandon'; reason: string } & ActorEvent)
  | ({ type: 'visit.record' } & ActorEvent)
  | ({ type: 'visit.review'; reason: string } & ActorEvent);

type Args = { context: VisitContext; event: VisitEvent };
const reasonOf = (event: VisitEvent) => String((event as { reason?: unknown }).reason ?? '').trim();

const abandon = {
  guard: and(['isVisitor', 'hasReason']),
  target: 'abandoned',
  actions: 'keepReason',
  description: 'The visitor breaks the visit off, with a reason.',
} as const;

/**
 * A customer or agent visit (notes/domain.md §9.2): planned by the visitor, checked in on site with
 * time and position (far from the customer's site → flagged), checked out (under 10 minutes →
 * flagged), its minutes recorded (which update the linked opportunities' progress records) and
 * reviewed by the province manager. A planned visit may be cancelled, or is marked missed by the
 * daily job once its day has passed; a visit under way may be abandoned.
 */
export const visitWorkflow = setup({
  types: { context: {} as VisitContext, events: {} as VisitEvent, input: {} as VisitInput },
  guards: {
    isVisitor: ({ context, event }: Args) => event.actor.id === context.visitor.id,
    isSystem: ({ event }: Args) => isSystemActor(event.actor),
    isVisitReviewer: ({ event }: Args) => event.actor.role === ROLE.provinceManager,
    hasReason: ({ event }: Args) => reasonOf(event).length > 0,
  },
  actions: {
    checkIn: assign(({ event }) => {
      const e = event as CheckIn;
      return {
        checkedInAt: e.checkedInAt,
        latitude: e.latitude,
        longitude: e.longitude,
        accuracy: e.accuracy,
        distanceMeters: e.distanceMeters ?? null,
      };
    }),
    checkOut: assign(({ event }) => {
      const e = event as CheckOut;
      return { checkedOutAt: e.checkedOutAt, durationMinutes: e.durationMinutes };
    }),
    keepReason: assign({ reason: ({ event }) => reasonOf(event) }),
    // A later comment is appended to the earlier ones (notes §9.2: reviewed, further comments appended).
    review: assign({
      reviewer: ({ event }) => event.actor.name,
      comment: ({ context, event }) =>
        context.comment ? `${context.comment}\n${event.actor.name}: ${reasonOf(event)}` : reasonOf(event),
    }),
  },
}).createMachine({
  id: 'visit',
  context: ({ input }) => ({ ...input }),
  initial: 'planned',
  states: {
    planned: {
      description:
        'Planned by the visitor with customer, type and planned time; the plan may be edited until the check-in.',
      on: {
        'visit.checkIn': {
          guard: 'isVisitor',
          target: 'inProgress',
          actions: 'checkIn',
          description:
            'On site: the server stamps the time and measures the distance from the customer site (over 500 m is flagged).',
        },
        'visit.cancel': {
          guard: and([or(['isVisitor', 'isVisitReviewer']), 'hasReason']),
          target: 'cancelled',
          actions: 'keepReason',
          description: 'Called off with a reason, by the visitor or by the province manager.',
        },
        'visit.miss': {
          guard: 'isSystem',
          target: 'missed',
          description: 'The daily job, once the planned day has passed without a check-in.',
        },
      },
    },
    inProgress: {
      description: 'Checked in: the visit is under way.',
      on: {
        'visit.checkOut': {
          guard: 'isVisitor',
          target: 'toRecord',
          actions: 'checkOut',
          description: 'The server stamps the time and the duration (under 10 minutes is flagged).',
        },
        'visit.abandon': abandon,
      },
    },
    toRecord: {
      description: 'Checked out: the visitor writes the minutes (content, customer feedback, next step).',
      on: {
        'visit.record': {
          guard: 'isVisitor',
          target: 'completed',
          description:
            'Only with the minutes written; each linked opportunity gets a progress record from them.',
        },
        'visit.abandon': abandon,
      },
    },
    completed: {
      tags: [AWAITING_DECISION],
      description: 'Recorded: the province manager reviews it with a comment.',
      on: {
        'visit.review': {
          guard: and(['isVisitReviewer', 'hasReason']),
          target: 'reviewed',
          actions: 'review',
        },
      },
    },
    reviewed: {
      description: 'Reviewed; a province manager may add further comments.',
      on: { 'visit.review': { guard: and(['isVisitReviewer', 'hasReason']), actions: 'review' } },
    },
    cancelled: { type: 'final' },
    missed: { type: 'final' },
    abandoned: { type: 'final' },
  },
});

const visitState = (snapshot: AnyMachineSnapshot) => String(snapshot.value) as VisitState;
const text = (max: number) => z.string().trim().max(max);
// Version 2 of the check-out: its duration was `minutes`, the word a visit uses for what is written after it.
const checkOutV1 = ({ minutes, ...rest }: Record<string, unknown>) => ({ ...rest, durationMinutes: minutes });

/** Customer visits, planned and recorded on the visit form (/salesActivity/visit-form). */
export const visitDeclaration = defineWorkflow({
  name: 'visit',
  machine: visitWorkflow,
  subject: { resource: 'visit', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.visit,
  chains: [],
  commands: {
    checkIn: {
      event: 'visit.checkIn',
      // The browser's position, asked of the browser when the button is pressed; typed when it cannot say.
      asks: 'position',
      payload: z.object({
        latitude: z.number().min(-90).max(90).optional(),
        longitude: z.number().min(-180).max(180).optional(),
        // The browser's accuracy of the position, in metres (the server requires it with the position).
        accuracy: z.number().min(0).max(100_000).optional(),
        // Typed by the visitor because the browser could not locate them: no accuracy goes with it.
        typed: z.boolean().optional(),
        checkedInAt: text(40).optional(),
        distanceMeters: z.number().int().min(0).nullable().optional(),
      }),
    },
    cancel: { event: 'visit.cancel', payload: payloads.reason, asks: 'reason' },
    miss: { event: 'visit.miss', payload: payloads.none },
    checkOut: {
      event: 'visit.checkOut',
      payload: z.object({
        checkedOutAt: text(40).optional(),
        durationMinutes: z.number().int().min(0).optional(),
      }),
    },
    abandon: { event: 'visit.abandon', payload: payloads.reason, asks: 'reason' },
    record: { event: 'visit.record', payload: payloads.none },
    reviewVisit: { event: 'visit.review', payload: payloads.reason, asks: 'reason' },
  },
  version: 2,
  events: { 'visit.checkOut': { version: 2, upcast: { 1: checkOutV1 } } },
  payloadGuards: ['hasReason'],
  decider: (snapshot) => (snapshot.value === 'completed' ? { role: ROLE.provinceManager } : null),
  projection: (snapshot) => {
    const c = snapshot.context as VisitContext;
    const distance = c.distanceMeters ?? null;
    return {
      VisitStatus: VISIT_STATUS[visitState(snapshot)] ?? VISIT_STATUS.planned,
      CheckInTime: c.checkedInAt ?? null,
      CheckInLatitude: c.latitude ?? null,
      CheckInLongitude: c.longitude ?? null,
      CheckInAccuracy: c.accuracy ?? null,
      CheckInDistance: distance,
      LocationAbnormal: distance !== null && distance > FAR_FROM_SITE_METERS,
      CheckOutTime: c.checkedOutAt ?? null,
      DurationMinutes: c.durationMinutes ?? null,
      DurationAbnormal: c.durationMinutes !== undefined && c.durationMinutes < SHORT_VISIT_MINUTES,
      ReviewerName: c.reviewer ?? null,
      ReviewComment: c.comment ?? null,
      CloseReason: c.reason ?? null,
    };
  },
  example: {
    input: { visitor: { id: 'city-1', name: 'Zhao (city)', role: ROLE.cityManager } },
    actors: [
      { id: 'city-1', name: 'Zhao (city)', role: ROLE.cityManager },
      { id: 'city-2', name: 'Qian (city)', role: ROLE.cityManager },
      { id: 'province-1', name: 'Li (province)', role: ROLE.provinceManager },
      { id: 'province-2', name: 'Sun (province)', role: ROLE.provinceManager },
      SYSTEM_ACTOR,
    ],
  },
});
