import { ChannelType, CustomerStatus, CustomerType, TotalAgent } from '../../domain/codes/customers.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { creditCodeIn } from '../../domain/random';
import { KEPT_SUPPLIER_STATUSES, NAMED_SUPPLIER_STATUSES } from '../customers/ccp-supplier';
import type { Db } from '../db/database';
import { insertRows } from '../db/json-rows';
import { contentOf } from '../reference/dictionaries.data';
import { cityOf, cityShort, provinceOf, provinces } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { seedCreditLimitRequests } from './demo-credit-limits.seed';
import { channelManagerOf, unseen } from './demo-staff.seed';
import { fillFields } from './demo-values';
import { agentContext, type DemoCustomer, type DemoWorld } from './demo-world';
import { addDays, DEMO_TODAY, type Random } from './random';
import { codeNamed, storyTable } from './story-data';

/** The six general distributors, where each is and which areas' RSPs it supplies (stories/distributors.tsv). */
const DISTRIBUTORS = storyTable('distributors').map(({ distributor, city: cityCode, areas }) => {
  return { keyword: codeNamed(TotalAgent, distributor) as string, cityCode, areas: areas.split(' ') };
});
const distributorsOf = (area: string) =>
  DISTRIBUTORS.filter((d) => d.areas.includes(area)).map((d) => d.keyword);
/** Provinces with two RSPs (one elsewhere): 31 + 9 = 40. */
const TWO_RSPS = new Set('320000 330000 440000 370000 110000 310000 510000 410000 420000'.split(' '));
const CCPS_PER_RSP = 3;
const JIANGSU = '320000';
const NANJING = '320100';

/** What a story says of a customer it builds; the rest is drawn or the general case. */
type Drawn = Pick<DemoCustomer, 'type' | 'province' | 'day'> & Partial<DemoCustomer> & { cityCode: string };

/**
 * The channel (DOMAIN.md "Channel and roles"): 6 general distributors, 40 RSPs (one or two per
 * province) and 120 CCPs, each under an RSP of its province. The first Jiangsu RSP (Nanjing), its
 * first CCP (Nanjing) and the Jiangsu distributor are the companies of the demo accounts.
 */
export function buildCustomers(world: DemoWorld) {
  const rng = world.rng.fork('customers');
  const [names, codes] = [new Set<string>(), new Set<string>()];
  const customer = ({ cityCode, ...drawn }: Drawn): DemoCustomer => {
    const city = cityOf(cityCode);
    const name = unseen(names, () => rng.companyName(cityShort(city)), drawn.name);
    const creditCode = unseen(codes, () => creditCodeIn(rng, cityCode));
    const accountId = world.numbers.next(NUMBER_PREFIX.agentAccount, drawn.day);
    const general = { status: CustomerStatus.active, parentId: null, totalAgent: TotalAgent.jiangsuHongyuan };
    return { id: rng.uuid(), ...general, ...drawn, name, accountId, creditCode, city };
  };
  const gds = DISTRIBUTORS.map(({ keyword: totalAgent, cityCode }) => {
    const [province, day] = [provinceOf(`${cityCode.slice(0, 2)}0000`), rng.dayBefore(2500, 1500)];
    const name = contentOf('TotalAgent', totalAgent);
    return customer({ type: CustomerType.generalDistributor, province, cityCode, day, name, totalAgent });
  });
  const [rsps, ccps]: DemoCustomer[][] = [[], []];
  for (const province of provinces)
    for (let r = 0; r < (TWO_RSPS.has(province.code) ? 2 : 1); r += 1) {
      const demo = province.code === JIANGSU && r === 0;
      const cityCode = r === 0 ? province.cities[0].code : rng.pick(province.cities.slice(1)).code;
      const day = rng.dayBefore(1600, 500);
      const status = demo ? CustomerStatus.active : rng.weighted(WEIGHTS.rsp);
      const totalAgent = demo ? TotalAgent.jiangsuHongyuan : rng.pick(distributorsOf(province.area));
      const rsp = customer({ type: CustomerType.rsp, province, cityCode, day, status, totalAgent });
      rsps.push(rsp);
      const under = { province, parentId: rsp.id, totalAgent: rsp.totalAgent };
      for (let c = 0; c < CCPS_PER_RSP; c += 1) {
        const demoCcp = demo && c === 0;
        const [cityCode, day] = [demoCcp ? NANJING : rng.pick(province.cities).code, rng.dayBefore(1200, 60)];
        const status = demoCcp ? CustomerStatus.active : rng.weighted(WEIGHTS.ccp);
        ccps.push(customer({ type: CustomerType.ccp, ...under, cityCode, day, status }));
      }
    }
  // A CCP counts on an RSP of its province that has signed its agreement (customers/ccp-supplier.ts):
  // the CCPs drawn under an RSP still awaiting signature are supplied by another RSP of the province
  // that cooperates, or by none yet, as a registered CCP before its channel manager names one.
  for (const ccp of ccps) {
    if (KEPT_SUPPLIER_STATUSES.includes(rsps.find((r) => r.id === ccp.parentId)?.status ?? '')) continue;
    const other = rsps.find(
      (r) => r.province.code === ccp.province.code && NAMED_SUPPLIER_STATUSES.includes(r.status),
    );
    Object.assign(ccp, { parentId: other?.id ?? null, totalAgent: other?.totalAgent ?? ccp.totalAgent });
  }
  world.customers = [...gds, ...rsps, ...ccps];
  world.demoGd = gds[0];
  world.demoRsp = rsps.find((r) => r.province.code === JIANGSU)!;
  world.demoCcp = ccps.find((c) => c.parentId === world.demoRsp.id)!;
}

