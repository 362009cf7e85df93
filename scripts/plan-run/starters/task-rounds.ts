import ExcelJS from 'exceljs';
import { Brand } from '../../../domain/codes/products.codes';
import { PayoutMethod, RebateCalcBasis, RebatePeriodType } from '../../../domain/codes/rebates.codes';
import { ROLE } from '../../../domain/roles';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Starter } from '../run-plan';
import { anAgent, applicantAccount, createdId, unique } from './kit';

/** The rebate policy entry page, the rebate task form and the settlement sheet's import list. */
const POLICY_ENTRY = 'rebates.announcementEntry';
const TASK_FORM = 'rebates.rebateTaskEdit';
const SHEET_IMPORT = 'rebates.settlementLineImport';

// biome-ignore lint/suspicious/noExplicitAny: an envelope's results are whatever the endpoint answers.
type Answer = { status: number; body: any };
const refusal = (what: string, answer: Answer) =>
  new Error(`${what}: ${answer.status} ${answer.body?.message ?? ''}`);

/**
 * Who plays a role in a run of `workflow`: the first person of the role in the workflow's example (the
 * role's demo login), or — with `colleague` — a second person of the role, an account the
 * administrator makes for the run where the demo login works.
 */
function personOf(workflow: string, role: string, colleague = false): WorkflowActor {
  const first = findWorkflow(workflow)?.example.actors.find((a) => a.role === role);
  const person = first ?? { id: `demo-${role}`, name: role, role };
  return colleague ? { ...person, id: `${person.id}-colleague`, name: `${person.name} 2` } : person;
}

const tokenOf = async (cast: Cast, workflow: string, role: string, colleague = false) =>
  (await cast.account(personOf(workflow, role, colleague))).token;

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

/** One record as its page reads it (getOne), or an error naming what the portal answered. */
async function readOne(portal: PortalCalls, token: string, resource: string, id: string) {
  const read = await portal.post(`/${resource}/getOne`, { ObjectID: id }, token);
  const row = read.body?.results?.[0] as Record<string, unknown> | undefined;
  if (read.status !== 200 || !row) throw refusal(`${resource} ${id}`, read);
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Settlement sheets

/**
 * A published yearly policy for every channel tier, from January two years ago to the end of next
 * year (last year is a closed period of it), sell-in, 10 % of the base from any attainment: saved on
 * the entry form by the desk, submitted, agreed by the executive and published.
 */
async function publishedPolicy(portal: PortalCalls, cast: Cast, workflow: string) {
  const desk = await tokenOf(cast, workflow, ROLE.salesOperations);
  const executive = await tokenOf(cast, workflow, ROLE.executive);
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
    desk,
  );
  const id = createdId('policy', created);
  await decide(portal, desk, 'rebatePolicy', id, 'submit');
  await decide(portal, executive, 'rebatePolicy', id, 'agree');
  await decide(portal, desk, 'rebatePolicy', id, 'publish');
  const no = (await readOne(portal, desk, 'rebateAnnouncement', id)).AnnouncementNo;
  if (typeof no !== 'string' || !no) throw new Error('the published policy has no number');
  return no;
}

/**
 * A settlement the demo RSP confirmed, waiting for its posting: a task of last year (a closed period)
 * set by the desk on the task form, calculated by the desk, agreed by a colleague of the desk and
 * confirmed by the RSP — as the rebate settlement's pages take it. Answers the task as its page reads it.
 */
async function confirmedSettlement(portal: PortalCalls, cast: Cast, workflow: string) {
  const desk = await tokenOf(cast, workflow, ROLE.salesOperations);
  const reviewer = await tokenOf(cast, workflow, ROLE.salesOperations, true);
  const rsp = await tokenOf(cast, workflow, ROLE.rspAgent);
  const agent = await anAgent(portal, rsp);
  const policy = await publishedPolicy(portal, cast, workflow);
  const period = String(new Date().getUTCFullYear() - 1);
  const created = await portal.post(
    '/rebateTask/create',
    { PageID: TASK_FORM, PolicyNo: policy, AgentName: agent, Period: period, TaskAmount: '1000.00' },
    desk,
  );
  const id = createdId('rebate task', created);
  await decide(portal, desk, 'rebateSettlement', id, 'calculate');
  await decide(portal, reviewer, 'rebateSettlement', id, 'agree');
  await decide(portal, rsp, 'rebateSettlement', id, 'confirm');
  const task = await readOne(portal, desk, 'rebateTask', id);
  if (!(Number(task.PayableRebate) > 0))
    throw new Error(`${agent} earned nothing payable in ${period}: no line for a sheet`);
  return task;
}

/**
 * The sheet's workbook as the desk fills it: the list's import template (downloaded as the page's
 * "template" button does), one row per line under its headers.
 */
async function filledTemplate(
  portal: PortalCalls,
  token: string,
  pageId: string,
  rows: Record<string, unknown>[],
) {
  const template = await portal.post('/import/template', { PageID: pageId }, token);
  if (template.status !== 200) throw refusal('import template', template);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(String(template.body.results.Binary), 'base64') as never);
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? '').replace(/\*$/, ''));
  // The template names its columns in the reader's words: the catalogue's order is the row's order.
  for (const row of rows) sheet.addRow(Object.values(row));
  if (headers.filter(Boolean).length !== Object.keys(rows[0] ?? {}).length)
    throw new Error(`the template of ${pageId} has other columns: ${headers.join(', ')}`);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/**
 * A settlement sheet standing `uploaded`: the desk fills the import template with the line of a
 * settlement the demo RSP confirmed (its task, agent, period and payable amount) and uploads it on the
 * sheet's import list; the sheet it made is found on the sheets' list by its task.
 */
const uploadedSheet: Starter = async (portal, cast) => {
  const { token } = await applicantAccount(cast, 'settlementSheet');
  const task = await confirmedSettlement(portal, cast, 'settlementSheet');
  const line = {
    AnnouncementTitle: unique('Plan settlement'),
    RebateTaskNo: task.RebateTaskNo,
    AgentName: task.AgentName,
    Period: task.Period,
    PayableRebate: task.PayableRebate,
    Remark: '',
  };
  const content = await filledTemplate(portal, token, SHEET_IMPORT, [line]);
  const uploaded = await portal.upload(
    '/import/upload',
    { PageID: SHEET_IMPORT },
    { name: `${line.AnnouncementTitle}.xlsx`, content },
    token,
  );
  if (uploaded.status !== 200) throw refusal('settlement sheet upload', uploaded);
  const found = await portal.post(
    '/rebateSettlementSheet/search',
    { TaskNos: task.RebateTaskNo, pageSize: 10 },
    token,
  );
  const sheet = (found.body?.results as Record<string, unknown>[] | undefined)?.find(
    (s) => s.TaskNos === task.RebateTaskNo,
  );
  if (!sheet) throw refusal(`the sheet of ${task.RebateTaskNo}`, found);
  return String(sheet.ObjectID);
};

/** The workflows of a task's rounds — a settlement sheet, an RSP's confirmation, an STI review — each begun as its desk begins it. */
export const taskRoundStarters: Record<string, Starter> = {
  settlementSheet: uploadedSheet,
};
