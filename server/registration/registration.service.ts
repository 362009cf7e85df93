import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { addMonths } from '../../machines/workflows/customer-change.rules';
import type { RegistrationContext, ReviewStep } from '../../machines/workflows/registration.workflow';
import { businessToday } from '../customers/customer-facts';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { nextNumber } from '../resources/numbering';
import { registrationChainFor } from '../workflows/chains';
import { allowedEvents, dispatch, loadStream, startStream } from '../workflows/engine';
import {
  creditCodeTaken,
  findRegistration,
  insertRegistration,
  regionNames,
  updateRegistration,
} from './registration.repo';
import type { RegistrationForm } from './registration.schema';

const streamOf = (objectId: string) => `registration-${objectId}`;
const applicantOf = (objectId: string, name: string): WorkflowActor => ({
  id: `applicant:${objectId}`,
  name,
  role: 'applicant',
});
export const actorOf = (caller: Caller): WorkflowActor => ({
  id: caller.employeeId,
  name: caller.lastName,
  role: caller.roleCode,
});

/** CustomerStatus keywords the registration record shows for each workflow state (dictionary CustomerStatus). */
const STEP_STATUS: Record<string, string> = {
  preReview: '111',
  qualificationReview: '131',
  riskReview: '141',
};
function statusOf(snapshot: AnyMachineSnapshot): { status: string; step: string | null } {
  const context = snapshot.context as RegistrationContext;
  switch (snapshot.value) {
    case 'inReview': {
      const step = context.chain[context.node]?.step ?? 'preReview';
      return { status: STEP_STATUS[step] ?? '111', step };
    }
    case 'supplement':
      return { status: '121', step: 'supplement' };
    case 'toSign':
      return { status: '151', step: 'toSign' };
    case 'active':
      return { status: '161', step: 'active' };
    case 'withdrawn':
      return { status: '221', step: 'withdrawn' };
    default:
      return { status: '201', step: 'rejected' };
  }
}

/** The record fields that mirror the workflow (status, current step, the latest return reason). */
function mirror(snapshot: AnyMachineSnapshot) {
  const { status, step } = statusOf(snapshot);
  const reason = (snapshot.context as RegistrationContext).reason;
  return { ExtCustomerStatus_SDK: status, ApprovalNode: step ?? '', ExtReturnReason_SDK: reason ?? '' };
}

/** The review chain for a channel type; the configured one when the process configuration names one. */
async function chainFor(_db: Db, _channelType: string, _provinceCode: string): Promise<ReviewStep[]> {
  return registrationChainFor(_db, _channelType, _provinceCode);
}

/**
 * A public RSP or CCP registration (SPEC §2 /prov-register, /city-register): checked, numbered (ZR…),
 * stored and its review stream started, all in one transaction. The applicant gets the number and
 * follows the application with it and the contact phone.
 */
export async function register(db: Db, form: RegistrationForm) {
  const creditCode = normalizeCreditCode(form.ExtCreditCode_SDK);
  if (!isValidCreditCode(creditCode)) throw new PortalError(400, 'server.registration.badCreditCode');
  const regions = await regionNames(db, [form.ProvinceCode, ...(form.CityCode ? [form.CityCode] : [])]);
  const province = regions.get(form.ProvinceCode);
  if (province?.level !== 'province')
    throw new PortalError(400, 'server.registration.badRegion', { field: 'ProvinceCode' });
  const city = form.CityCode ? regions.get(form.CityCode) : undefined;
  if (form.CityCode && city?.parent !== form.ProvinceCode)
    throw new PortalError(400, 'server.registration.badRegion', { field: 'CityCode' });

  return db.transaction().execute(async (trx) => {
    if (await creditCodeTaken(trx, creditCode))
      throw new PortalError(409, 'server.registration.creditCodeTaken');
    const number = await nextNumber(trx, 'ZR');
    const { ProvinceCode: _p, CityCode: _c, ...fields } = form;
    const data = {
      ...fields,
      ExtCreditCode_SDK: creditCode,
      RegistrationNo: number,
      ProvinceName: province.zh,
      CityName: city?.zh ?? '',
      SubmittedOn: new Date().toISOString(),
    };
    const id = await insertRegistration(trx, {
      data,
      provinceCode: form.ProvinceCode,
      cityCode: form.CityCode ?? null,
      by: form.ContactName,
    });
    const applicant = applicantOf(id, form.ContactName);
    const snapshot = await startStream(trx, {
      streamId: streamOf(id),
      workflow: 'registration',
      subject: ['registrationInfo', id],
      input: { chain: await chainFor(trx, form.ExtChannelSmallType_SDK, form.ProvinceCode), applicant },
      actor: applicant,
    });
    await updateRegistration(trx, id, mirror(snapshot), form.ContactName);
    return { RegistrationNo: number };
  });
}

