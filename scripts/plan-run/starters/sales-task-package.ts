import { wallTime } from '../../../domain/business-clock';
import { Brand } from '../../../domain/codes/products.codes';
import { TaskIndicatorType, TaskPackageStatus } from '../../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../../domain/roles';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, Starter, StepAnswer } from '../run-plan';
import { anAgent, createdId } from './kit';

const WORKFLOW = 'salesTask';
/** The province target's form and the RSP line's form, whose saves the province office makes. */
const TARGET_FORM = 'salesTask.provinceTaskDistributionEdit';
const LINE_FORM = 'salesTask.rspTaskSplit';
/** A target's figure; the RSP line carries all of it, a load bearing of 100 %. */
const ANNUAL_TASK = '1000.00';

type Answer = StepAnswer;
const refusal = (what: string, answer: Answer) =>
  new Error(`${what}: ${answer.status} ${answer.body?.message ?? ''}`);

/** The demo login of a role as the cast plays it in this workflow's runs. */
function personOf(role: string): WorkflowActor {
  return (
    findWorkflow(WORKFLOW)?.example.actors.find((a) => a.role === role) ?? {
      id: `demo-${role}`,
      name: role,
      role,
    }
  );
}

const tokenOf = async (cast: Cast, role: string) => (await cast.account(personOf(role))).token;

/** A command sent through the decision endpoint as a page's button sends it. */
const decide = (
  portal: PortalCalls,
  token: string,
  workflow: string,
  id: string,
  command: string,
  payload: Record<string, unknown> = {},
) => portal.post('/workflow/decide', { workflow, ObjectID: id, command, payload }, token);

/** The run's own targets, so a later path may give a key back by voiding one its path left open. */
const targetsOfRun = new WeakMap<Cast, { id: string; key: TargetKey }[]>();

interface TargetKey {
  Year: number;
  ProvinceName: string;
  Brand: string;
  IndicatorType: string;
}

/**
 * The run's targets still the province office's own (allocating or out with the RSPs) are voided, with
 * a reason, as the office voids a target entered in error: a province has one target per year, brand
 * line and indicator, and every path of this plan needs a key of the current year of its own.
 */
async function giveBackKeys(portal: PortalCalls, cast: Cast, office: string) {
  const own = targetsOfRun.get(cast) ?? [];
  for (const target of own) {
    const read = await portal.post('/provinceTask/getOne', { ObjectID: target.id }, office);
    const status = read.body?.results?.[0]?.TaskPackageStatus;
    if (status !== TaskPackageStatus.allocating && status !== TaskPackageStatus.awaitingAgents) continue;
    const voided = await decide(portal, office, WORKFLOW, target.id, 'void', {
      reason: 'Test plan run: the key is needed again',
    });
    if (voided.status !== 200) throw refusal('voiding an earlier target of the run', voided);
  }
  // The rest (approved, refused late, voided) keep their keys for good.
  targetsOfRun.set(cast, []);
}

/**
 * A late target, as the chart's example is: one of the current year — its period began on the
 * business clock — entered on the target form by the demo province manager in their province, with
 * the reason it is set late, for the first brand line and indicator the form accepts (a key already
 * taken is refused, and nothing is stored). It waits for HQ to allow it.
 */
async function lateTarget(portal: PortalCalls, office: string): Promise<{ id: string; key: TargetKey }> {
  const listed = await portal.post('/provinceTask/search', { pageSize: 1 }, office);
  const ProvinceName = listed.body?.results?.[0]?.ProvinceName as string | undefined;
  if (!ProvinceName) throw refusal('the province of the demo province manager', listed);
  const Year = Number(wallTime(new Date()).year);
  let last: Answer | undefined;
  for (const brand of [Brand.partnerBrand, Brand.ownBrand])
    for (const IndicatorType of Object.values(TaskIndicatorType)) {
      const key = { Year, ProvinceName, Brand: brand, IndicatorType };
      last = await portal.post(
        '/provinceTask/create',
        {
          PageID: TARGET_FORM,
          ...key,
          AnnualTask: ANNUAL_TASK,
          LateReason: 'The province was split in two after the year began',
        },
        office,
      );
      if (last.status === 200) return { id: createdId('late province target', last), key };
    }
  throw new Error(
    `${ProvinceName} takes no further target for ${Year}: ${last?.status} ${last?.body?.message ?? ''}`,
  );
}

/**
 * The package's own door for the steps between the chart's: before it is sent for confirmation the
 * province office allocates the whole target to the demo RSP on the line's form (once); before it is
 * submitted the RSP confirms its line, as the RSP's confirmation page does — the server submits a
 * package only once every line is answered. The steps themselves go to the decision endpoint.
 */
const packageDoor =
  (portal: PortalCalls, cast: Cast, target: { id: string; key: TargetKey }): Door =>
  (step) => {
    if (step.command !== 'requestConfirmation' && step.command !== 'submit') return undefined;
    return (async () => {
      const office = await tokenOf(cast, ROLE.provinceManager);
      const rsp = await tokenOf(cast, ROLE.rspAgent);
      const lines = await portal.post(
        '/rspTaskAllocation/search',
        { Year: String(target.key.Year), pageSize: 100 },
        office,
      );
      const line = ((lines.body?.results ?? []) as Record<string, unknown>[]).find(
        (l) =>
          l.ProvinceName === target.key.ProvinceName &&
          l.Brand === target.key.Brand &&
          l.IndicatorType === target.key.IndicatorType,
      );
      if (step.command === 'requestConfirmation' && !line) {
        const made = await portal.post(
          '/rspTaskAllocation/create',
          {
            PageID: LINE_FORM,
            ...target.key,
            AgentName: await anAgent(portal, rsp),
            LoadBearingAmount: ANNUAL_TASK,
          },
          office,
        );
        if (made.status !== 200) return made;
      }
      if (step.command === 'submit') {
        if (!line) throw new Error('the package has no RSP line to confirm');
        const confirmed = await decide(portal, rsp, 'rspTaskConfirmation', String(line.ObjectID), 'confirm');
        if (confirmed.status !== 200) return confirmed;
      }
      return decide(
        portal,
        (await cast.account(step.actor)).token,
        WORKFLOW,
        target.id,
        step.command,
        step.payload,
      );
    })();
  };

/** A late province target for each path, on a key of its own, with the door of its package's steps. */
export const salesTaskStarter: Starter = async (portal, cast) => {
  const office = await tokenOf(cast, ROLE.provinceManager);
  await giveBackKeys(portal, cast, office);
  const target = await lateTarget(portal, office);
  targetsOfRun.set(cast, [...(targetsOfRun.get(cast) ?? []), target]);
  return { id: target.id, door: packageDoor(portal, cast, target) };
};
