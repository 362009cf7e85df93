import ExcelJS from 'exceljs';
import { wallTime } from '../../../domain/business-clock';
import { Brand } from '../../../domain/codes/products.codes';
import { PayoutMethod, RebateCalcBasis, RebatePeriodType } from '../../../domain/codes/rebates.codes';
import {
  StiStatus,
  TaskApprovalStatus,
  TaskConfirmStatus,
  TaskIndicatorType,
  TaskPackageStatus,
} from '../../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../../domain/roles';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, Starter } from '../run-plan';
import { anAgent, applicantAccount, createdId, jobRunNow, unique } from './kit';

/** The rebate policy entry page, the rebate task form and the settlement sheet's import list. */
const POLICY_ENTRY = 'rebates.announcementEntry';
const TASK_FORM = 'rebates.rebateTaskEdit';
const SHEET_IMPORT = 'rebates.settlementLineImport';
/** The province target's form and the RSP line's form, whose saves the province office makes. */
const TARGET_FORM = 'salesTask.provinceTaskDistributionEdit';
const LINE_FORM = 'salesTask.rspTaskSplit';

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

// ---------------------------------------------------------------------------------------------------
// An RSP's confirmation of its line

const CONFIRMATION = 'rspTaskConfirmation';

/** A province target of the run and the demo RSP's line on it. */
interface TargetLine {
  targetId: string;
  lineId: string;
}

/** The target each run works on: its paths are rounds of the one line, as a reopened package sends them. */
const targetsOfRun = new WeakMap<Cast, Promise<TargetLine>>();

/**
 * A target of next year (the last plan year: set before its period, so no HQ exception is needed) in
 * the demo province manager's province, entered on the target form for the first brand line and
 * indicator the province has no target of yet, with one RSP line — the demo RSP's, carrying the whole
 * target (a load bearing of 100 %) — saved on the line's form.
 */
async function targetWithLine(portal: PortalCalls, cast: Cast): Promise<TargetLine> {
  const office = await tokenOf(cast, CONFIRMATION, ROLE.provinceManager);
  const rsp = await tokenOf(cast, CONFIRMATION, ROLE.rspAgent);
  const agent = await anAgent(portal, rsp);
  const own = await portal.post('/provinceTask/search', { pageSize: 1 }, office);
  const province = own.body?.results?.[0]?.ProvinceName as string | undefined;
  if (!province) throw refusal('the province of the demo province manager', own);
  const Year = Number(wallTime(new Date()).year) + 1;
  // The province's targets of the year, as its list shows them: a key taken is not offered again.
  const listed = await portal.post('/provinceTask/search', { Year: String(Year), pageSize: 100 }, office);
  if (listed.status !== 200) throw refusal(`the targets of ${Year}`, listed);
  const taken = new Set(
    ((listed.body?.results ?? []) as Record<string, unknown>[])
      .filter((t) => t.ProvinceName === province)
      .map((t) => `${t.Brand}|${t.IndicatorType}`),
  );
  for (const brand of [Brand.partnerBrand, Brand.ownBrand])
    for (const indicator of Object.values(TaskIndicatorType)) {
      if (taken.has(`${brand}|${indicator}`)) continue;
      const key = { Year, ProvinceName: province, Brand: brand, IndicatorType: indicator };
      const target = await portal.post(
        '/provinceTask/create',
        { PageID: TARGET_FORM, ...key, AnnualTask: '1000.00' },
        office,
      );
      const targetId = createdId('province target', target);
      const line = await portal.post(
        '/rspTaskAllocation/create',
        { PageID: LINE_FORM, ...key, AgentName: agent, LoadBearingAmount: '1000.00' },
        office,
      );
      return { targetId, lineId: createdId('RSP line', line) };
    }
  throw new Error(`${province} has a target of every brand line and indicator for ${Year}`);
}

