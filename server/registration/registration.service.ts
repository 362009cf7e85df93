import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { WorkflowActor } from '../../machines/workflows/actor';
import {
  type RegistrationContext,
  registrationDeclaration,
  registrationStatus,
} from '../../machines/workflows/registration.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { nextNumber } from '../resources/numbering';
import { allowedEvents } from '../workflows/allowed';
import { registrationChainFor } from '../workflows/chains';
import type { Clock } from '../workflows/clock';
import { decide, decisionOptions, subjectStreamId } from '../workflows/decisions';
import { dispatch, loadStream, startStream } from '../workflows/engine';
import {
  creditCodeTaken,
  findRegistration,
  insertRegistration,
  regionNames,
  updateRegistration,
} from './registration.repo';
import type { RegistrationForm } from './registration.schema';
import { checkedBankAccount } from './registration-bank';

const WORKFLOW = registrationDeclaration.name;
const streamOf = (objectId: string) => subjectStreamId(registrationDeclaration, objectId);
const applicantOf = (objectId: string, name: string): WorkflowActor => ({
  id: `applicant:${objectId}`,
  name,
  role: 'applicant',
});

/**
 * A public RSP or CCP registration (SPEC §2 /prov-register, /city-register): checked, numbered (ZR…),
 * stored and its review stream started, all in one transaction. The applicant gets the number and
 * follows the application with it and the contact phone.
 */
