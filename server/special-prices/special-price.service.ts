import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { OpportunityStatus } from '../../domain/codes/opportunities.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { UUID_PATTERN } from '../../domain/uuid';
import type { WorkflowActor } from '../../machines/workflows/actor';
import {
  EDITABLE_SPECIAL_PRICE_STATES,
  type SpecialPriceContext,
  specialPriceDeclaration,
} from '../../machines/workflows/special-price.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { dayOf, fieldError, fieldMissing } from '../http/validate';
import { refuseForeignProducts } from '../opportunities/opportunity-products';
import { yuanOf } from '../orders/pricing';
import { checkVersion } from '../payments/receipt.service';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, decide, subjectStreamId } from '../workflows/decisions';
import { loadStream, startStream } from '../workflows/engine';
import {
  figuresOf,
  percentText,
  priceRequestLines,
  specialPriceSettings,
  writeRequestLines,
} from './special-price-lines';
import { partiesOf } from './special-price-parties';

export const WORKFLOW = specialPriceDeclaration.name;
const RESOURCE = 'specialApproval';
/** OpportunityStatus: protected, and protected but without recent progress. */
const PROTECTED: string[] = [OpportunityStatus.protected, OpportunityStatus.atRisk];

export const specialPriceDef = () => resourceDef(RESOURCE)!;
const opportunityDef = () => resourceDef('opportunity')!;

/** The agent's own staff ask; the sales operations desk and the administrator may ask on its behalf. */
export const mayApply = (caller: Caller) =>
  caller.dataScope === 'company' ||
  caller.roleCode === ROLE.salesOperations ||
  caller.roleCode === ROLE.systemAdmin;

/**
 * Who asked for a special price: the applicant its stream started with, the caller who first saved it
 * (owner fields come from the caller, never from a body). Its changes, submission and execution orders
 * are that person's.
 */
export async function applicantOf(db: Db, id: string): Promise<WorkflowActor> {
  const stream = await loadStream(db, subjectStreamId(specialPriceDeclaration, id));
  return (stream.snapshot.context as SpecialPriceContext).applicant;
}

/**
 * A draft or returned request is its applicant's to change and submit: a colleague of the same company
 * or role reads it where their scope allows, but does not save it over the applicant (403).
 */
async function refuseAnotherApplicant(db: Db, caller: Caller, record: Record<string, unknown>) {
  const applicant = await applicantOf(db, String(record.ObjectID));
  if (applicant.id !== caller.employeeId)
    throw new PortalError(403, 'specialPrices.refusals.notOwnRequest', {
      no: record.ExtSpecialApprovalNo_SDK ?? '',
      applicant: applicant.name ?? record.ExtApplicantName_SDK ?? '',
    });
}

/** The opportunity a request names (id or number), read through the caller's scope: outside it is 404. */
async function opportunityInScope(db: Db, caller: Caller, body: Record<string, unknown>) {
  const id = typeof body.OpportunityID === 'string' ? body.OpportunityID.trim() : '';
  const no = typeof body.ExtOpportunityNOText_SDK === 'string' ? body.ExtOpportunityNOText_SDK.trim() : '';
  let found = UUID_PATTERN.test(id) ? id : undefined;
  if (!found) {
    if (!no) throw fieldMissing(RESOURCE, 'ExtOpportunityNOText_SDK');
    const rows = await sql<{ id: string }>`select object_id::text as id from record
      where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' = ${no.slice(0, 40)}`.execute(db);
    found = rows.rows[0]?.id;
    if (!found) throw new PortalError(404, 'server.recordNotFound');
  }
  const opportunity = await getRecord(db, opportunityDef(), caller, found);
  const scope = await sql<{
    company_id: string | null;
    province_code: string | null;
    city_code: string | null;
  }>`
    select company_id::text, province_code, city_code from record where object_id = ${found}`.execute(db);
  return { id: found, record: opportunity, scope: scope.rows[0] };
}

const requiredText = (body: Record<string, unknown>, field: string, max: number) => {
  const value = typeof body[field] === 'string' ? (body[field] as string).trim() : '';
  if (!value) throw fieldMissing(RESOURCE, field);
  if (value.length > max)
    throw fieldError(RESOURCE, field, { key: 'server.problems.tooLong', params: { max } });
  return value;
};

const requiredDay = (body: Record<string, unknown>, field: string) => {
  if (body[field] === undefined || body[field] === null || body[field] === '')
    throw fieldMissing(RESOURCE, field);
  const day = dayOf(body[field]);
  if (!day) throw fieldError(RESOURCE, field, 'server.problems.date');
  return day;
};

/** The header a person writes: brand, dates, urgency, justification and channel margins (the companies: partiesOf). */
async function headerOf(db: Db, body: Record<string, unknown>) {
  const brand = requiredText(body, 'Brand', 20);
  const known = await sql<{ n: number }>`select count(*)::int as n from dictionary_entry
    where enabled and code = 'Brand' and keyword = ${brand}`.execute(db);
  if (!known.rows[0]?.n)
    throw new PortalError(400, 'server.unknownOption', { field: 'Brand', resource: RESOURCE, value: brand });
  return {
    Brand: brand,
    ExtDueDate_SDK: requiredDay(body, 'ExtDueDate_SDK'),
    ExtBidOpeningDate_SDK: requiredDay(body, 'ExtBidOpeningDate_SDK'),
    ExtUrgent_SDK: body.ExtUrgent_SDK === true || body.ExtUrgent_SDK === 'true',
    ExtApplyReason_SDK: requiredText(body, 'ExtApplyReason_SDK', 2000),
    ExtChannelMargin_SDK: requiredText(body, 'ExtChannelMargin_SDK', 2000),
  };
}

