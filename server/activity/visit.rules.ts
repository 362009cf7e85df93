import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AddressType } from '../../domain/codes/customers.codes';
import { visitDeclaration as declaration } from '../../machines/workflows/visit.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { nextNumber } from '../resources/numbering';
import type { ResourceDef } from '../resources/registry';
import { resourceDef } from '../resources/registry';
import { scopeCondition, scopeOfNewRecord } from '../resources/scope';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { startStream } from '../workflows/engine';

/** The visit form (plan and minutes): its required fields are what a plan asks. */
export const VISIT_FORM = 'salesActivity.visitForm';
/** States in which the visitor still edits the visit: the plan, then the minutes. */
const EDITABLE = ['planned', 'inProgress', 'toRecord'];

export const visitDef = () => resourceDef('visit')!;
// The decision layer's one-stream-per-record id, spelt out: the decision layer reads these rules' hooks.
export const visitStreamOf = (visitId: string) => `${declaration.name}-${visitId}`;

/** Who plans a visit makes it: visitor and stream, in the transaction that stores the plan. */
async function visitPlanned(trx: Db, caller: Caller, id: string, clock?: Clock) {
  await sql`update visit set visitor_id = ${caller.employeeId}, visitor_name = ${caller.lastName},
      visitor_code = ${caller.username} where object_id = ${id}`.execute(trx);
  const actor = { id: caller.employeeId, name: caller.lastName, role: caller.roleCode };
  await startStream(trx, {
    streamId: visitStreamOf(id),
    workflow: declaration.name,
    subject: ['visit', id],
    input: { visitor: actor },
    actor,
    at: clock?.at,
  });
}

/**
 * The visit's site from the customer named on it: among the customers the visitor sees, the one of
 * exactly that name, and its default address that has a position (a delivery address first). The
 * position is the address owner's (docs/activity.md "Site"); none found leaves the site without one.
 */
async function siteOf(trx: Db, caller: Caller, customerName: unknown) {
  const name = String(customerName ?? '').trim();
  if (!name) return undefined;
  const rows = await sql<{ id: string; detail: string; latitude: number; longitude: number }>`
    select t.object_id::text as id, t.detail, t.latitude, t.longitude
    from customer_address t join customer c on c.object_id = t.customer_id
    where c.name = ${name} and t.latitude is not null and t.longitude is not null and t.is_default
      and ${scopeCondition(caller)}
    order by (t.address_type = ${AddressType.delivery}) desc, t.updated_at desc, t.object_id
    limit 1`.execute(trx);
  return rows.rows[0];
}

/**
 * Writes the site of a visit's customer onto the visit (or clears it where the customer has none):
 * SiteAddressID, SiteAddress, SiteLatitude, SiteLongitude, never typed. Taken again at the check-in, so
 * the distance is measured from the address as its owner last placed it; answers the site's position.
 */
export async function takeSite(trx: Db, caller: Caller, id: string, customerName: unknown) {
  const site = await siteOf(trx, caller, customerName);
  const values = {
    SiteAddressID: site?.id ?? null,
    SiteAddress: site?.detail ?? null,
    SiteLatitude: site ? String(site.latitude) : null,
    SiteLongitude: site ? String(site.longitude) : null,
  };
  await sql`update visit set data = data || ${JSON.stringify(values)}::jsonb
    where object_id = ${id}`.execute(trx);
  return site ? { latitude: Number(site.latitude), longitude: Number(site.longitude) } : undefined;
}

/** The visit's workflow state, or undefined before its stream starts. */
async function visitState(trx: Db, id: string) {
  const rows = await sql<{ status: string }>`select status from workflow_stream
    where stream_id = ${visitStreamOf(id)}`.execute(trx);
  return rows.rows[0]?.status;
}

/**
 * The visit's own rule after a write through its form (server/resources/rules.ts): a new plan gets its
 * visitor (the person who plans it) and its workflow; the site follows the customer named, until the
 * check-in; the visit is answered as stored. Site and check-in fields are read-only on the form, so a
 * write that sends them is refused by name before this runs.
 */
export async function afterVisitWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  const id = String(record.ObjectID);
  const state = await visitState(trx, id);
  // The site and the check-in are evidence: the customer that decides the site is frozen at check-in.
  if (state && state !== 'planned' && changed.has('CustomerName'))
    throw new PortalError(409, 'activity.errors.frozenAtCheckIn', {
      field: 'CustomerName',
      resource: 'visit',
    });
  if (!state || changed.has('CustomerName')) await takeSite(trx, caller, id, record.CustomerName);
  if (!state) await visitPlanned(trx, caller, id);
  Object.assign(record, await getRecord(trx, def, caller, id));
}

/**
 * Before an edit or delete of visits: only the visitor edits a visit, and only until its minutes are
 * recorded; a reviewed, cancelled, missed or abandoned visit is history.
 */
export async function refuseVisitChange(trx: Db, _def: ResourceDef, caller: Caller, ids: string[]) {
  const rows = await sql<{ visitor: string | null; state: string | null; no: string }>`
    select v.visitor_id::text as visitor, s.status as state, v.visit_no as no
    from visit v left join workflow_stream s on s.stream_id = ${`${declaration.name}-`} || v.object_id::text
    where v.object_id in (${sql.join(ids)})`.execute(trx);
  for (const row of rows.rows) {
    if (row.visitor && row.visitor !== caller.employeeId)
      throw new PortalError(403, 'activity.errors.notYourVisit');
    if (row.state && !EDITABLE.includes(row.state))
      throw new PortalError(409, 'activity.errors.visitClosed', { no: row.no });
  }
}

/** Plans a visit on a clock of its own (the demo seed's): the form's checks, numbered BF, started. */
export async function planVisit(db: Db, caller: Caller, body: Record<string, unknown>, clock: Clock) {
  const def = visitDef();
  const values = await checkValues(db, def, { ...body, PageID: VISIT_FORM }, 'create');
  return inTransaction(db, async (trx) => {
    const id = clock.uuid?.() ?? randomUUID();
    const no = await nextNumber(trx, declaration.numberPrefix, clock.at);
    const scope = scopeOfNewRecord(caller);
    const data = Object.fromEntries(Object.entries(values).filter(([field]) => !def.storage.columns[field]));
    await sql`insert into visit (object_id, visit_no, visit_target_type, customer_name, contact_name, visit_type,
        planned_start, planned_end, opportunity_nos, company_id, province_code,
        city_code, data, created_by, created_by_name, updated_by_name, created_at, updated_at)
      values (${id}, ${no}, ${values.VisitTargetType ?? null}, ${values.CustomerName ?? null},
        ${values.ContactName ?? null}, ${values.VisitType ?? null}, ${values.PlannedStart ?? null},
        ${values.PlannedEnd ?? null}, ${values.ExtOpportunityNOText_SDK ?? null}, ${scope.company_id}, ${scope.province_code}, ${scope.city_code},
        ${JSON.stringify(data)}::jsonb, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}, ${clock.at},
        ${clock.at})`.execute(trx);
    await takeSite(trx, caller, id, values.CustomerName);
    await visitPlanned(trx, caller, id, clock);
    return { ObjectID: id, VisitNo: no };
  });
}
