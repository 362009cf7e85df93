import { LossReason, OpportunityChannelType } from '../../domain/codes/opportunities.codes';
import { ROLE } from '../../domain/roles';
import { OPEN_STAGES } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import {
  createOpportunity,
  opportunityDef,
  REGISTRATION_FORM,
} from '../opportunities/opportunity-create.service';
import { addParticipant } from '../opportunities/opportunity-participants.service';
import { opportunityProtection } from '../opportunities/opportunity-protection.job';
import { cityShort } from '../reference/regions.data';
import type { Clock } from '../workflows/clock';
import { endUserName } from './demo-text';
import { fillFields } from './demo-values';
import { activeRsps, agentContext, type DemoCustomer, type DemoWorld } from './demo-world';
import { at, clockAt, clockOn, commandsTo, everyone, runJob } from './kit';
import { addDays, DEMO_TODAY } from './random';
import { storyTable } from './story-data';

/** How far each demo registration gets, how many, how many days ago (stories/opportunities.tsv). */
const PLAN = storyTable('opportunities').map(
  ({ outcome, count, from, to }) => [outcome, Number(count), [Number(from), Number(to)]] as const,
);

type Applicant = { caller: Caller; agent: DemoCustomer };

const daysAgo = (day: string) =>
  Math.round((Date.parse(`${DEMO_TODAY}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);

/** A deal is won near its estimate: 85–100% of it, or a round sum when the estimate is no amount. */
function wonFor(estimate: unknown, rng: { int: (from: number, to: number) => number }) {
  const amount = Number(estimate);
  if (!Number.isFinite(amount) || amount <= 0) return '100000.00';
  return ((amount * rng.int(85, 100)) / 100).toFixed(2);
}

/**
 * The demo's opportunities enter through the registration commands (DOMAIN.md "Demo data"): created
 * by the demo agents of Jiangsu and by city managers, submitted (protected, or a conflict when the
 * customer and line are already protected), arbitrated by the province manager, kept alive by
 * progress records, extended, won, closed and released; then the daily protection job runs on the
 * demo's today and expires or marks at risk what it finds. Stage and status therefore never contradict.
 */
export async function seedOpportunities(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('opportunities');
  const people = await everyone(db);
  const named = (username: string) => people.find((p) => p.username === username);
  const province = named('province');
  const channel = named('channel');
  const applicants: Applicant[] = [];
  const rsp = named('rsp');
  const ccp = named('ccp');
  if (rsp) applicants.push({ caller: rsp, agent: world.demoRsp });
  if (ccp) applicants.push({ caller: ccp, agent: world.demoCcp });
  const cityManagers = people.filter((p) => p.roleCode === ROLE.cityManager && p.provinceCode === '320000');
  // City managers register for the province's other RSPs: deals the demo RSP does not see.
  const otherRsps = activeRsps(world).filter(
    (c) => c.province.code === '320000' && c.name !== world.demoRsp.name,
  );
  for (const [n, manager] of cityManagers.slice(0, 2).entries()) {
    const agent = otherRsps[n % Math.max(1, otherRsps.length)];
    if (agent) applicants.push({ caller: manager, agent });
  }
  if (!applicants.length || !province || !channel) return;

  const def = opportunityDef();
  const formFields = [...def.fields.values()]
    .filter((f) => f.writableIn.has(REGISTRATION_FORM))
    .map((f) => f.name);
  let last: { data: Record<string, unknown>; day: string } | undefined;
  /** The demo RSP's protected deals, which it works with partners (商机渠道管理). */
  const partnered: { id: string; day: string }[] = [];
  let index = 0;
  for (const [outcome, count, [from, to]] of PLAN) {
    for (let n = 0; n < count; n += 1, index += 1) {
      const applicant = applicants[index % applicants.length];
      const collides = ['conflict', 'awarded', 'keptFirst'].includes(outcome) ? last : undefined;
      // A conflicting registration comes after the one it collides with.
      const age = Math.min(rng.int(from, to), collides ? Math.max(0, daysAgo(collides.day) - 1) : to);
      const day = addDays(DEMO_TODAY, -age);
      const agent = applicant.agent;
      const ctx = agentContext('opportunity', index, day, agent, {
        product: rng.pick(world.products),
        company: endUserName(rng, cityShort(agent.city)),
      });
      const filled = fillFields(world, rng, def, ctx);
      const body: Record<string, unknown> = Object.fromEntries(formFields.map((f) => [f, filled[f] ?? null]));
      body.AgentName = agent.name;
      body.ExtOppCustomerName_SDK = ctx.company;
      body.ExtOpportunityStage_SDK = rng.pick(OPEN_STAGES);
      body.ExtOwnerName_SDK = applicant.caller.lastName;
      // A conflict is a second registration of the customer and line the one before protects.
      if (collides) {
        body.ExtOppCustomerName_SDK = collides.data.ExtOppCustomerName_SDK;
        body.ProductLine = collides.data.ProductLine;
      }
      const created = clockOn(rng, day);
      const { ObjectID } = await createOpportunity(db, applicant.caller, body, created);
      // The first step follows the creation within minutes; later ones on their own days.
      const clockAfter = (offset: number): Clock =>
        offset === 0
          ? clockAt(rng, new Date(created.at.getTime() + rng.int(5, 50) * 60_000))
          : clockOn(rng, addDays(day, offset));
      const act = commandsTo(db, 'opportunityRegistration', ObjectID, clockAfter);
      const reason = () => ({
        reason: String(filled.ExtRequirementDesc_SDK ?? filled.Name ?? '-').slice(0, 200),
      });
      if (outcome === 'draft') continue;
      if (outcome === 'withdrawn') {
        await act(applicant.caller, 'withdraw', 1);
        continue;
      }
      const submitted = await act(applicant.caller, 'submit', 0);
      if (submitted.State === 'protected' && outcome === 'protected') last = { data: body, day };
      if (submitted.State === 'protected' && outcome === 'protected' && agent === world.demoRsp)
        partnered.push({ id: ObjectID, day });
      if (outcome === 'awarded' && submitted.State === 'conflict') await act(province, 'award', 2);
      if (outcome === 'keptFirst' && submitted.State === 'conflict')
        await act(province, 'keepFirst', 2, reason());
      if (submitted.State !== 'protected') continue;
      // The deal side records its progress (the progress report reads these records).
      if (['protected', 'won', 'closed'].includes(outcome) && age > 2)
        await act(applicant.caller, 'recordProgress', rng.int(1, Math.min(age, 15)), reason());
      if (outcome === 'progressed')
        await act(applicant.caller, 'recordProgress', age - rng.int(3, 20), reason());
      if (outcome === 'extended') {
        await act(applicant.caller, 'recordProgress', 79, reason());
        await act(province, 'extend', 80, reason());
      }
      if (outcome === 'won')
        await act(applicant.caller, 'win', 20, {
          amount: wonFor(body.ExtEstimatedSalesAmountcontent_SDK, rng),
        });
      if (outcome === 'closed')
        await act(applicant.caller, 'close', 20, {
          ...reason(),
          lossReason: rng.pick(Object.values(LossReason)),
        });
      if (outcome === 'released') await act(channel, 'release', 25, reason());
    }
  }
  // Partners join two of them by the same commands as on screen: the RSP names the CCP it supplies, the
  // province manager another agent of the province as the solution partner.
  for (const [n, deal] of partnered.slice(0, 2).entries()) {
    const clock = clockOn(rng, addDays(deal.day, 1));
    const joins: [Caller | undefined, DemoCustomer | undefined, string][] = [
      [ccp && rsp, world.demoCcp, OpportunityChannelType.ccp],
      [province, otherRsps[n], n ? OpportunityChannelType.asp : OpportunityChannelType.csp],
    ];
    for (const [who, agent, role] of joins) {
      const body = { OpportunityID: deal.id, AgentName: agent?.name, ParticipantRole: role };
      if (who && agent) await addParticipant(db, who, body, clock);
    }
  }
  // The daily job on the demo's today: protections past their end expire, quiet ones are at risk.
  await runJob(db, opportunityProtection, at(DEMO_TODAY, '01:30'));
}