/** Where a round of the line stands, as its decision panel reads it for the province office. */
const roundOf = async (portal: PortalCalls, token: string, lineId: string) =>
  portal.post('/workflow/options', { workflow: CONFIRMATION, ObjectID: lineId }, token);

/**
 * The door of a line's round: the province office withdraws the open confirmation by taking its
 * package back to allocation (the server withdraws every open round); every other step is the RSP's
 * or the office's at the decision endpoint.
 */
const packageDoor =
  (portal: PortalCalls, cast: Cast, { targetId, lineId }: TargetLine): Door =>
  (step) => {
    if (step.command !== 'withdraw') return undefined;
    return (async () => {
      const office = await tokenOf(cast, CONFIRMATION, ROLE.provinceManager);
      const reopened = await portal.post(
        '/workflow/decide',
        { workflow: 'salesTask', ObjectID: targetId, command: 'reopen', payload: {} },
        office,
      );
      if (reopened.status !== 200) return reopened;
      return roundOf(portal, office, lineId);
    })();
  };

/** The daily job that confirms the lines nobody answered by their deadline (server/sales-tasks/rsp-confirmation.job.ts). */
const DEADLINE_JOB = 'rspTaskAutoConfirm';

const today = () => {
  const { year, month, day } = wallTime(new Date());
  return `${year}-${month}-${day}`;
};

/**
 * The deadline job's step, as production takes it: the administrator presses "run now" on the job's
 * page and the portal's job runner runs it with today's date; the door answers the round as the
 * province office then reads it.
 */
async function deadlineJobRun(portal: PortalCalls, cast: Cast, lineId: string) {
  const failed = await jobRunNow(portal, cast, DEADLINE_JOB);
  return failed ?? roundOf(portal, await tokenOf(cast, CONFIRMATION, ROLE.provinceManager), lineId);
}

/**
 * A round whose deadline has passed, for the step only the deadline job takes: the deadline is
 * CONFIRM_DAYS after the round was sent, on the portal's clock, and no page sets it — so no round sent
 * today is due. The demo's own story has such rounds (the lines of the other RSPs of the province,
 * sent weeks before and never answered); the oldest one still pending is taken, and its door runs the
 * job.
 */
const overdueRound: Starter = async (portal, cast) => {
  const office = await tokenOf(cast, CONFIRMATION, ROLE.provinceManager);
  const found = await portal.post('/rspTaskAllocation/search', { pageSize: 100 }, office);
  const due = ((found.body?.results ?? []) as Record<string, unknown>[])
    .filter((l) => l.ConfirmStatus === TaskConfirmStatus.pending && String(l.ConfirmDeadline ?? '') < today())
    .filter((l) => String(l.ConfirmDeadline ?? '') !== '')
    .sort((a, b) => String(a.ConfirmDeadline).localeCompare(String(b.ConfirmDeadline)))[0];
  if (!due)
    throw new Error(
      'no RSP line of the province is pending past its deadline: the deadline job has nothing to confirm',
    );
  const lineId = String(due.ObjectID);
  return {
    id: lineId,
    door: (step) => (step.command === 'expire' ? deadlineJobRun(portal, cast, lineId) : undefined),
  };
};

/**
 * A new round of the demo RSP's line, pending its answer: the province office sends the package for
 * confirmation — taking it back to allocation first when it is still out with the RSPs from the last
 * path (its answered rounds stay as they are) — and the server opens a round with a deadline.
 */