export async function register(db: Db, form: RegistrationForm, clock?: Clock) {
  const creditCode = normalizeCreditCode(form.ExtCreditCode_SDK);
  if (!isValidCreditCode(creditCode)) throw new PortalError(400, 'server.registration.badCreditCode');
  const bank = checkedBankAccount(form, true);
  const regions = await regionNames(db, [form.ProvinceCode, ...(form.CityCode ? [form.CityCode] : [])]);
  const province = regions.get(form.ProvinceCode);
  if (province?.level !== 'province')
    throw new PortalError(400, 'server.registration.badRegion', { field: 'ProvinceCode' });
  const city = form.CityCode ? regions.get(form.CityCode) : undefined;
  if (form.CityCode && city?.parent !== form.ProvinceCode)
    throw new PortalError(400, 'server.registration.badRegion', { field: 'CityCode' });

  return inTransaction(db, async (trx) => {
    if (await creditCodeTaken(trx, creditCode))
      throw new PortalError(409, 'server.registration.creditCodeTaken');
    const number = await nextNumber(trx, NUMBER_PREFIX.registration, clock?.at);
    const { ProvinceCode: _p, CityCode: _c, ...fields } = form;
    const data = {
      ...fields,
      ...bank,
      ExtCreditCode_SDK: creditCode,
      RegistrationNo: number,
      ProvinceName: province.zh,
      CityName: city?.zh ?? '',
      SubmittedOn: (clock?.at ?? new Date()).toISOString(),
    };
    const id = await insertRegistration(trx, {
      data,
      provinceCode: form.ProvinceCode,
      cityCode: form.CityCode ?? null,
      by: form.ContactName,
      at: clock?.at,
      id: clock?.uuid(),
    });
    const applicant = applicantOf(id, form.ContactName);
    await startStream(trx, {
      streamId: streamOf(id),
      workflow: WORKFLOW,
      subject: ['registrationInfo', id],
      input: {
        chain: await registrationChainFor(trx, form.ExtChannelSmallType_SDK, form.ProvinceCode),
        applicant,
      },
      actor: applicant,
      at: clock?.at,
    });
    return { RegistrationNo: number, ObjectID: id };
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
  const { step } = registrationStatus(stream.snapshot);
  const applicant = applicantOf(row.object_id, String(row.data.ContactName ?? ''));
  return {
    RegistrationNo: number,
    Name: row.data.Name,
    State: String(stream.snapshot.value),
    CurrentStep: step,
    // The page offers withdrawal only when the workflow would accept it from the applicant now.
    MayWithdraw: allowedEvents(registrationDeclaration, stream.snapshot, applicant).includes(
      'application.withdraw',
    ),
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
export async function resubmit(
  db: Db,
  number: string,
  phone: string,
  changes: Partial<RegistrationForm>,
  clock?: Clock,
) {
  const row = await applicantRegistration(db, number, phone);
  const applicant = applicantOf(row.object_id, String(row.data.ContactName ?? ''));
  const bank = checkedBankAccount(changes, false);
  return inTransaction(db, async (trx) => {
    const { snapshot } = await dispatch(trx, {
      streamId: streamOf(row.object_id),
      event: { type: 'application.resubmit' },
      actor: applicant,
      at: clock?.at,
    });
    const { ProvinceCode: _p, CityCode: _c, ExtCreditCode_SDK: _code, ...editable } = changes;
    await updateRegistration(
      trx,
      row.object_id,
      { ...editable, ...bank, SubmittedOn: (clock?.at ?? new Date()).toISOString() },
      applicant.name,
      clock?.at,
    );
    return { RegistrationNo: number, State: String(snapshot.value) };
  });
}

/**
 * The applicant takes the application back (DOMAIN.md "One approval shape"): before the first
 * decision, or while it is returned to them. A decided application says so rather than "not now".
 */
export async function withdraw(db: Db, number: string, phone: string, clock?: Clock) {
  const row = await applicantRegistration(db, number, phone);
  const applicant = applicantOf(row.object_id, String(row.data.ContactName ?? ''));
  return inTransaction(db, async (trx) => {
    const state = await loadStream(trx, streamOf(row.object_id));
    const context = state.snapshot.context as RegistrationContext;
    if (state.snapshot.value === 'inReview' && context.decisions > 0)
      throw new PortalError(409, 'server.registration.alreadyDecided');
    const { snapshot } = await dispatch(trx, {
      streamId: streamOf(row.object_id),
      event: { type: 'application.withdraw' },
      actor: applicant,
      expectedVersion: state.version,
      at: clock?.at,
    });
    return { RegistrationNo: number, State: String(snapshot.value) };
  });
}

export type ReviewAction = 'agree' | 'reject' | 'return' | 'forward';

/** A reviewer's decision on the current step (SPEC §7 processApproval), through the decision layer. */
export async function review(
  db: Db,
  caller: Caller,
  params: { objectId: string; action: ReviewAction; reason?: string; to?: string; version?: number },
) {
  const payload = {
    ...(params.reason !== undefined ? { reason: params.reason } : {}),
    ...(params.to !== undefined ? { to: params.to } : {}),
  };
  const view = await decide(db, caller, {
    workflow: WORKFLOW,
    subjectId: params.objectId,
    command: params.action,
    payload,
    version: params.version,
  });
  return { State: view.State, WorkflowVersion: view.WorkflowVersion, ...projected(view) };
}

/** The agreement is signed: the registration becomes an agent with its account (registration.hooks.ts). */
export async function signAgreement(db: Db, caller: Caller, objectId: string) {
  await decide(db, caller, { workflow: WORKFLOW, subjectId: objectId, command: 'sign', payload: {} });
  const row = await findRegistration(db, { id: objectId });
  return { CustomerID: row?.data.CustomerID, AccountID: row?.data.AccountID };
}

/** What the caller may do on a registration now, with the workflow version to send back. */
export async function reviewOptions(db: Db, caller: Caller, objectId: string) {
  const view = await decisionOptions(db, caller, { workflow: WORKFLOW, subjectId: objectId });
  return {
    State: view.State,
    WorkflowVersion: view.WorkflowVersion,
    Allowed: view.Allowed,
    Approver: view.Decider?.PersonName ?? null,
    ...projected(view),
  };
}

const projected = (view: Record<string, unknown>) => ({
  ExtCustomerStatus_SDK: view.ExtCustomerStatus_SDK,
  ApprovalNode: view.ApprovalNode,
  ExtReturnReason_SDK: view.ExtReturnReason_SDK,
});
