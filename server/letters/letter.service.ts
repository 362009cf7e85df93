import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { codeEntries } from '../../domain/codes/code';
import { CommitmentLetterType } from '../../domain/codes/opportunities.codes';
import { ROLE } from '../../domain/roles';
import { UUID_PATTERN } from '../../domain/uuid';
import {
  commitmentLetterDeclaration as declaration,
  IMMUTABLE_LETTER_STATES,
  LETTER_DECIDERS,
} from '../../machines/workflows/commitment-letter.workflow';
import { OPPORTUNITY_STATUS } from '../../machines/workflows/opportunity-stage.rules';
import { type Db, inTransaction } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { checkVersion } from '../payments/receipt.service';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';

export const letterDef = () => resourceDef('commitmentLetter')!;

/** DOMAIN.md §3 rule 1: a letter is requested for a protected registration (or one at risk). */
const LETTER_OPPORTUNITY_STATUSES: readonly string[] = [
  OPPORTUNITY_STATUS.protected,
  OPPORTUNITY_STATUS.atRisk,
];

/** The letter with its workflow state, locked for the transaction. */
export interface LetterRow {
  object_id: string;
  version: number;
  commitment_letter_no: string;
  opportunity_id: string;
  letter_type: string;
  tender_no: string;
  brand: string;
  reissue_of: string | null;
  data: Record<string, unknown>;
  state: string | null;
  applicant: string | null;
}

interface Opportunity {
  object_id: string;
  no: string;
  name: string | null;
  status: string | null;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
}

const problem = (field: string, key: string) =>
  fieldError('commitmentLetter', field, { key: `letters.problems.${key}`, params: {} });

/** The opportunity a letter is for, by its number (as the picker fills it), within the caller's scope. */
export async function opportunityForLetter(db: Db, caller: Caller, number: unknown): Promise<Opportunity> {
  if (typeof number !== 'string' || !number.trim()) throw fieldMissing('commitmentLetter', 'opportunityNo');
  const found = await sql<Opportunity>`select t.object_id::text as object_id,
      t.data->>'ExtOpportunityNOText_SDK' as no, t.data->>'Name' as name,
      t.data->>'ExtOpportunityStatus_SDK' as status, t.company_id::text as company_id,
      t.province_code, t.city_code
    from record t where t.resource = 'opportunity' and t.data->>'ExtOpportunityNOText_SDK' = ${number.trim()}
      and ${scopeCondition(caller)} limit 1`.execute(db);
  const opportunity = found.rows[0];
  if (!opportunity) throw problem('opportunityNo', 'noSuchOpportunity');
  return opportunity;
}

/** A letter type in the reader's language, for a refusal that names it. */
function typeWords(type: string) {
  const entry = codeEntries(CommitmentLetterType).find(([code]) => code === type);
  return { key: 'server.stateWords', params: { zh: entry?.[1] ?? type, en: entry?.[2] ?? type } };
}

/**
 * One active letter per letter type, tender number and brand (docs/commitment-letters.md): a tender
 * takes its set of letter types, never two of one type. The holder, if another holds it.
 */
async function checkFree(db: Db, type: string, tender: string, brand: string, except?: string) {
  const held = await sql<{ no: string }>`select commitment_letter_no as no from commitment_letter
    where letter_type = ${type} and tender_no = ${tender} and brand = ${brand} and active
      ${except ? sql`and object_id <> ${except}` : sql``} limit 1`.execute(db);
  if (held.rows[0])
    throw new PortalError(409, 'letters.errors.activeExists', {
      tender,
      type: typeWords(type),
      no: held.rows[0].no,
    });
}

/** The index is the last word when two requests race past the check above. */
async function holdingTheTender<T>(type: string, tender: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'commitment_letter_active_uq'))
      throw new PortalError(409, 'letters.errors.activeExists', { tender, type: typeWords(type), no: '' });
    throw error;
  }
}

const fileName = (value: unknown) =>
  Array.isArray(value) && value[0] && typeof value[0] === 'object'
    ? String((value[0] as { FileName?: unknown }).FileName ?? '') || null
    : null;

/**
 * Requests a letter (the create form, or a re-issue): checked like any form, for a protected
 * opportunity the caller sees, numbered CN…, scoped like the opportunity (so its agent and its province
 * see it), holding its tender and brand, and put before the business approver — one transaction.
 */
