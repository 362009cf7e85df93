import { ChannelType, CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { creditCodeIn } from '../../domain/random';
import { ROLE } from '../../domain/roles';
import { type ChangeKind, changeProblem } from '../../machines/workflows/customer-change.rules';
import { customerFacts } from '../customers/customer-facts';
import { applyForChange } from '../customers/customer-workflow.service';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { cityShort, type Province, provinceOf } from '../reference/regions.data';
import { register, resubmit, withdraw } from '../registration/registration.service';
import { unseen } from './demo-staff.seed';
import type { DemoCustomer, DemoWorld } from './demo-world';
import { clockOn, commandsTo, dayByDay, everyone } from './kit';
import { addDays, DEMO_TODAY, type Random } from './random';
import { codeNamed, stepsIn, storyTable, words } from './story-data';

/** How each demo registration ends and the steps that take it there, in turn (stories/registrations.tsv). */
const REGISTRATIONS = storyTable('registrations').flatMap(({ count, steps }) =>
  Array.from({ length: Number(count) }, () => stepsIn(steps)),
);

/** A colleague of the role who sees the province's records; the demo account first where there is one. */
function reviewer(people: Caller[], role: string, province: string, rng: Random) {
  const fit = people.filter(
    (p) => p.roleCode === role && (p.dataScope === 'all' || p.provinceCode === province),
  );
  return fit.find((p) => !/\d/.test(p.username)) ?? (fit.length ? rng.pick(fit) : undefined);
}

/**
 * Public registrations, then applications on agents, entered and decided through the commands a person
 * uses on the seed's clock, so their histories replay to their states and they can be decided on.
 */
export async function seedWorkflows(db: Db, world: DemoWorld) {
  const [rng, people] = [world.rng.fork('workflows'), await everyone(db)];
  const taken = new Set(world.customers.map((c) => c.creditCode));
  for (const [index, steps] of REGISTRATIONS.entries()) {
    const province = provinceOf(rng.pick(words('reviewedProvinces')));
    const start = rng.dayBefore(75, 6);
    const next = dayByDay(rng, start, 1, 3);
    const form = registrationForm(rng, province, index, taken);
    const { RegistrationNo, ObjectID } = await register(db, form, clockOn(rng, start));
    const send = commandsTo(db, 'registration', ObjectID, next);
    for (const [who, command] of steps) {
      // The applicant answers on the public page, by the registration's number and phone.
      const byPhone = [db, RegistrationNo, form.ContactPhone] as const;
      if (command === 'withdraw') await withdraw(...byPhone, next());
      if (command === 'resubmit') await resubmit(...byPhone, {}, next());
      if (who === 'applicant') continue;
      const reasons = { reject: 'registrationRejections', return: 'registrationReturns' }[command];
      const payload = reasons ? { reason: rng.pick(words(reasons)) } : {};
      const caller = reviewer(people, codeNamed(ROLE, who), province.code, rng);
      if (!caller) break;
      await send(caller, command, null, payload);
    }
  }
  await seedApplications(db, world, rng, people);
}

function registrationForm(rng: Random, province: Province, index: number, taken: Set<string>) {
  const city = rng.pick(province.cities);
  const ExtCreditCode_SDK = unseen(taken, () => creditCodeIn(rng, city.code));
  const ExtChannelSmallType_SDK = rng.chance(0.6) ? ChannelType.rsp : ChannelType.ccp;
  const [Name, ExtLegalRepresentative_SDK] = [rng.companyName(cityShort(city)), rng.personName()];
  const company = { ExtChannelSmallType_SDK, Name, ExtCreditCode_SDK, ExtLegalRepresentative_SDK };
  const Address = `${province.nameZh}${city.nameZh}${rng.pick(words('registrationRoads'))}${rng.int(1, 300)}号`;
  const [ContactName, ContactPhone] = [rng.personName(), `13${String(rng.int(100_000_000, 999_999_999))}`];
  const Email = `apply${String(index + 1).padStart(2, '0')}@agent.example`;
  const place = { ProvinceCode: province.code, CityCode: city.code, Address };
  // The bank account from a stream of its own, so the applications drawn after stay as they were.
  const bank = rng.fork(`bank:${ExtCreditCode_SDK}`);
  const ExtBankName_SDK = `${bank.pick(words('registrationBanks'))}${cityShort(city)}分行`;
  const banking = { ExtBankName_SDK, ExtBankAccountName_SDK: Name, ExtBankAccount_SDK: bank.digits(19) };
  return { ...company, ...place, ContactName, ContactPhone, Email, ...banking };
}

/** The applications, in turn (stories/applications.tsv): what is asked for, by whom, and the decisions. */
const APPLICATIONS = storyTable('applications');
/** What an application asks: a renewal's term, a suspension's reason, a conversion's channel type. */
const changeOf = ({ termMonths, reason, to }: Record<string, string>) => ({
  ...(termMonths ? { termMonths: Number(termMonths) } : {}),
  ...(reason ? { reason } : {}),
  ...(to ? { to: codeNamed(ChannelType, to) } : {}),
});

async function seedApplications(db: Db, world: DemoWorld, rng: Random, people: Caller[]) {
  const inForce: string[] = [CustomerStatus.active, CustomerStatus.renewalDue];
  const jiangsu = world.customers.filter((c) => c.province.code === '320000' && inForce.includes(c.status));
  const others = (type: CustomerType, demo: DemoCustomer) =>
    jiangsu.filter((c) => c.type === type && c.id !== demo.id);
  const [ccps, rsps] = [others(CustomerType.ccp, world.demoCcp), others(CustomerType.rsp, world.demoRsp)];
  const preferred = [world.demoRsp, rsps[0], ccps[0], ccps[2], ccps[1]];
  const taken = new Set<string>();
  for (const [i, { applicant: username, decisions, ...asked }] of APPLICATIONS.entries()) {
    const [kind, change] = [asked.kind as ChangeKind, changeOf(asked)];
    // The preferred agent, or the next one the rules let this application be made for (an agent the
    // seed already certified cannot apply for senior certification).
    const rest = preferred[i]?.type === CustomerType.rsp ? [...rsps, ...ccps] : [...ccps, ...rsps];
    let subject: DemoCustomer | undefined;
    for (const candidate of [preferred[i], ...rest]) {
      if (subject || !candidate || taken.has(candidate.id)) continue;
      if (!changeProblem(kind, change, await customerFacts(db, candidate.id))) subject = candidate;
    }
    const applicant = people.find((p) => p.username === username);
    if (subject) taken.add(subject.id);
    if (!subject || !applicant) continue;
    const clock = dayByDay(rng, addDays(DEMO_TODAY, -rng.int(8, 20)), 1, 2);
    await applyForChange(db, applicant, { customerId: subject.id, kind, change }, clock());
    const send = commandsTo(db, 'customerChange', subject.id, clock);
    for (const [role, command, when, said] of stepsIn(decisions)) {
      const caller = reviewer(people, codeNamed(ROLE, role), '320000', rng);
      if (!caller) break;
      await send(caller, command, when, said);
    }
  }
}
