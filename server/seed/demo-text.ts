import { ProductCategory } from '../../domain/codes/products.codes';
import { makeCreditCode } from '../../domain/credit-code';
import { NUMBER_PREFIX as PREFIX } from '../../domain/numbering';
import { ROLE } from '../identity/roles';
import { cityShort } from '../reference/regions.data';
import { contentOf, type DemoWorld, type FillContext } from './demo-world';
import { compactDay, type Random } from './random';
import { codeNamed, storyTable, words } from './story-data';

/** The prefix of each business-number field a generic demo record fills (stories/number-fields.tsv). */
export const NUMBER_PREFIX: Record<string, string> = Object.fromEntries(
  storyTable('number-fields').map(({ field, series }) => [field, codeNamed(PREFIX, series)]),
);

/** A number of the prefix's shared pool (40 per prefix, spread over the last 18 months). */
export function poolNumber(world: DemoWorld, rng: Random, prefix: string, index?: number) {
  let pool = world.pools.get(prefix);
  if (!pool) {
    const poolRng = world.rng.fork(`pool:${prefix}`);
    const days = Array.from({ length: 40 }, () => poolRng.dayBefore(540, 5)).sort();
    pool = days.map((day) => ({ no: world.numbers.next(prefix, day), day }));
    world.pools.set(prefix, pool);
  }
  return index === undefined ? rng.pick(pool) : pool[index % pool.length];
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** A valid unified social credit code registered in the city (the check character is computed). */
export function creditCodeIn(rng: Random, cityCode: string): string {
  let body = `91${cityCode}`;
  while (body.length < 17) body += ALPHABET[rng.int(0, body.length < 16 ? 9 : 30)];
  return makeCreditCode(body);
}

/** An invented end-customer organisation in the city. */
export const endUserName = (rng: Random, cityName: string) =>
  rng.chance(0.5)
    ? rng.companyName(cityName)
    : `${cityName}${rng.companyName('').slice(0, 2)}${rng.pick(words('endUserTrades'))}有限公司`;
/** A member of the vendor's staff with one of the roles, preferably in the record's province. */
export function staffFor(world: DemoWorld, rng: Random, ctx: FillContext, roles: string[]) {
  const local = world.staff.filter((s) => roles.includes(s.roleCode) && s.provinceCode === ctx.province.code);
  const any = world.staff.filter((s) => roles.includes(s.roleCode));
  return rng.pick(local.length ? local : any);
}
const person = (world: DemoWorld, rng: Random, ctx: FillContext, roles: string[]) =>
  staffFor(world, rng, ctx, roles).name;

/** Phrases for long texts, by what the field name says it holds. */
export function phraseFor(rng: Random, name: string, ctx: FillContext): string {
  if (/^(description|PartDescription)$/.test(name)) return `${ctx.product.line} ${ctx.product.name}`;
  if (/Requirement|Desc/.test(name))
    return `${ctx.company}${rng.pick(words('projects'))}，需${ctx.product.line}约${rng.int(5, 80)}台`;
  return rng.pick(words('remarks'));
}

/** The partner's codes of its customers, one per customer name, in the order the demo meets them. */
const partnerCodes = new WeakMap<DemoWorld, Map<string, string>>();
function partnerCustomerCode(world: DemoWorld, customer: string): string {
  const codes = partnerCodes.get(world) ?? partnerCodes.set(world, new Map()).get(world)!;
  return (
    codes.get(customer) ?? codes.set(customer, `PC${String(codes.size + 1).padStart(8, '0')}`).get(customer)!
  );
}

/** A plausible text for a field, chosen by its name; falls back to a short code. */
export function textFor(world: DemoWorld, rng: Random, name: string, ctx: FillContext): string {
  const { agent, city, province, product } = ctx;
  const prefix = NUMBER_PREFIX[name];
  if (prefix) return ctx.own?.field === name ? ctx.own.no : poolNumber(world, rng, prefix).no;
  if (/^(Related)?OrderNos?$|^SourceDocNo$/.test(name)) return ctx.order?.no ?? rng.pick(world.orders).no;
  if (name === 'PartnerOrderNo') return `PO${compactDay(ctx.day)}${rng.digits(5)}`;
  if (name === 'ExtTenderNo_SDK') return `ZB-${ctx.day.slice(0, 4)}-${rng.digits(5)}`;
  // An agent's account is in its own name (its basic deposit account).
  if (name === 'ExtBankAccountName_SDK') return ctx.company;
  if (/BankSerial|BankAccount/.test(name)) return rng.digits(19);
  if (/CreditCode|TaxpayerID/.test(name))
    return /Taxpayer/.test(name) ? agent.creditCode : creditCodeIn(rng, city.code);
  if (/^(pn|ProductCode|PartNumber)$/.test(name)) return product.code;
  if (name === 'ServicePn')
    return rng.pick(world.products.filter((p) => p.category === ProductCategory.services)).code;
  if (/(Reporter|Visitor|Uploader|cityManager)Code$/.test(name))
    return staffFor(world, rng, ctx, [ROLE.cityManager]).username;
  // A partner customer is the partner's own customer: a code of the partner's for each, not the agent's.
  if (name === 'PartnerCustomerCode' && ctx.resource === 'partnerCustomer')
    return partnerCustomerCode(world, ctx.company);
  if (/^(AgentCode|ExtAgentID_SDK|PartnerCustomerCode)$/.test(name)) return agent.accountId;
  if (/Code$/.test(name)) return `${name.replace(/[a-z_]/g, '').slice(0, 2) || 'PZ'}${rng.digits(6)}`;

  if (/^(AgentName|PayerName|InvoiceTitle|ExtWinningBidder_SDK|ExtOpportunityChannel_SDK)$/.test(name))
    return agent.name;
  if (name === 'Name' && ctx.resource === 'agreementTemplate')
    return `${rng.pick(words('agentTiers'))}合作协议（${ctx.day.slice(0, 4)}版）`;
  if (/Supplier|Distributor/.test(name))
    return contentOf('TotalAgent', agent.totalAgent) ?? world.demoGd.name;
  if (name === 'channelName') return rng.companyName(cityShort(city));
  if (name === 'ExtTenderAgency_SDK')
    return `${cityShort(city)}${rng.pick(words('tenderAgencies'))}招标代理有限公司`;
  if (/Address/.test(name))
    return `${province.nameZh}${city.nameZh === province.nameZh ? '' : city.nameZh}${rng.pick(words('roads'))}${rng.int(1, 399)}号`;
  if (/Phone/.test(name)) return rng.mobile();
  if (/Email/.test(name)) return `${rng.pick(words('mailboxes'))}${rng.digits(3)}@example.com.cn`;
  if (/Customer(Name)?$|customerName|OppCustomer|EndUser|Consignee|ReceiverCompany|TenderUnit/.test(name))
    return ctx.company;
  if (/Contact|Receiver|SignedBy|director|Legal/.test(name)) return rng.personName();
  if (/cityManager|Owner/.test(name)) return person(world, rng, ctx, [ROLE.cityManager]);
  if (/^(creator|processCreator|CreatedBy|ModifiedBy|Approver|ApproverName)$/.test(name))
    return person(world, rng, ctx, [ROLE.provinceManager, ROLE.cityManager, ROLE.channelManager]);

  if (/^(ProvinceName|province)$/.test(name)) return province.nameZh;
  if (/^CityName$|Coverage/.test(name)) return city.nameZh;
  if (/RegionName|SalesArea/.test(name)) return `${province.area}大区`;
  if (name === 'AreaName') return `${cityShort(city)}销售片区`;
  if (/Bank(Name)?$|BankName/.test(name)) return `${rng.pick(words('banks'))}${cityShort(city)}分行`;

  if (/^(ProductModel|model)$/.test(name)) return product.model;
  if (/^(ProductName|ServiceName)$/.test(name)) return product.name;
  if (/Description|description/.test(name)) return `${product.line} ${product.name}`;
  if (/ProductLine/.test(name)) return product.line;
  if (name === 'brand') return '自有品牌';
  if (name === 'platform') return rng.pick(['x86', 'ARM']);
  if (name === 'cpu') return `${rng.pick([2, 4])}×${rng.pick([16, 24, 32])}核`;
  if (name === 'type') return contentOf('ProductCategory', product.category) ?? product.line;
  if (name === 'plan') return `方案${rng.pick(['一', '二', '三'])}`;
  if (name === 'parentRelationship') return '';

  if (name === 'Quarter') return `Q${Math.ceil(Number(ctx.day.slice(5, 7)) / 3)}`;
  if (/Version/.test(name)) return `V${rng.int(1, 3)}.${rng.int(0, 9)}`;
  if (/ApprovalNode/.test(name)) return rng.pick(words('approvalNodes'));
  if (/Link(_SDK)?$|Url$/.test(name)) return `https://oa.portal.example/flow/${rng.digits(8)}`;
  if (/^(Name|OpportunityName|opportunityName|ExtOpportunityName_SDK)$/.test(name))
    return `${ctx.company.replace(/(有限公司|集团)$/, '')}${rng.pick(words('projects'))}项目`;
  if (/ConfigName|configName/.test(name)) return `${product.model} 特价配置`;
  return phraseFor(rng, name, ctx);
}