export async function requestLetter(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  options: { clock?: Clock; reissueOf?: string } = {},
) {
  const def = letterDef();
  const values = await checkValues(db, def, body, 'create');
  return inTransaction(db, async (trx) => {
    const opportunity = await opportunityForLetter(trx, caller, values.opportunityNo);
    if (!LETTER_OPPORTUNITY_STATUSES.includes(String(opportunity.status)))
      throw problem('opportunityNo', 'notProtected');
    const tender = String(values.tenderNo).trim();
    const brand = String(values.brand);
    const type = String(values.type);
    await checkFree(trx, type, tender, brand);
    const at = options.clock?.at ?? new Date();
    const no = await nextNumber(trx, declaration.numberPrefix, options.clock?.at);
    const id = options.clock?.uuid() ?? randomUUID();
    const data = {
      tenderUnit: values.tenderUnit ?? null,
      serviceYears: values.serviceYears ?? null,
      nonStandard: values.nonStandard === true,
      nonStandardClause: values.nonStandardClause ?? null,
      originalCommitmentLetterUrl: values.originalCommitmentLetterUrl ?? null,
      originalCommitmentLetterName: fileName(values.originalCommitmentLetterUrl),
      commitmentLetterUrl: null,
      processCreator: caller.lastName,
      processCreateTime: at.toISOString(),
    };
    await holdingTheTender(type, tender, () =>
      sql`insert into commitment_letter (object_id, commitment_letter_no, opportunity_id, opportunity_no,
          opportunity_name, letter_type, tender_no, brand, estimated_bid_opening_date, reissue_of,
          company_id, province_code, city_code, data, created_by, created_by_name, updated_by_name,
          created_at, updated_at)
        values (${id}, ${no}, ${opportunity.object_id}, ${opportunity.no}, ${opportunity.name},
          ${values.type}, ${tender}, ${brand}, ${values.estimatedBidOpeningDate}, ${options.reissueOf ?? null},
          ${opportunity.company_id}, ${opportunity.province_code}, ${opportunity.city_code},
          ${JSON.stringify(data)}::jsonb, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName},
          ${at}, ${at})`.execute(trx),
    );
    const actor = actorOf(caller);
    await startStream(trx, {
      streamId: subjectStreamId(declaration, id),
      workflow: declaration.name,
      subject: ['commitmentLetter', id],
      input: { applicant: actor, letterId: id },
      actor,
      at,
    });
    return getRecord(trx, def, caller, id);
  });
}

/** The letter with its workflow state, locked, read through the caller's scope (404 outside it). */
export async function lockedLetter(db: Db, caller: Caller, id: unknown): Promise<LetterRow> {
  await getRecord(db, letterDef(), caller, id);
  const rows = await sql<LetterRow>`select l.object_id::text as object_id, l.version, l.commitment_letter_no,
      l.opportunity_id::text as opportunity_id, l.letter_type, l.tender_no, l.brand, l.reissue_of::text as reissue_of,
      l.data, s.status as state, s.state->'context'->'applicant'->>'id' as applicant
    from commitment_letter l left join workflow_stream s on s.stream_id = 'commitmentLetter-' || l.object_id::text
    where l.object_id = ${String(id)} for update of l`.execute(db);
  return rows.rows[0];
}

/** Who uploads the stamped scan: the step's role (the seal keeper) or the administrator. */
const mayStamp = (caller: Caller) =>
  caller.roleCode === LETTER_DECIDERS.toStamp || caller.roleCode === ROLE.systemAdmin;

const SCAN_FIELDS = new Set(['commitmentLetterUrl']);

/**
 * Edits a letter (ObjectID, the Version seen, the changed fields). A returned letter is corrected by
 * its applicant (tender and brand checked again); one waiting for the stamp takes only its scan, from
 * the seal keeper; a letter in approval is not changed under its approvers; from the stamp on a letter
 * is immutable — it is revoked and issued anew (409 every time).
 */
