import { Brand } from '../../../domain/codes/products.codes';
import { PayoutMethod, RebateCalcBasis, RebatePeriodType } from '../../../domain/codes/rebates.codes';
import { ROLE } from '../../../domain/roles';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, Starter } from '../run-plan';
import { stands } from './in-process';
import { anAgent, applicantAccount, createdId, unique } from './kit';
import { salesTaskStarter } from './sales-task-package';

/** The rebate policy entry page and the rebate task form, whose saves the starters make. */
const POLICY_ENTRY = 'rebates.announcementEntry';
const TASK_FORM = 'rebates.rebateTaskEdit';

type Answer = { status: number; body: { message?: string } };
const refusal = (what: string, answer: Answer) =>
  new Error(`${what}: ${answer.status} ${answer.body?.message ?? ''}`);

/**
 * The demo login of a role, as the cast plays it in a run of `workflow`: the first person of the role
 * in the workflow's example, or one standing for the role where the example names none.
 */
const demoOf = (workflow: string, role: string): WorkflowActor =>
  findWorkflow(workflow)?.example.actors.find((a) => a.role === role) ?? {
    id: `demo-${role}`,
    name: role,
    role,
  };

/** A command sent through the decision endpoint as a page's button sends it; a refusal is an error. */
async function decide(
  portal: PortalCalls,
  token: string,
  workflow: string,
  id: string,
  command: string,
  payload: Record<string, unknown> = {},
) {
  const answer = await portal.post('/workflow/decide', { workflow, ObjectID: id, command, payload }, token);
  if (answer.status !== 200) throw refusal(`${workflow} ${command}`, answer);
  return answer.body.results as { State: string };
}

/**
 * A policy for every channel tier, saved on the entry form by the sales operations desk: settled per
 * year, valid from January two years ago to the end of next year (its start date has come, so it may
 * be put into effect, and last year is a closed period of it), sell-in, 10 % of the base from any
 * attainment — so a year of the demo RSP's orders earns a rebate a settlement can post, and an
 * objection's adjustment leaves something payable.
 */
async function enteredPolicy(portal: PortalCalls, token: string) {
  const year = new Date().getUTCFullYear();
  const created = await portal.post(
    '/rebateAnnouncement/create',
    {
      PageID: POLICY_ENTRY,
      Title: unique('Plan policy'),
      Content: 'Rebate on the year’s sell-in',
      Brand: Brand.ownBrand,
      PeriodType: RebatePeriodType.annual,
      StartDate: `${year - 2}-01-01`,
      EndDate: `${year + 1}-12-31`,
      CalcBasis: RebateCalcBasis.sellIn,
      PayoutMethod: PayoutMethod.orderDeduction,
      Tiers: '0:10',
    },
    token,
  );
  return createdId('policy', created);
}

/**
 * A published policy tasks may be set on: saved by the desk, submitted, agreed by the executive (the
 * policy's chain) and published, as the rebate policy's pages do. One per path: a task is set once per
 * agent, policy and period.
 */
async function publishedPolicy(portal: PortalCalls, cast: Cast, workflow: string) {
  const desk = (await cast.account(demoOf(workflow, ROLE.salesOperations))).token;
  const executive = (await cast.account(demoOf(workflow, ROLE.executive))).token;
  const id = await enteredPolicy(portal, desk);
  await decide(portal, desk, 'rebatePolicy', id, 'submit');
  await decide(portal, executive, 'rebatePolicy', id, 'agree');
  await decide(portal, desk, 'rebatePolicy', id, 'publish');
  const read = await portal.post('/rebateAnnouncement/getOne', { ObjectID: id }, desk);
  const no = read.body?.results?.[0]?.AnnouncementNo as string | undefined;
  if (!no) throw refusal('policy number', read);
  return no;
}

/** What a settlement must earn at the least to carry the plan's adjustment (−120.50) and still pay. */
const ENOUGH_REBATE = 500;

/**
 * A rebate task of the demo RSP for last year — a closed period, so its settlement may be calculated —
 * set on the task form by the desk on a policy of its own; its settlement stands in `calculating`.
 * The demo RSP's orders of a year earn more than a settlement needs to be posted after an adjustment.
 */
const closedTask: Starter = async (portal, cast) => {
  const { token } = await applicantAccount(cast, 'rebateSettlement');
  const rsp = (await cast.account(demoOf('rebateSettlement', ROLE.rspAgent))).token;
  const agent = await anAgent(portal, rsp);
  const policy = await publishedPolicy(portal, cast, 'rebateSettlement');
  const period = String(new Date().getUTCFullYear() - 1);
  const created = await portal.post(
    '/rebateTask/create',
    { PageID: TASK_FORM, PolicyNo: policy, AgentName: agent, Period: period, TaskAmount: '1000.00' },
    token,
  );
  const id = createdId('rebate task', created);
  const estimate = Number(created.body.results.EstimatedRebate ?? 0);
  if (estimate < ENOUGH_REBATE)
    throw new Error(`${agent} earned ${estimate} in ${period}: too little to settle`);
  return id;
};

/**
 * The door of a policy's own steps: its supersession is no person's step but the server's, taken when
 * a corrected version is published — so the desk drafts the new version on the policy's page
 * ("new version"), submits it, the executive agrees and the desk publishes it; the door answers where
 * the old one then stands. Every other step goes to the decision endpoint.
 */
const policyDoor =
  (portal: PortalCalls, cast: Cast, id: string): Door =>
  (step) => {
    if (step.command !== 'supersede') return undefined;
    return (async () => {
      const desk = (await cast.account(demoOf('rebatePolicy', ROLE.salesOperations))).token;
      const executive = (await cast.account(demoOf('rebatePolicy', ROLE.executive))).token;
      const drafted = await portal.post('/rebateAnnouncement/newVersion', { ObjectID: id }, desk);
      const version = createdId('new version', drafted);
      await decide(portal, desk, 'rebatePolicy', version, 'submit');
      await decide(portal, executive, 'rebatePolicy', version, 'agree');
      await decide(portal, desk, 'rebatePolicy', version, 'publish');
      return stands(portal, desk, 'rebatePolicy', id);
    })();
  };

/** A policy its author, the sales operations desk, saved on the entry form: a draft it may submit. */
const draftPolicy: Starter = async (portal, cast) => {
  const { token } = await applicantAccount(cast, 'rebatePolicy');
  const id = await enteredPolicy(portal, token);
  return { id, door: policyDoor(portal, cast, id) };
};

/** The rebate and sales task areas' workflows, each begun as its desk begins it. */
export const rebateAndTaskStarters: Record<string, Starter> = {
  rebatePolicy: draftPolicy,
  rebateSettlement: closedTask,
  salesTask: salesTaskStarter,
};
