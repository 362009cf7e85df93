import { businessDay } from '../../../domain/business-clock';
import {
  CommitmentLetterType,
  CustomerIndustry,
  OpportunitySource,
  OpportunityStage,
  ProductLineInfo,
} from '../../../domain/codes/opportunities.codes';
import { Brand } from '../../../domain/codes/products.codes';
import { DOCUMENT_TYPES, FILE_OWNER_TYPES } from '../../../domain/constants';
import { ROLE } from '../../../domain/roles';
import { stateName } from '../../../machines/viewer/test-paths';
import { SYSTEM_ACTOR, type WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import { inTransaction } from '../../../server/db/database';
import { textPdf } from '../../../server/letters/scan-pdf';
import { systemCommand } from '../../../server/opportunities/opportunity-registration.hooks';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, PlanStepSent, Starter, StepAnswer } from '../run-plan';
import { databaseOf, stands } from './in-process';
import { applicantAccount, createdId, unique } from './kit';

type Row = Record<string, unknown>;

const REGISTRATION = 'opportunityRegistration';
const SPECIAL_PRICE = 'specialPrice';
const LETTER = 'commitmentLetter';

/** The first person of a role in a workflow's example: the demo login of the role, as the cast plays it. */
function personOf(workflow: string, role: string): WorkflowActor {
  const found = findWorkflow(workflow)?.example.actors.find((a) => a.role === role);
  if (!found) throw new Error(`${workflow} names no ${role} in its example`);
  return found;
}

/** A day `days` after today on the business clock, as a date field takes it. */
const daysFromNow = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000));

/** An answer for a step the run could not take, in the envelope's words. */
const refused = (status: number, message: string): StepAnswer => ({ status, body: { message } });

/** A step sent to the decision endpoint as the account that plays its person. */
async function decided(portal: PortalCalls, cast: Cast, workflow: string, id: string, step: PlanStepSent) {
  return portal.post(
    '/workflow/decide',
    { workflow, ObjectID: id, command: step.command, payload: step.payload },
    (await cast.account(step.actor)).token,
  );
}

// ---------------------------------------------------------------------------------------------------
// Opportunity registrations

/** The company an agent's staff works for, as the customer picker of its pages lists it. */
async function ownCompany(portal: PortalCalls, token: string) {
  const info = await portal.post('/user/getInfo', {}, token);
  const companyId = info.body?.results?.ExtCompanyID_SDK as string | undefined;
  const found = await portal.post('/customerLookup/search', { pageSize: 100, currentPage: 1 }, token);
  const own = ((found.body?.results ?? []) as Row[]).find((c) => c.ObjectID === companyId);
  if (!own?.Name)
    throw new Error(`the caller's company is not among its customers: ${found.body?.message ?? ''}`);
  return String(own.Name);
}

/**
 * A new registration as the agent's staff fill in the form (新增商机) for their own company, for
 * an end customer and the rack-server line: a draft. Two registrations of one customer and line collide.
 */
async function registered(portal: PortalCalls, token: string, customer: string) {
  const created = await portal.post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: OpportunitySource.agentRegistration,
      AgentName: await ownCompany(portal, token),
      Name: `Data centre of ${customer}`,
      ExtOppCustomerName_SDK: customer,
      ExtCustomerIndustry_SDK: CustomerIndustry.healthcare,
      ProvinceName: 'Jiangsu',
      ProductLine: ProductLineInfo.rackServers,
      ExtOpportunityStage_SDK: OpportunityStage.lead,
      ExtBudgetAmount_SDK: '1200000.00',
      ExtEstimatedSalesAmountcontent_SDK: '980000.00',
      ExtEstimatedBidDate_SDK: daysFromNow(60),
      ExtRequirementDesc_SDK: 'Forty rack servers and two storage arrays',
    },
    token,
  );
  return {
    id: createdId('opportunity', created),
    no: String(created.body.results.ExtOpportunityNOText_SDK ?? ''),
  };
}

/** The registration submitted on its page: the server checks it at once (protected, or a conflict). */
async function submitted(portal: PortalCalls, token: string, id: string) {
  const answer = await portal.post(
    '/workflow/decide',
    { workflow: REGISTRATION, ObjectID: id, command: 'submit', payload: {} },
    token,
  );
  if (answer.status !== 200)
    throw new Error(`submitting opportunity: ${answer.status} ${answer.body?.message}`);
  return String(answer.body.results.State);
}

/**
 * An opportunity the applicant of `workflow` registers and submits on a customer nobody holds: protected,
 * what a special price or a commitment letter is asked on.
 */
async function protectedOpportunity(portal: PortalCalls, cast: Cast, workflow: string) {
  const { token } = await applicantAccount(cast, workflow);
  const opportunity = await registered(portal, token, unique('Plan Hospital'));
  const state = await submitted(portal, token, opportunity.id);
  if (state !== 'protected') throw new Error(`opportunity ${opportunity.no} is ${state}, not protected`);
  return opportunity;
}