export async function modifyLetter(db: Db, caller: Caller, body: Record<string, unknown>) {
  const def = letterDef();
  const values = await checkValues(db, def, body, 'update');
  return inTransaction(db, async (trx) => {
    const letter = await lockedLetter(trx, caller, body.ObjectID);
    checkVersion(letter, body.Version);
    const state = letter.state ?? '';
    const no = letter.commitment_letter_no;
    const fields = Object.keys(values);
    if (state === 'toStamp') {
      if (!mayStamp(caller) || fields.some((f) => !SCAN_FIELDS.has(f)))
        throw new PortalError(409, 'letters.errors.scanOnly', { no });
    } else if (IMMUTABLE_LETTER_STATES.includes(state) || ['rejected', 'withdrawn'].includes(state))
      throw new PortalError(409, 'letters.errors.immutable', { no });
    else if (state !== 'returned' || letter.applicant !== caller.employeeId)
      throw new PortalError(409, 'letters.errors.notEditable', { no });
    // The stamped scan is the seal keeper's, uploaded only while the letter waits for the stamp.
    else if (values.commitmentLetterUrl !== undefined)
      throw new PortalError(409, 'letters.errors.scanOnly', { no });
    const sets: RawBuilder<unknown>[] = [];
    if (values.opportunityNo !== undefined) {
      const opportunity = await opportunityForLetter(trx, caller, values.opportunityNo);
      if (!LETTER_OPPORTUNITY_STATUSES.includes(String(opportunity.status)))
        throw problem('opportunityNo', 'notProtected');
      sets.push(sql`opportunity_id = ${opportunity.object_id}, opportunity_no = ${opportunity.no},
        opportunity_name = ${opportunity.name}, company_id = ${opportunity.company_id},
        province_code = ${opportunity.province_code}, city_code = ${opportunity.city_code}`);
    }
    const tender = values.tenderNo === undefined ? letter.tender_no : String(values.tenderNo).trim();
    const brand = values.brand === undefined ? letter.brand : String(values.brand);
    const type = values.type === undefined ? letter.letter_type : String(values.type);
    if (type !== letter.letter_type || tender !== letter.tender_no || brand !== letter.brand) {
      await checkFree(trx, type, tender, brand, letter.object_id);
      sets.push(sql`letter_type = ${type}, tender_no = ${tender}, brand = ${brand}`);
    }
    if (values.estimatedBidOpeningDate !== undefined)
      sets.push(sql`estimated_bid_opening_date = ${values.estimatedBidOpeningDate}`);
    const data: Record<string, unknown> = {};
    for (const f of [
      'tenderUnit',
      'serviceYears',
      'nonStandard',
      'nonStandardClause',
      'originalCommitmentLetterUrl',
      'commitmentLetterUrl',
    ])
      if (values[f] !== undefined) data[f] = values[f];
    if (values.originalCommitmentLetterUrl !== undefined)
      data.originalCommitmentLetterName = fileName(values.originalCommitmentLetterUrl);
    await holdingTheTender(type, tender, () =>
      sql`update commitment_letter set ${sql.join([
        ...sets,
        sql`data = data || ${JSON.stringify(data)}::jsonb`,
        sql`version = version + 1`,
        sql`updated_at = now()`,
        sql`updated_by_name = ${caller.lastName}`,
      ])} where object_id = ${letter.object_id}`.execute(trx),
    );
    if (values.commitmentLetterUrl !== undefined) await scanForTheLetter(trx, caller, letter.object_id, data);
    return getRecord(trx, def, caller, letter.object_id);
  });
}

/**
 * The stamped scan is the letter's deliverable: its file takes the letter's scope (the agent and the
 * province of its opportunity), not its uploader's, so the agent downloads it from the letter cell.
 * Only files uploaded for this letter move — or uploaded by this caller for no record yet, which now
 * belong to the letter.
 */
async function scanForTheLetter(trx: Db, caller: Caller, letterId: string, data: Record<string, unknown>) {
  const ids = (Array.isArray(data.commitmentLetterUrl) ? data.commitmentLetterUrl : [])
    .map((f) => String((f as { ObjectID?: unknown })?.ObjectID ?? ''))
    .filter((id) => UUID_PATTERN.test(id));
  if (!ids.length) return;
  await sql`update file_object f set company_id = l.company_id, province_code = l.province_code,
      city_code = l.city_code, owner_id = ${letterId}
    from commitment_letter l
    where l.object_id = ${letterId} and f.owner_type = 211 and f.deleted_at is null
      and (f.owner_id = ${letterId} or (f.owner_id is null and f.created_by = ${caller.employeeId}))
      and f.object_id::text in (${sql.join(ids)})`.execute(trx);
}

/** The fields a re-issue copies from the revoked letter; the scan and the process are the new letter's own. */
const REISSUED = [
  'opportunityNo',
  'type',
  'brand',
  'tenderNo',
  'tenderUnit',
  'estimatedBidOpeningDate',
  'serviceYears',
  'nonStandard',
  'nonStandardClause',
];

/**
 * Issues a revoked letter anew (notes §3.5 rule 5): a new request with the old one's content and the
 * changes sent along, linked to the one it replaces. Only a revoked letter can be re-issued.
 */
export async function reissueLetter(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  return inTransaction(db, async (trx) => {
    const old = await lockedLetter(trx, caller, body.ObjectID);
    if (old.state !== 'revoked')
      throw new PortalError(409, 'letters.errors.notRevoked', { no: old.commitment_letter_no });
    const wire = await getRecord(trx, letterDef(), caller, old.object_id);
    const copy: Record<string, unknown> = {};
    for (const f of REISSUED) if (wire[f] !== undefined && wire[f] !== null) copy[f] = wire[f];
    const { ObjectID: _id, Version: _version, ...changes } = body;
    return requestLetter(trx, caller, { ...copy, ...changes }, { clock, reissueOf: old.object_id });
  });
}
