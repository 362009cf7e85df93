import { sql } from 'kysely';
import { VisitTargetType, VisitType } from '../../domain/codes/activity.codes';
import { AddressType } from '../../domain/codes/customers.codes';
import { activityDeadlines } from '../activity/activity-deadlines.job';
import { writeReport } from '../activity/daily-report.rules';
import { planVisit } from '../activity/visit.rules';
import { searchAddresses } from '../addresses/address.repo';
import { createAddress, updateAddress } from '../addresses/address.service';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { runJobOnce } from '../jobs/job-handlers';
import { DEMO_SEED } from './demo-data.seed';
import { accounts, at, clockAt, commandsTo, play } from './kit';
import { addDays, DEMO_TODAY, Random } from './random';
import { codeNamed, formTexts, stepsIn, storyTable, words } from './story-data';

/** The demo visits (stories/visits.tsv): each one's day, its steps, and how far off its site it is checked in. */
const VISITS = storyTable('visits');

/** A step's clock by its `when`: minutes after the planned start, or `day@time` counted from the day. */
const clockFrom =
  (rng: Random, day: string, start = at(day)) =>
  (when: string) => {
    const [days, time] = when.split('@');
    return clockAt(rng, time ? at(addDays(day, Number(days)), time) : minutesLater(start, Number(days)));
  };

/**
 * Invented end customers and the visitor's own agents, with where they are (stories/visit-sites.tsv).
 * An agent's position goes on its address, as its owner sets it, and its visits take their site from
 * there; end customers keep no address, so their visits have no site and no distance (docs/activity.md).
 */
const SITES = storyTable('visit-sites').map(({ target, name, contact, lat, lon }) => {
  return { target: codeNamed(VisitTargetType, target), name, contact, lat: Number(lat), lon: Number(lon) };
});
type Site = (typeof SITES)[number];

/** The sites a visitor visits: the end customers, and agents it sees, placed on the map by operations. */
async function sitesOf(db: Db, visitor: Caller, ops: Caller): Promise<Site[]> {
  const { rows: agents } = await sql<Agent>`select object_id::text as id, name, province_code as province,
      city_code as city from customer where city_code = ${visitor.cityCode ?? ''}
    and province_code is not null order by account_id limit 3`.execute(db);
  const sites: Site[] = [];
  for (const site of SITES) {
    const agent = site.target === VisitTargetType.agent ? agents.shift() : undefined;
    if (site.target === VisitTargetType.agent && !agent) continue;
    if (agent) await placeAgent(db, ops, agent, site);
    sites.push({ ...site, name: agent?.name ?? site.name });
  }
  return sites;
}
type Agent = { id: string; name: string; province: string; city: string | null };

/** The agent's default delivery address given the position: its own, or one added where it has none yet. */
async function placeAgent(db: Db, ops: Caller, agent: Agent, site: Site) {
  const position = { Latitude: site.lat, Longitude: site.lon };
  const where = { CustomerID: agent.id, AddressType: AddressType.delivery, IsDefault: true };
  const [address] = (await searchAddresses(db, ops, { ...where, currentPage: 1, pageSize: 1 })).rows;
  if (address)
    await updateAddress(db, ops, { ObjectID: address.ObjectID, Version: address.Version, ...position });
  else {
    const texts = formTexts<'ReceiverName' | 'ReceiverPhone' | 'DetailAddress'>('agentAddress');
    const place = { ProvinceCode: agent.province, CityCode: agent.city, ...position };
    await createAddress(db, ops, { ...where, ...texts, ...place });
  }
}

/** What the visits are, in turn (stories/words.tsv). */
const VISIT_TYPES = words('visitTypes').map((type) => codeNamed(VisitType, type));

/** What visitors and reporters write (stories/form-texts.tsv). */
const [PLAN, MINUTES] = [formTexts('visitPlan'), formTexts('visitMinutes')];
const [REPORT, ISSUES] = [formTexts('dailyReport'), formTexts('reportIssues')];

/** The steps of a daily report after it is written, by how it ends (stories/daily-report-steps.tsv). */
const REPORT_STEPS = new Map(
  storyTable('daily-report-steps').map((r) => [r.outcome, stepsIn<Reporters, string>(r.steps, String)]),
);
type Reporters = 'reporter' | 'manager';

const minutesLater = (when: Date, minutes: number) => new Date(when.getTime() + minutes * 60_000);