/** The commands the server sends itself in the transaction of a submission: the duplicate check. */
const CHECKS = new Set(['protect', 'flagConflict']);
/** The commands the daily protection job sends (opportunity-protection.job.ts). */
const JOB_STEPS = new Set(['markAtRisk', 'expire']);

/**
 * A registration's door. The submission is checked in its own transaction (the server's protect or
 * conflict follows at once), so the answer of the submission already stands past it: each step is
 * held instead to the state its event reached as the registration's history records it (every event
 * stores the state it led to), one event after the other — the person's, then the server's check.
 * The daily job's steps (at risk, expired) are sent as the job sends them, for this registration
 * only, where the portal runs in this process; a release by the system is what an arbitration lost
 * causes: a rival registration of the same customer and line, awarded by the province manager.
 */
function registrationDoor(portal: PortalCalls, cast: Cast, id: string, customer: string): Door {
  const declaration = findWorkflow(REGISTRATION)!;
  const applicant = () => applicantAccount(cast, REGISTRATION);
  let seen = 0;

  /** The next event of the registration's history: the chart's event, and the state it reached. */
  async function logged(command: string): Promise<StepAnswer> {
    const history = await portal.post(
      '/processHistory/searchAll',
      { subjectResource: 'opportunity', subjectId: id },
      (await applicant()).token,
    );
    if (history.status !== 200) return history;
    const events = (history.body.results as Row[]).filter((e) => e.Workflow === REGISTRATION);
    if (!seen) seen = Math.min(...events.map((e) => Number(e.Seq)));
    const next = events.find((e) => Number(e.Seq) === seen + 1);
    const expected = declaration.commands[command].event;
    if (!next || next.Type !== expected)
      return refused(409, `the history holds ${String(next?.Type ?? 'nothing')} where ${expected} is due`);
    seen += 1;
    return { status: 200, body: { results: { State: stateName((next.Payload as Row).reached as string) } } };
  }

  async function asTheJob(command: string): Promise<StepAnswer> {
    const db = databaseOf(portal);
    if (!db)
      return refused(501, `the daily job sends ${command} only once its day has passed: run in the API test`);
    await inTransaction(db, (trx) => systemCommand(trx, id, command as 'expire', {}, new Date()));
    return logged(command);
  }

  async function lostArbitration(): Promise<StepAnswer> {
    const { token } = await applicant();
    const rival = await registered(portal, token, customer);
    const state = await submitted(portal, token, rival.id);
    if (state !== 'conflict')
      return refused(409, `the rival registration ${rival.no} is ${state}, no conflict`);
    const province = await cast.account(personOf(REGISTRATION, ROLE.provinceManager));
    const awarded = await portal.post(
      '/workflow/decide',
      { workflow: REGISTRATION, ObjectID: rival.id, command: 'award', payload: {} },
      province.token,
    );
    if (awarded.status !== 200) return awarded;
    return logged('release');
  }

  return (step) => {
    const system = step.actor.id === SYSTEM_ACTOR.id;
    if (system && CHECKS.has(step.command)) return logged(step.command);
    if (system && JOB_STEPS.has(step.command)) return asTheJob(step.command);
    if (system && step.command === 'release') return lostArbitration();
    return (async () => {
      const answer = await decided(portal, cast, REGISTRATION, id, step);
      return answer.status === 200 ? logged(step.command) : answer;
    })();
  };
}

/**
 * A draft registration of the example's applicant (the demo RSP's staff) on an end customer of its own;
 * for a path where the check finds a conflict, another registration of the same customer and line is
 * registered and protected first.
 */
const draftRegistration: Starter = async (portal, cast, path) => {
  const { token } = await applicantAccount(cast, REGISTRATION);
  const customer = unique('Plan Hospital');
  if (path.steps.some((s) => s.sent.type === findWorkflow(REGISTRATION)!.commands.flagConflict.event)) {
    const holder = await registered(portal, token, customer);
    const state = await submitted(portal, token, holder.id);
    if (state !== 'protected') throw new Error(`the first registration ${holder.no} is ${state}`);
  }
  const { id } = await registered(portal, token, customer);
  return { id, door: registrationDoor(portal, cast, id, customer) };
};

// ---------------------------------------------------------------------------------------------------
// Special prices

/**
 * How deep the request goes below the standard price: 92 %, in the demo's band from 90 % to 95 %
 * (the province manager, then the region manager), the example's chain.
 */
const REQUESTED_PERCENT = 92;
/** Units requested: enough for the plan's execution orders of one unit each before the last. */
const REQUESTED_UNITS = 10;

/** The first product the request's line picker offers, at its standard price. */
async function aPricedProduct(portal: PortalCalls, token: string) {
  const found = await portal.post('/product/getStandardPrice', { keyword: '', pageSize: 5 }, token);
  const product = (found.body?.results ?? [])[0] as { pn: string; StandardPrice: string } | undefined;
  if (!product) throw new Error(`no product to price: ${found.body?.message ?? ''}`);
  return product;
}

/**
 * A special price the applicant saves as a draft on the request page, on an opportunity of theirs they
 * registered and got protected first: one line below the standard price, the bid opening far ahead
 * (so no bid result is due); with the door the execution orders go through.
 */