const pendingRound: Starter = async (portal, cast, path) => {
  if (path.steps[0]?.sent.type === 'confirmation.expire') return overdueRound(portal, cast, path);
  let made = targetsOfRun.get(cast);
  if (!made) {
    made = targetWithLine(portal, cast);
    targetsOfRun.set(cast, made);
  }
  const target = await made;
  const office = await tokenOf(cast, CONFIRMATION, ROLE.provinceManager);
  const status = (await readOne(portal, office, 'provinceTask', target.targetId)).TaskPackageStatus;
  if (status === TaskPackageStatus.awaitingAgents)
    await decide(portal, office, 'salesTask', target.targetId, 'reopen');
  await decide(portal, office, 'salesTask', target.targetId, 'requestConfirmation');
  const round = await roundOf(portal, office, target.lineId);
  if (round.body?.results?.State !== 'pending') throw refusal('the new round', round);
  const line = await readOne(portal, office, 'rspTaskAllocation', target.lineId);
  if (line.ConfirmStatus !== TaskConfirmStatus.pending) throw new Error('the line was not sent again');
  return { id: target.lineId, door: packageDoor(portal, cast, target) };
};

// ---------------------------------------------------------------------------------------------------
// An RSP's STI for a quarter

const STI = 'rspStiReview';

/** A quarter of an RSP line as the line's STI tab shows it. */
interface StiQuarter {
  Quarter: number;
  Finished: boolean;
  StiID: string | null;
}

/**
 * An STI standing where opening leaves it — calculated, awaiting the executive's review: the channel
 * department (the workflow example's applicant) opens the first ended quarter not yet calculated of
 * an approved RSP line, on the line's STI tab. Only a target approved before its quarter began earns
 * STI: the demo's own-brand sell-out target of last year, approved the December before, does; a
 * quarter the portal refuses (a target approved late) is passed over for the next.
 */
async function openSti(portal: PortalCalls, cast: Cast) {
  const { token } = await applicantAccount(cast, STI);
  const found = await portal.post('/rspTaskAllocation/search', { pageSize: 100 }, token);
  const lines = (found.body?.results ?? []) as Record<string, unknown>[];
  for (const line of lines.filter((l) => l.TaskApprovalStatus === TaskApprovalStatus.approved)) {
    const tab = await portal.post('/rspTaskAllocation/sti', { ObjectID: line.ObjectID }, token);
    const quarters = (tab.body?.results?.Quarters ?? []) as StiQuarter[];
    for (const quarter of quarters.filter((q) => q.Finished && !q.StiID)) {
      const opened = await portal.post(
        '/rspTaskAllocation/calculateSti',
        { ObjectID: line.ObjectID, Quarter: quarter.Quarter },
        token,
      );
      if (opened.status === 409) continue;
      if (opened.status !== 200) throw refusal('STI', opened);
      return String(opened.body.results.StiID);
    }
  }
  throw new Error('no approved RSP line has an ended quarter left whose STI may be calculated');
}

/**
 * A city manager's STI row not calculated yet (待核算) whose page offers HQ's calculation — its
 * quarter over and its task approved before the quarter began: the chart begins there, and the
 * path's first step (calculate) starts its stream as the page's button does.
 */
async function dueCityManagerSti(portal: PortalCalls, cast: Cast) {
  const workflow = 'cityManagerStiReview';
  const { token } = await applicantAccount(cast, workflow);
  const found = await portal.post(
    '/stiTask/search',
    { pageSize: 100, StiStatus: StiStatus.awaitingCalculation },
    token,
  );
  for (const row of (found.body?.results ?? []) as Record<string, unknown>[]) {
    const panel = await portal.post('/workflow/options', { workflow, ObjectID: row.ObjectID }, token);
    const offered = (panel.body?.results?.Commands ?? []) as { Name: string }[];
    if (offered.some((c) => c.Name === 'calculate')) return String(row.ObjectID);
  }
  throw new Error(
    `no city manager STI row of an ended quarter may be calculated: no task approved before one (${found.body?.message ?? ''})`,
  );
}

/** The workflows of a task's rounds — a settlement sheet, an RSP's confirmation, an STI review — each begun as its desk begins it. */
export const taskRoundStarters: Record<string, Starter> = {
  settlementSheet: uploadedSheet,
  rspTaskConfirmation: pendingRound,
  rspStiReview: (portal, cast) => openSti(portal, cast),
  cityManagerStiReview: (portal, cast) => dueCityManagerSti(portal, cast),
};
