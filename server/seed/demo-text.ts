import { ProductCategory } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import { NUMBER_PREFIX as PREFIX } from '../../domain/numbering';
import { creditCodeIn } from '../../domain/random';
import { ROLE } from '../identity/roles';
import { contentOf, keywordsOf } from '../reference/dictionaries.data';
import { cityShort } from '../reference/regions.data';
import type { FieldSpec } from '../resources/fields';
import type { DemoWorld, FillContext } from './demo-world';
import { type Data, fixedIdOf } from './kit';
import { addDays, compactDay, notAfterToday, type Random } from './random';
import { codeNamed, storyTable, words } from './story-data';

/** The dictionary a dict field draws from: its own code, else one named like the field (OrderChannel). */
export const dictCodeOf = (spec: FieldSpec) => spec.dict ?? spec.name;

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

/** What a field holds, by kind and name (field-texts.tsv, then field-ranges.tsv): the first row that matches. */
const FIELD_ROWS = [...storyTable('field-texts'), ...storyTable('field-ranges')];
const TEXTS = FIELD_ROWS.map(({ kinds, fields, resource, text }) => {
  return { kinds: (kinds || 'text').split(' '), fields: new RegExp(fields), resource, text };
});

/** The codes of roles named by their keys in ROLE, space-separated. */
const roleCodes = (roles: string) => roles.split(' ').map((role) => codeNamed(ROLE, role));

/**
 * The {parts} of a field's text (stories/field-texts.tsv, field-ranges.tsv) other than what the record is
 * about ({agent.name}, {city.nameZh} …), each drawn only where the text names it.
 */
function textParts(world: DemoWorld, rng: Random, spec: FieldSpec, ctx: FillContext) {
  const { agent, city, province } = ctx;
  const between = (range: string, scale = 1) => {
    const [low, high] = range.split(' ').map(Number);
    return rng.int(low * scale, high * scale);
  };
  const parts: Record<string, (arg: string) => string> = {
    pick: (pool) => rng.pick(words(pool)),
    option: () => rng.sample(keywordsOf(dictCodeOf(spec)), 1)[0] ?? '',
    one: (choices) => rng.pick(choices.split('|')),
    digits: (length) => rng.digits(Number(length)),
    int: (range) => String(between(range)),
    percent: (range) => String(between(range, 100) / 100),
    amount: (range) => {
      const step = Number(range.split(' ')[2] ?? 1);
      return fenToYuanString(Math.round(between(range) / step) * step * 100);
    },
    price: (percent) =>
      fenToYuanString(Math.round((ctx.product.priceFen * (percent ? between(percent) : 100)) / 100)),
    chance: (probability) => String(rng.chance(Number(probability))),
    day: (range) => addDays(ctx.day, between(range)),
    pastDay: (range) => notAfterToday(addDays(ctx.day, between(range))),
    field: () => spec.name,
    nth: () => String(ctx.index + 1),
    staff: (roles) => staffFor(world, rng, ctx, roleCodes(roles)).name,
    login: (roles) => staffFor(world, rng, ctx, roleCodes(roles)).username,
    orderNo: () => ctx.order?.no ?? rng.pick(world.orders).no,
    compactDay: () => compactDay(ctx.day),
    year: () => ctx.day.slice(0, 4),
    quarter: () => String(Math.ceil(Number(ctx.day.slice(5, 7)) / 3)),
    companyShort: () => ctx.company.replace(/(有限公司|集团)$/, ''),
    companyName: () => rng.companyName(cityShort(city)),
    personName: () => rng.personName(),
    mobile: () => rng.mobile(),
    initials: () => spec.name.replace(/[a-z_]/g, '').slice(0, 2) || 'PZ',
    creditCode: () => creditCodeIn(rng, city.code),
    // The partner's own code of a customer, the same for the same name: digits of the name's hash.
    partnerCustomerCode: () => `PC${fixedIdOf(ctx.company).replace(/\D/g, '').slice(0, 8)}`,
    supplier: () => contentOf('TotalAgent', agent.totalAgent) ?? world.demoGd.name,
    place: () => province.nameZh + (city.nameZh === province.nameZh ? '' : city.nameZh),
    cityShort: () => cityShort(city),
    servicePn: () => rng.pick(world.products.filter((p) => p.category === ProductCategory.services)).code,
    category: () => contentOf('ProductCategory', ctx.product.category) ?? ctx.product.line,
  };
  return parts;
}

/** A plausible text for a field, by its kind and name (stories/field-texts.tsv and field-ranges.tsv). */
export function textFor(world: DemoWorld, rng: Random, spec: FieldSpec, ctx: FillContext) {
  const { name, kind } = spec;
  const prefix = NUMBER_PREFIX[name];
  if (prefix) return ctx.own?.field === name ? ctx.own.no : poolNumber(world, rng, prefix).no;
  const row = TEXTS.find(
    (r) => r.kinds.includes(kind) && r.fields.test(name) && (r.resource || ctx.resource) === ctx.resource,
  )!;
  const parts = textParts(world, rng, spec, ctx);
  const about = (path: string) => path.split('.').reduce((value: unknown, key) => (value as Data)[key], ctx);
  return row.text.replace(/\{([\w.]+) ?([^}]*)\}/g, (_, part: string, arg: string) => {
    const text = parts[part]?.(arg) ?? about(part);
    if (text === undefined) throw new Error(`a field text names a part there is none of: ${part}`);
    return String(text);
  });
}