/** Finds the applicant's registration by number and contact phone; anything else reveals nothing. */
async function applicantRegistration(db: Db, number: string, phone: string) {
  const row = await findRegistration(db, { number });
  if (!row || String(row.data.ContactPhone ?? '') !== phone)
    throw new PortalError(404, 'server.registration.notFound');
  return row;
}

/** Where an application stands: the steps of its chain, the current one, and what happened when. */
export async function progress(db: Db, number: string, phone: string) {
  const row = await applicantRegistration(db, number, phone);
  const stream = await loadStream(db, streamOf(row.object_id));
  const context = stream.snapshot.context as RegistrationContext;
  const { step } = statusOf(stream.snapshot);
  const applicant = applicantOf(row.object_id, String(row.data.ContactName ?? ''));
  return {
    RegistrationNo: number,
    Name: row.data.Name,
    State: String(stream.snapshot.value),
    CurrentStep: step,
    // The page offers withdrawal only when the workflow would accept it from the applicant now.
    MayWithdraw: allowedEvents(stream.snapshot, applicant).includes('application.withdraw'),
    Steps: [...context.chain.map((s) => s.step), 'toSign', 'active'],
    StepIndex:
      stream.snapshot.value === 'inReview'
        ? context.node
        : stream.snapshot.value === 'toSign'
          ? context.chain.length
          : stream.snapshot.value === 'active'
            ? context.chain.length + 1
            : null,
    Reason: context.reason ?? null,
    History: stream.events.map((e) => ({
      type: e.type,
      at: e.at,
      role: e.role,
      reason: (e.payload.reason as string) ?? null,
    })),
  };
}

/** The applicant completes a returned application and resubmits it under the same number. */
export async function resubmit(db: Db, number: string, phone: string, changes: Partial<RegistrationForm>) {
  const row = await applicantRegistration(db, number, phone);
  const applicant = applicantOf(row.object_id, String(row.data.ContactName ?? ''));
  return db.transaction().execute(async (trx) => {
    const { snapshot } = await dispatch(trx, {
      streamId: streamOf(row.object_id),
      event: { type: 'application.resubmit' },
      actor: applicant,
    });
    const { ProvinceCode: _p, CityCode: _c, ExtCreditCode_SDK: _code, ...editable } = changes;
    await updateRegistration(
      trx,
      row.object_id,
      { ...editable, ...mirror(snapshot), SubmittedOn: new Date().toISOString() },
      applicant.name,
    );
    return { RegistrationNo: number, State: String(snapshot.value) };
  });
}

/**
 * The applicant takes the application back (DOMAIN.md "One approval shape"): before the first
 * decision, or while it is returned to them. A decided application says so rather than "not now".
 */
export async function withdraw(db: Db, number: string, phone: string) {
  const row = await applicantRegistration(db, number, phone);
  const applicant = applicantOf(row.object_id, String(row.data.ContactName ?? ''));
  return db.transaction().execute(async (trx) => {
    const state = await loadStream(trx, streamOf(row.object_id));
    const context = state.snapshot.context as RegistrationContext;
    if (state.snapshot.value === 'inReview' && context.decisions > 0)
      throw new PortalError(409, 'server.registration.alreadyDecided');
    const { snapshot } = await dispatch(trx, {
      streamId: streamOf(row.object_id),
      event: { type: 'application.withdraw' },
      actor: applicant,
      expectedVersion: state.version,
    });
    await updateRegistration(trx, row.object_id, mirror(snapshot), applicant.name);
    return { RegistrationNo: number, State: String(snapshot.value) };
  });
}

/** Who the current step waits for when the configuration names a person (and nobody was forwarded to). */
function namedReviewer(snapshot: AnyMachineSnapshot): { id: string; name: string } | null {
  const context = snapshot.context as RegistrationContext;
  if (snapshot.value !== 'inReview' || context.forwardedTo) return null;
  const step = context.chain[context.node];
  return step?.approver ? { id: step.approver, name: step.approverName ?? step.approver } : null;
}

/** A step is forwarded only to an enabled colleague of the role it waits for. */
async function checkForward(db: Db, snapshot: AnyMachineSnapshot, to: string | undefined) {
  const context = snapshot.context as RegistrationContext;
  const role = context.chain[context.node]?.role ?? '';
  const found = to
    ? await sql<{ n: number }>`select count(*)::int as n from employee
        where object_id::text = ${to} and enabled and role_code = ${role}`.execute(db)
    : { rows: [{ n: 0 }] };
  if (!found.rows[0]?.n) throw new PortalError(400, 'server.fieldRequired', { field: 'to' });
}