const draftSpecialPrice: Starter = async (portal, cast) => {
  const { token } = await applicantAccount(cast, SPECIAL_PRICE);
  const opportunity = await protectedOpportunity(portal, cast, SPECIAL_PRICE);
  const product = await aPricedProduct(portal, token);
  const fen = Math.floor((Math.round(Number(product.StandardPrice) * 100) * REQUESTED_PERCENT) / 100);
  const created = await portal.post(
    '/specialApproval/create',
    {
      OpportunityID: opportunity.id,
      Brand: Brand.ownBrand,
      ExtDueDate_SDK: daysFromNow(30),
      ExtBidOpeningDate_SDK: daysFromNow(365),
      ExtApplyReason_SDK: 'A competitor quoted 8 % lower',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [{ ProductCode: product.pn, Quantity: REQUESTED_UNITS, RequestedPrice: (fen / 100).toFixed(2) }],
    },
    token,
  );
  const id = createdId('special price', created);
  return { id, door: executionDoor(portal, cast, id, product.pn) };
};

/**
 * The execution orders of a won price are made on its page by the applicant; the execution-order
 * service records them on the workflow as the system. One unit for an order that leaves some, what is
 * left for the last one.
 */
function executionDoor(portal: PortalCalls, cast: Cast, id: string, productCode: string): Door {
  async function executed(last: boolean): Promise<StepAnswer> {
    const { token } = await applicantAccount(cast, SPECIAL_PRICE);
    let units = 1;
    if (last) {
      const page = await portal.post('/specialApproval/getOne', { ObjectID: id }, token);
      if (page.status !== 200) return page;
      const line = (page.body.results.Lines as Row[]).find((l) => l.pn === productCode) ?? {};
      units = Number(line.RemainingQuantity ?? 0);
    }
    const order = await portal.post(
      '/specialApproval/createExecutionOrder',
      { SpecialPriceID: id, Lines: [{ ProductCode: productCode, ExecuteQuantity: units }] },
      token,
    );
    if (order.status !== 200) return order;
    return stands(portal, token, SPECIAL_PRICE, id);
  }
  return (step) => {
    if (step.command === 'execute') return executed(false);
    if (step.command === 'executeLast') return executed(true);
    return undefined;
  };
}

// ---------------------------------------------------------------------------------------------------
// Commitment letters

/**
 * A letter the applicant requests on the letter form for a tender of an opportunity of theirs they
 * registered and got protected first (a project authorisation of the own brand, standard wording):
 * it waits for the province manager; with the door the seal keeper's stamp goes through.
 */
const requestedLetter: Starter = async (portal, cast) => {
  const { token } = await applicantAccount(cast, LETTER);
  const opportunity = await protectedOpportunity(portal, cast, LETTER);
  const created = await portal.post(
    '/commitmentLetter/create',
    {
      PageID: 'business.commitmentLetterCreate',
      opportunityNo: opportunity.no,
      type: CommitmentLetterType.projectAuthorisation,
      brand: Brand.ownBrand,
      tenderNo: unique('ZB-PLAN'),
      tenderUnit: 'Plan tendering agency',
      estimatedBidOpeningDate: daysFromNow(30),
    },
    token,
  );
  const id = createdId('commitment letter', created);
  return { id, door: stampDoor(portal, cast, id) };
};

/**
 * The seal keeper stamps a letter as its page has them do it: the stamped scan uploaded with the
 * letter's file picker and saved on the letter, then the stamp.
 */
function stampDoor(portal: PortalCalls, cast: Cast, id: string): Door {
  async function stamped(step: PlanStepSent): Promise<StepAnswer> {
    const { token } = await cast.account(step.actor);
    const read = await portal.post('/commitmentLetter/getOne', { ObjectID: id }, token);
    if (read.status !== 200) return read;
    const letter = read.body.results[0] as Row;
    const scan = await portal.upload(
      '/file/uploadFile',
      {
        ownerType: String(FILE_OWNER_TYPES.contract),
        ownerId: id,
        documentType: String(DOCUMENT_TYPES.manufacturerCommitmentLetter),
        accept: 'pdf',
      },
      {
        name: `${String(letter.commitmentLetterNo)}-stamped.pdf`,
        content: textPdf([`Commitment letter ${String(letter.commitmentLetterNo)}`, 'Stamped']),
      },
      token,
    );
    if (scan.status !== 200) return scan;
    const saved = await portal.post(
      '/commitmentLetter/update',
      { ObjectID: id, Version: letter.Version, commitmentLetterUrl: [scan.body.results] },
      token,
    );
    if (saved.status !== 200) return saved;
    return decided(portal, cast, LETTER, id, step);
  }
  return (step) => (step.command === 'stamp' ? stamped(step) : undefined);
}

/** The opportunity area's workflows, each begun as its desk begins it. */
export const opportunityStarters: Record<string, Starter> = {
  opportunityRegistration: draftRegistration,
  specialPrice: draftSpecialPrice,
  commitmentLetter: requestedLetter,
};