/** The figures the record shows to everybody; cost and margin stay in the lines table. */
function totalsOf(lines: Awaited<ReturnType<typeof priceRequestLines>>) {
  const figures = figuresOf(lines);
  return {
    ExtListPriceTotal_SDK: yuanOf(figures.standardFen),
    ExtApplyPriceTotal_SDK: yuanOf(figures.requestedFen),
    ExtWeightedDiscount_SDK: percentText(figures.depthBp),
  };
}

/**
 * Saves a special-price request as a draft, or (`submit`) puts it before its chain at once. A new
 * request needs a protected opportunity in the caller's scope; a draft or returned one is changed
 * with the Version seen. One transaction: the record, its priced lines, its stream.
 */
export async function saveSpecialPrice(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  options: { submit: boolean; clock?: Clock },
) {
  if (!mayApply(caller)) throw new PortalError(403, 'specialPrices.refusals.notApplicant');
  const clock = options.clock;
  const today = businessDay(clock?.at ?? new Date());
  return inTransaction(db, async (trx) => {
    const settings = await specialPriceSettings(trx);
    const existingId = typeof body.ObjectID === 'string' && body.ObjectID ? body.ObjectID : undefined;
    let id: string;
    if (existingId) {
      const current = await getRecord(trx, specialPriceDef(), caller, existingId);
      const locked = await sql<{ version: number }>`select version from record
        where object_id = ${existingId} for update`.execute(trx);
      await refuseAnotherApplicant(trx, caller, current);
      checkVersion({ version: locked.rows[0].version }, body.Version);
      if (!EDITABLE_SPECIAL_PRICE_STATES.includes(String(current.ApprovalState ?? 'draft')))
        throw new PortalError(409, 'specialPrices.refusals.notEditable');
      id = existingId;
      body = { ...body, OpportunityID: current.OpportunityID };
    } else id = clock?.uuid() ?? randomUUID();
    const opportunity = await opportunityInScope(trx, caller, body);
    if (!PROTECTED.includes(String(opportunity.record.ExtOpportunityStatus_SDK ?? '')))
      throw new PortalError(409, 'specialPrices.refusals.notProtected', {
        no: opportunity.record.ExtOpportunityNOText_SDK,
      });
    const header = await headerOf(trx, body);
    const parties = await partiesOf(trx, caller, body, opportunity.record.AgentName);
    const lines = await priceRequestLines(trx, body, settings);
    await refuseForeignProducts(
      trx,
      { id: opportunity.id, productLine: opportunity.record.ProductLine },
      lines.map((l) => l.productCode),
      RESOURCE,
    );
    const at = clock?.at ?? new Date();
    const o = opportunity.record;
    const data = {
      ...header,
      ...totalsOf(lines),
      OpportunityID: opportunity.id,
      ExtOpportunityNOText_SDK: o.ExtOpportunityNOText_SDK,
      ExtOpportunityName_SDK: o.Name,
      ExtOppCustomerName_SDK: o.ExtOppCustomerName_SDK,
      ...parties,
      ProvinceName: o.ProvinceName ?? null,
    };
    if (existingId) {
      await sql`update record set data = data || ${JSON.stringify(data)}::jsonb, version = version + 1,
          updated_at = ${at}, updated_by_name = ${caller.lastName} where object_id = ${id}`.execute(trx);
    } else {
      const no = await nextNumber(trx, NUMBER_PREFIX.specialPrice, clock?.at);
      const created = {
        ...data,
        ExtSpecialApprovalNo_SDK: no,
        ExtApplicantName_SDK: caller.lastName,
        ExtApplicantUserName_SDK: caller.username,
        ExtApplyDate_SDK: today,
      };
      const s = opportunity.scope;
      await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
          updated_at, created_by, created_by_name, updated_by_name)
        values (${id}, ${RESOURCE}, ${JSON.stringify(created)}::jsonb, ${s.company_id}, ${s.province_code},
          ${s.city_code}, ${at}, ${at}, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName})`.execute(
        trx,
      );
      const applicant = actorOf(caller);
      await startStream(trx, {
        streamId: subjectStreamId(specialPriceDeclaration, id),
        workflow: WORKFLOW,
        subject: [RESOURCE, id],
        input: { specialPriceId: id, applicant, chain: [] },
        actor: applicant,
        at: clock?.at,
      });
    }
    await writeRequestLines(trx, id, lines, clock?.uuid);
    if (options.submit)
      await decide(trx, caller, {
        workflow: WORKFLOW,
        subjectId: id,
        command: 'submit',
        payload: {},
        version: typeof body.WorkflowVersion === 'number' ? body.WorkflowVersion : undefined,
        clock,
      });
    return getRecord(trx, specialPriceDef(), caller, id);
  });
}

/** Submits a saved draft (or a returned request) unchanged: applyApproval with only ObjectID and Version. */
export async function submitSaved(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  return inTransaction(db, async (trx) => {
    const id = String(body.ObjectID);
    const current = await getRecord(trx, specialPriceDef(), caller, id);
    await refuseAnotherApplicant(trx, caller, current);
    checkVersion({ version: Number(current.Version) }, body.Version);
    await decide(trx, caller, { workflow: WORKFLOW, subjectId: id, command: 'submit', payload: {}, clock });
    return getRecord(trx, specialPriceDef(), caller, id);
  });
}