export type ReviewAction = 'agree' | 'reject' | 'return' | 'forward';

/** A reviewer's decision on the current step (SPEC §7 processApproval). */
export async function review(
  db: Db,
  caller: Caller,
  params: { objectId: string; action: ReviewAction; reason?: string; to?: string; version?: number },
) {
  const row = await findRegistration(db, { id: params.objectId });
  if (!row) throw new PortalError(404, 'server.recordNotFound');
  const actor = actorOf(caller);
  return db.transaction().execute(async (trx) => {
    const state = await loadStream(trx, streamOf(row.object_id));
    const named = namedReviewer(state.snapshot);
    // The role check alone would let any colleague of the role decide a step that names one person.
    if (named && named.id !== actor.id && (params.version ?? state.version) === state.version)
      throw new PortalError(403, 'server.registration.notYourStep', { name: named.name });
    if (params.action === 'forward' && state.snapshot.can({ type: 'review.forward', actor, to: '' }))
      await checkForward(trx, state.snapshot, params.to);
    const { snapshot, version } = await dispatch(trx, {
      streamId: streamOf(row.object_id),
      event: { type: `review.${params.action}`, reason: params.reason, to: params.to },
      actor,
      expectedVersion: params.version,
    });
    await updateRegistration(trx, row.object_id, mirror(snapshot), caller.lastName);
    return { State: String(snapshot.value), WorkflowVersion: version, ...mirror(snapshot) };
  });
}

const FIRST_AGREEMENT_MONTHS = 12;

/**
 * The agreement is signed: the registration becomes an agent (RSP or CCP) with its account, and the
 * stream ends active. The customer row and the final event are written in one transaction.
 */
export async function signAgreement(db: Db, caller: Caller, objectId: string) {
  const row = await findRegistration(db, { id: objectId });
  if (!row) throw new PortalError(404, 'server.recordNotFound');
  return db.transaction().execute(async (trx) => {
    const data = row.data;
    const channel = String(data.ExtChannelSmallType_SDK);
    const account = await nextNumber(trx, 'KH');
    const signedOn = businessToday();
    const inserted = await sql<{ object_id: string }>`insert into customer
      (name, account_id, credit_code, customer_type, channel_type, status, province_code, city_code, created_by_name, updated_by_name, data)
      values (${String(data.Name)}, ${account}, ${String(data.ExtCreditCode_SDK)}, ${channel === 'CCP' ? '121' : '111'}, ${channel}, '161',
              ${row.province_code}, ${row.city_code}, ${caller.lastName}, ${caller.lastName}, ${JSON.stringify(
                {
                  ContactName: data.ContactName,
                  ContactPhone: data.ContactPhone,
                  Email: data.Email,
                  Address: data.Address,
                  ProvinceName: data.ProvinceName,
                  CityName: data.CityName,
                  ExtLegalRepresentative_SDK: data.ExtLegalRepresentative_SDK,
                  ExtRegistrationNo_SDK: data.RegistrationNo,
                  // The first agreement runs a year from signing; renewals extend it from there.
                  ExtAgreementStartDate_SDK: signedOn,
                  ExtAgreementEndDate_SDK: addMonths(signedOn, FIRST_AGREEMENT_MONTHS),
                },
              )}::jsonb) returning object_id::text`.execute(trx);
    const customerId = inserted.rows[0].object_id;
    await sql`update customer set company_id = object_id where object_id = ${customerId}`.execute(trx);
    const { snapshot } = await dispatch(trx, {
      streamId: streamOf(objectId),
      event: { type: 'agreement.sign', customerId },
      actor: actorOf(caller),
    });
    await updateRegistration(
      trx,
      objectId,
      { ...mirror(snapshot), AccountID: account, CustomerID: customerId },
      caller.lastName,
    );
    return { CustomerID: customerId, AccountID: account };
  });
}

/** What the caller may do on a registration now, with the workflow version to send back. */
export async function reviewOptions(db: Db, caller: Caller, objectId: string) {
  const row = await findRegistration(db, { id: objectId });
  if (!row) throw new PortalError(404, 'server.recordNotFound');
  const stream = await loadStream(db, streamOf(objectId));
  return {
    State: String(stream.snapshot.value),
    WorkflowVersion: stream.version,
    Allowed: allowedEvents(stream.snapshot, actorOf(caller)),
    Approver: namedReviewer(stream.snapshot)?.name ?? null,
    ...mirror(stream.snapshot),
  };
}
