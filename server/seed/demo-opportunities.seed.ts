import { LossReason, OpportunityChannelType } from '../../domain/codes/opportunities.codes';
import { OPEN_STAGES } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';
import { runJobOnce } from '../jobs/job-handlers';
import { createOpportunity, REGISTRATION_FORM } from '../opportunities/opportunity-create.service';
import { addParticipant } from '../opportunities/opportunity-participants.service';
import { opportunityProtection } from '../opportunities/opportunity-protection.job';
import { cityShort } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { endUserName } from './demo-text';
import { fillFields } from './demo-values';
import { activeRsps, agentContext, type DemoWorld } from './demo-world';
import { accounts, at, clockAt, clockOn, commandsTo } from './kit';
import { addDays, DEMO_TODAY, type Random } from './random';
import { stepsIn, storyTable } from './story-data';

/** How far each demo registration gets, how many, how many days ago, by whose steps (stories/opportunities.tsv). */
const PLAN = storyTable('opportunities').flatMap((r) => Array.from({ length: Number(r.count) }, () => r));
/** The second registrations of a customer and line: each comes after the one it collides with. */
const SECOND = ['conflict', 'awarded', 'keptFirst'];
/** The province manager's arbitration of a conflict. */
const ARBITRATION = ['award', 'keepFirst'];
const WITHOUT_REASON = ['submit', 'withdraw', 'award'];

/** A step's day counted from the registration `age` days ago, as its cell says (stories/opportunities.tsv). */
function dayOf(cell: string, age: number, rng: Random) {
  const [from, to] = cell.replace('today-', '').split('..').map(Number);
  if (to === undefined) return from;
  return cell.startsWith('today-') ? age - rng.int(from, to) : rng.int(from, Math.min(to, age));
}

/** A deal is won near its estimate, which the filler always gives: 85–100% of it. */
const wonFor = (estimate: unknown, rng: Random) => ((Number(estimate) * rng.int(85, 100)) / 100).toFixed(2);

/** Jiangsu's demo agents and city managers register the demo's deals, then the protection job runs. */
export async function seedOpportunities(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('opportunities');
  const people = await accounts(db, 'province', 'channel', 'rsp', 'ccp', 'city', 'cm320200');
  const [province, channel, rsp, ccp, ...cityManagers] = [...people.values()];
  // City managers register for the province's other RSPs: deals the demo RSP does not see.
  const otherRsps = activeRsps(world).filter((c) => c.province.code === '320000' && c !== world.demoRsp);
  const applicants = [
    { caller: rsp, agent: world.demoRsp },
    { caller: ccp, agent: world.demoCcp },
    ...cityManagers.map((caller, n) => ({ caller, agent: otherRsps[n % otherRsps.length] })),
  ].filter((applicant) => applicant.agent);
  const def = resourceDef('opportunity')!;
  const formFields = [...def.fields.values()].filter((f) => f.writableIn.has(REGISTRATION_FORM));
  let last: { data: Record<string, unknown>; age: number } | undefined;
  /** The demo RSP's protected deals, which it works with partners (商机渠道管理). */
  const partnered: { id: string; day: string }[] = [];
  for (const [index, { outcome, from, to, steps }] of PLAN.entries()) {
    const { caller, agent } = applicants[index % applicants.length];
    const collides = SECOND.includes(outcome) ? last : undefined;
    const latest = collides ? Math.max(0, collides.age - 1) : Number(to);
    const age = Math.min(rng.int(Number(from), Number(to)), latest);
    const day = addDays(DEMO_TODAY, -age);
    const [product, company] = [rng.pick(world.products), endUserName(rng, cityShort(agent.city))];
    const ctx = agentContext('opportunity', index, day, agent, { product, company });
    const filled = fillFields(world, rng, def, ctx);
    const typed = Object.fromEntries(formFields.map((f) => [f.name, filled[f.name] ?? null]));
    // A conflict is a second registration of the customer and line the one before protects.
    const ExtOppCustomerName_SDK = collides ? collides.data.ExtOppCustomerName_SDK : company;
    const named = { AgentName: agent.name, ExtOppCustomerName_SDK, ExtOwnerName_SDK: caller.lastName };
    const line = collides && { ProductLine: collides.data.ProductLine };
    const body = { ...typed, ...named, ExtOpportunityStage_SDK: rng.pick(OPEN_STAGES), ...line };
    const created = clockOn(rng, day);
    const { ObjectID } = await createOpportunity(db, caller, body, created);
    // The first step follows the creation within minutes; later ones on their own days.
    const clockAfter = (offset: number) =>
      offset === 0
        ? clockAt(rng, new Date(created.at.getTime() + rng.int(5, 50) * 60_000))
        : clockOn(rng, addDays(day, offset));
    const act = commandsTo(db, 'opportunityRegistration', ObjectID, clockAfter);
    const said = { reason: String(filled.ExtRequirementDesc_SDK ?? filled.Name ?? '-').slice(0, 200) };
    const payloadOf = (command: string) => {
      if (command === 'win') return { amount: wonFor(typed.ExtEstimatedSalesAmountcontent_SDK, rng) };
      if (command === 'close') return { ...said, lossReason: rng.pick(Object.values(LossReason)) };
      return WITHOUT_REASON.includes(command) ? undefined : said;
    };
    const cast = { applicant: caller, province, channel };
    let submitted: unknown;
    for (const [who, command, when] of stepsIn<keyof typeof cast, string>(steps, String)) {
      if (submitted && submitted !== (ARBITRATION.includes(command) ? 'conflict' : 'protected')) continue;
      const after = await act(cast[who], command, dayOf(when, age, rng), payloadOf(command));
      submitted ??= after.State;
    }
    if (outcome !== 'protected' || submitted !== 'protected') continue;
    last = { data: body, age };
    if (agent === world.demoRsp) partnered.push({ id: ObjectID, day });
  }
  // Partners join two of them by the same commands as on screen: the RSP names the CCP it supplies, the
  // province manager another agent of the province as the solution partner.
  for (const [n, { id: OpportunityID, day }] of partnered.slice(0, 2).entries()) {
    const clock = clockOn(rng, addDays(day, 1));
    const { ccp: supplied, asp, csp } = OpportunityChannelType;
    const theirCcp = { OpportunityID, AgentName: world.demoCcp.name, ParticipantRole: supplied };
    await addParticipant(db, rsp, theirCcp, clock);
    const partner = { OpportunityID, AgentName: otherRsps[n]?.name, ParticipantRole: n ? asp : csp };
    if (otherRsps[n]) await addParticipant(db, province, partner, clock);
  }
  // The daily job on the demo's today: protections past their end expire, quiet ones are at risk.
  await runJobOnce(db, opportunityProtection, at(DEMO_TODAY, '01:30'));
}