/** A protected opportunity the visitor sees, to link a visit to (its progress then moves). */
async function protectedOpportunity(db: Db, caller: Caller) {
  const rows = await sql<{ no: string }>`select r.data->>'ExtOpportunityNOText_SDK' as no from record r
    join workflow_stream s on s.subject_id = r.object_id and s.workflow = 'opportunityRegistration'
    where r.resource = 'opportunity' and s.status = 'protected' and r.city_code = ${caller.cityCode}
    order by r.data->>'ExtOpportunityNOText_SDK' limit 1`.execute(db);
  return rows.rows[0]?.no;
}

/** A visit planned three days before, and its steps played as its row says. */
async function seedVisit(db: Db, rng: Random, visit: Visit, row: (typeof VISITS)[number]) {
  const { visitor, reviewer, sites, index, linked } = visit;
  const [day, steps] = [row.day, stepsIn<'visitor' | 'reviewer', string>(row.steps, String)];
  const takes = (command: string) => steps.some((step) => step[1] === command);
  const site = sites[index % sites.length];
  const planned = at(day, index % 2 ? '14:00' : '10:00');
  const whom = { VisitTargetType: site.target, CustomerName: site.name, ContactName: site.contact };
  const when = { PlannedStart: planned.toISOString(), PlannedEnd: minutesLater(planned, 90).toISOString() };
  const VisitType = VISIT_TYPES[index % VISIT_TYPES.length];
  const about = takes('reviewVisit') && index === 0 && linked ? { ExtOpportunityNOText_SDK: linked } : {};
  // The minutes of the visits that get recorded; the form takes them at any time before.
  const minutes = takes('record') ? MINUTES : {};
  const plan = { ...whom, VisitType, ...when, ...about, ...PLAN, ...minutes };
  const { ObjectID } = await planVisit(db, visitor, plan, clockAt(rng, minutesLater(planned, -3 * 24 * 60)));
  // The check-in sends where the visitor stands, the row's offset off the site, as the phone measures it.
  const [off, accuracy] = [Number(row.checkInOff), 20 + (index % 4) * 15];
  const position = { latitude: site.lat + off, longitude: site.lon + off, accuracy };
  const send = commandsTo(db, 'visit', ObjectID, clockFrom(rng, day, planned));
  const located: typeof send = (who, command, when, payload) =>
    send(who, command, when, command === 'checkIn' ? position : payload);
  await play(located, { visitor, reviewer }, steps);
}
type Visit = { visitor: Caller; reviewer: Caller; sites: Site[]; index: number; linked?: string };

/**
 * The demo's visits and daily reports (docs/activity.md) of Jiangsu's city and channel managers, entered
 * through the commands people use on the seed's clock; then the daily job runs on the demo's today and
 * marks the missed visit and locks the stale drafts.
 */
export async function seedActivity(db: Db) {
  const rng = new Random(DEMO_SEED).fork('activity');
  const people = await accounts(db, 'city', 'cm320500', 'cm320200', 'channel', 'province', 'ops');
  const reviewer = people.get('province')!;
  for (const [v, username] of ['city', 'cm320500', 'cm320200'].entries()) {
    const visitor = people.get(username)!;
    const linked = await protectedOpportunity(db, visitor);
    const sites = await sitesOf(db, visitor, people.get('ops')!);
    const plans = VISITS.filter((_, i) => i % (v + 1) === 0);
    for (const [index, plan] of plans.entries())
      await seedVisit(db, rng, { visitor, reviewer, sites, index: index + v, linked }, plan);
  }
  // Who keeps a daily report on which working day, and how it ends (stories/daily-reports.tsv).
  for (const { reporter, ...days } of storyTable('daily-reports'))
    for (const [index, [day, outcome]] of Object.entries(days).entries()) {
      const steps = REPORT_STEPS.get(outcome);
      if (!steps) continue;
      const issues = index % 3 === 0 ? ISSUES : {};
      const body = { ReportDate: day, ...REPORT, ...issues, ReceiverName: reviewer.lastName };
      const writer = people.get(reporter)!;
      const report = await writeReport(db, writer, body, clockAt(rng, at(day, '18:00')));
      const send = commandsTo(db, 'dailyReport', String(report.ObjectID), clockFrom(rng, day));
      await play(send, { reporter: writer, manager: reviewer }, steps);
    }
  await runJobOnce(db, activityDeadlines, at(DEMO_TODAY, '00:10'));
}
