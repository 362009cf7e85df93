import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import type { VisitContext } from '../../machines/workflows/visit.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { insertProgress, opportunityRow } from '../opportunities/opportunity.repo';
import { registrationStreamOf } from '../opportunities/opportunity-registration.hooks';
import { scopeCondition } from '../resources/scope';
import type { Clock } from '../workflows/clock';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { distanceMeters, positionOf } from './geo';
import { takeSite } from './visit.rules';

/** Registrations that take a progress record through their own command (the rest get the record alone). */
const RUNNING_PROTECTION = ['protected', 'atRisk'];
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The opportunity numbers a visit links, as typed on its form (commas, semicolons or spaces between). */
export const linkedNumbers = (value: unknown) => [
  ...new Set(
    String(value ?? '')
      .split(/[\s,;]+/)
      .map((n) => n.trim().toUpperCase())
      .filter(Boolean),
  ),
];

/**
 * The check-in: the position the visitor's browser reports (latitude, longitude and its accuracy in
 * metres), or, where the browser cannot say, the one the visitor typed in the check-in dialog (no
 * accuracy then, so the record shows it was typed); never one saved on the form. The time is the
 * server's; the site is taken from the customer's address as it stands now and the distance measured
 * from it on the server.
 */
async function checkIn(trx: Db, call: HookCall, at: Date) {
  if (call.payload.latitude === undefined || call.payload.latitude === null)
    throw fieldMissing('visit', 'CheckInLatitude');
  if (call.payload.longitude === undefined || call.payload.longitude === null)
    throw fieldMissing('visit', 'CheckInLongitude');
  const typed = call.payload.typed === true;
  if (!typed && (call.payload.accuracy === undefined || call.payload.accuracy === null))
    throw fieldMissing('visit', 'CheckInAccuracy');
  const position = positionOf(call.payload.latitude, call.payload.longitude);
  if (!position) throw fieldMissing('visit', 'CheckInLatitude');
  const site = await takeSite(trx, call.caller, String(call.subject.ObjectID), call.subject.CustomerName);
  return {
    latitude: position.latitude,
    longitude: position.longitude,
    accuracy: typed ? undefined : Math.round(Number(call.payload.accuracy)),
    checkedInAt: at.toISOString(),
    distanceMeters: site ? distanceMeters(site, position) : null,
  };
}

function checkOut(call: HookCall, at: Date) {
  const since = Date.parse(String((call.state.snapshot.context as VisitContext).checkedInAt ?? ''));
  const durationMinutes = Number.isFinite(since)
    ? Math.max(0, Math.floor((at.getTime() - since) / 60_000))
    : 0;
  return { checkedOutAt: at.toISOString(), durationMinutes };
}

/** The opportunities a visit links, each read through the visitor's scope: an unknown number is named. */
async function linkedOpportunities(trx: Db, caller: Caller, numbers: string[]) {
  const found: { id: string; no: string }[] = [];
  for (const no of numbers) {
    const rows = await sql<{ id: string }>`select t.object_id::text as id from record t
      where t.resource = 'opportunity' and t.data->>'ExtOpportunityNOText_SDK' = ${no}
        and ${scopeCondition(caller)}`.execute(trx);
    if (!rows.rows[0])
      throw fieldError('visit', 'ExtOpportunityNOText_SDK', {
        key: 'activity.problems.unknownOpportunity',
        params: { no },
      });
    found.push({ id: rows.rows[0].id, no });
  }
  return found;
}

/**
 * A recorded visit updates its linked opportunities' progress (notes §9.2): a running protection takes
 * it through the registration's own progress command (which keeps it in good standing), any other
 * gets the progress record alone.
 */
async function recordProgress(trx: Db, call: HookCall, clock: Clock | undefined, at: Date) {
  const numbers = linkedNumbers(call.subject.ExtOpportunityNOText_SDK);
  if (!numbers.length) return;
  const content = `${call.subject.VisitNo}: ${String(call.subject.CommunicationContent ?? '').trim()}`.slice(
    0,
    500,
  );
  // Loaded when used: the decision layer loads these hooks, so a static import would close a circle.
  const { decide } = await import('../workflows/decisions');
  for (const opportunity of await linkedOpportunities(trx, call.caller, numbers)) {
    const stream = await sql<{ status: string }>`select status from workflow_stream
      where stream_id = ${registrationStreamOf(opportunity.id)}`.execute(trx);
    const running = RUNNING_PROTECTION.includes(stream.rows[0]?.status ?? '');
    try {
      if (running) {
        await decide(trx, call.caller, {
          workflow: 'opportunityRegistration',
          subjectId: opportunity.id,
          command: 'recordProgress',
          payload: { reason: content },
          clock,
        });
        continue;
      }
    } catch (error) {
      // A visitor whose role may not record progress on a deal still leaves the record below.
      if (!(error instanceof PortalError) || error.status !== 403) throw error;
    }
    await insertProgress(trx, await opportunityRow(trx, opportunity.id), {
      id: clock?.uuid(),
      day: businessDay(at),
      content,
      by: call.actor.name,
      at,
    });
  }
}

/**
 * The server side of a visit: check-in and check-out times, site and distance are the server's
 * (whatever a payload says), the position the browser's; the minutes must be written before a visit is recorded; a recorded visit
 * writes the progress of the opportunities it links.
 */
export const visitHooks: WorkflowHooks = {
  prepare: async (trx, call) => {
    const at = call.clock?.at ?? new Date();
    if (call.command === 'checkIn') return checkIn(trx, call, at);
    if (call.command === 'checkOut') return checkOut(call, at);
    if (call.command === 'record') {
      if (blank(call.subject.CommunicationContent)) throw fieldMissing('visit', 'CommunicationContent');
      if (blank(call.subject.VisitResult)) throw fieldMissing('visit', 'VisitResult');
    }
    return undefined;
  },
  after: async (trx, call) => {
    if (call.command === 'record') await recordProgress(trx, call, call.clock, call.clock?.at ?? new Date());
  },
};