/** How often an RSP or a CCP is in each status, and its agreement's year (stories/customer-statuses.tsv). */
const STATUSES = storyTable('customer-statuses');
const statusWeights = (tier: 'rsp' | 'ccp') =>
  STATUSES.filter((r) => r[tier]).map((r) => [codeNamed(CustomerStatus, r.status), Number(r[tier])] as const);
const WEIGHTS = { rsp: statusWeights('rsp'), ccp: statusWeights('ccp') };

/** The agreement's year by status: ending so many days from today, or begun so many days before it. */
function agreement(rng: Random, status: string): [string, string] | null {
  const row = STATUSES.find((s) => codeNamed(CustomerStatus, s.status) === status);
  const [, way, low, high] = /^(ends in|began) (\d+)-(\d+) days/.exec(row?.agreement ?? '') ?? [];
  if (!way) return null;
  const days = rng.int(Number(low), Number(high));
  const start = way === 'began' ? addDays(DEMO_TODAY, -days) : addDays(DEMO_TODAY, days - 364);
  return [start, addDays(start, 364)];
}

/** The channel department enters the agents the demo starts with. */
const BY_CHANNEL_DESK = { created_by_name: '冯渠道部', updated_by_name: '冯渠道部' };

export async function insertCustomers(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('customer-rows');
  const def = resourceDef('customer')!;
  const byId = new Map(world.customers.map((c) => [c.id, c]));
  const rows = world.customers.map((c, index) => {
    const [at, product] = [rng.timeOn(c.day), rng.pick(world.products)];
    const ctx = agentContext('customer', index, c.day, c, { product, company: c.name });
    const data = fillFields(world, rng, def, ctx);
    const [start, end] = agreement(rng, c.status) ?? [];
    const [isRsp, isCcp] = [c.type === CustomerType.rsp, c.type === CustomerType.ccp];
    const ccpCities = isCcp ? [c.city, ...rng.sample(c.province.cities, rng.int(0, 2))] : [];
    const ccpCoverage = [...new Set(ccpCities.map((city) => city.nameZh))].join('、');
    const coverage = isCcp ? ccpCoverage : isRsp ? c.province.nameZh : `${c.province.area}大区`;
    const supplier = isRsp ? contentOf('TotalAgent', c.totalAgent) : byId.get(c.parentId ?? '')?.name;
    const manager = channelManagerOf(world, c.province.code).name;
    const senior = c.type === CustomerType.generalDistributor || rng.chance(isRsp ? 0.4 : 0.15);
    const agreed = { ExtAgreementStartDate_SDK: start, ExtAgreementEndDate_SDK: end };
    const channel = { ExtTotalAgent_SDK: c.totalAgent, ExtChannelManagerName_SDK: manager };
    const facts = { ExtSeniorCertified_SDK: senior, ExtCoverageCities_SDK: coverage };
    Object.assign(data, agreed, channel, facts, { ExtSupplierName_SDK: supplier });
    const channel_type = isRsp ? ChannelType.rsp : isCcp ? ChannelType.ccp : null;
    const { id, name, accountId: account_id, creditCode: credit_code, status, parentId: parent_id } = c;
    const stamp = { object_id: id, created_at: at, updated_at: at, ...BY_CHANNEL_DESK };
    const place = { company_id: id, province_code: c.province.code, city_code: c.city.code };
    const agent = { name, account_id, credit_code, customer_type: c.type, channel_type, status, parent_id };
    return { ...stamp, ...place, data, ...agent };
  });
  await insertRows(db, 'customer', rows);
  await seedCreditLimitRequests(db, world);
}
