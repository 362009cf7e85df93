import { fenToYuanString } from '../../domain/money';
import { ROLE } from '../identity/roles';
import type { FieldSpec } from '../resources/fields';
import type { ResourceDef } from '../resources/registry';
import { harmonise } from './demo-coherence';
import { phraseFor, poolNumber, staffFor, textFor } from './demo-text';
import { type DemoWorld, type FillContext, keywordsOf } from './demo-world';
import { addDays, notAfterToday, type Random } from './random';

/** The dictionary a dict field draws from: its own code, else one named like the field (OrderChannel). */
export const dictCodeOf = (spec: FieldSpec) => spec.dict ?? spec.name;

const FUTURE =
  /End|Until|Expir|Deadline|Expected|Required|Estimated|Next|Protection|BidOpening|ExtendedTo|Due/;
const LONG_AGO = /Established/;

function dateFor(rng: Random, name: string, ctx: FillContext): string {
  if (LONG_AGO.test(name)) return addDays(ctx.day, -rng.int(1500, 7000));
  if (FUTURE.test(name)) return addDays(ctx.day, rng.int(20, 360));
  if (/Start|Submitted|Applied|Apply|Lend|Planned/.test(name)) return addDays(ctx.day, rng.int(0, 3));
  return notAfterToday(addDays(ctx.day, rng.int(0, 20)));
}

function numberFor(rng: Random, name: string, ctx: FillContext): number {
  if (/Year/.test(name)) return Number(ctx.day.slice(0, 4));
  if (/ExtensionCount/.test(name)) return rng.int(0, 1);
  if (/Count/.test(name)) return rng.int(1, 30);
  if (/Quantity/.test(name)) return rng.int(1, 120);
  return rng.int(1, 100);
}

/** Yuan ranges by what an amount is; tasks are large, rebates small, prices follow the product. */
function priceFor(rng: Random, name: string, ctx: FillContext): string {
  const yuan = (low: number, high: number, step = 100) =>
    fenToYuanString(Math.round(rng.int(low, high) / step) * step * 100);
  if (/Price/.test(name) && !/Total/.test(name)) {
    const discount = /Standard|List/.test(name) ? 100 : rng.int(72, 98);
    return fenToYuanString(Math.round((ctx.product.priceFen * discount) / 100));
  }
  if (/CreditLimit/.test(name)) return yuan(200_000, 5_000_000, 100_000);
  if (/RegisteredCapital/.test(name)) return yuan(1_000_000, 50_000_000, 1_000_000);
  if (/Annual|LoadBearing|LastYear|Target|Budget|Allocated|TaskAmount|AnnualTask/.test(name))
    return yuan(2_000_000, 60_000_000, 10_000);
  if (/^(Q[1-4]Task|Month\d\dTask)$/.test(name)) return yuan(200_000, 8_000_000, 10_000);
  if (/Rebate|Discount|Penalty|Adjust|Frozen|Expired|Used|Balance|Posted|Available|Sti|Tax/.test(name))
    return yuan(1_000, 300_000, 1);
  if (/Min|Threshold/.test(name)) return yuan(0, 500_000, 10_000);
  return fenToYuanString(rng.int(1_000_000, 300_000_000));
}

function percentFor(rng: Random, name: string): number {
  const pct = (low: number, high: number) => rng.int(low * 100, high * 100) / 100;
  if (/Share/.test(name)) return pct(20, 40);
  if (/DiscountRate|RebateRate/.test(name)) return pct(0.5, 5);
  if (/Discount/.test(name)) return pct(70, 98);
  return pct(40, 100);
}

/** A plausible value for a field, by its kind (and name); null leaves the field out. */
export function valueFor(world: DemoWorld, rng: Random, spec: FieldSpec, ctx: FillContext): unknown {
  const name = spec.name;
  switch (spec.kind) {
    case 'dict': {
      const options = keywordsOf(dictCodeOf(spec));
      return options.length ? rng.pick(options) : null;
    }
    case 'person': {
      if (/ChannelManager/.test(name)) return staffFor(world, rng, ctx, [ROLE.channelManager]).name;
      if (/cityManager|Visitor|Reporter/.test(name))
        return staffFor(world, rng, ctx, [ROLE.cityManager]).name;
      return staffFor(world, rng, ctx, [
        ROLE.cityManager,
        ROLE.provinceManager,
        ROLE.channelManager,
        ROLE.salesOperations,
        ROLE.finance,
      ]).name;
    }
    case 'boolean':
      if (/Enabled|Allowed|Confirmed|Certified|Required|Exclude/.test(name)) return rng.chance(0.85);
      return rng.chance(0.5);
    case 'date':
      return dateFor(rng, name, ctx);
    case 'dateTime':
      return rng.timeOn(dateFor(rng, name, ctx));
    case 'number':
      return numberFor(rng, name, ctx);
    case 'price':
      return priceFor(rng, name, ctx);
    case 'percent':
      return percentFor(rng, name);
    case 'fileSize':
      return rng.int(20_000, 5_000_000);
    case 'file':
      return `/files/demo/${ctx.resource}/${name}-${ctx.index + 1}.pdf`;
    case 'commitmentLetter':
      return poolNumber(world, rng, 'CN').no;
    case 'longText':
      return phraseFor(rng, name, ctx);
    default:
      return textFor(world, rng, name, ctx);
  }
}

/** Login-and-name pairs that must name the same person. */
const PAIRS: [string, string][] = [
  ['cityManagerName', 'cityManagerCode'],
  ['ReporterName', 'ReporterCode'],
  ['VisitorName', 'VisitorCode'],
  ['UploaderName', 'UploaderCode'],
];

/**
 * Every field of the resource that has no column of its own, filled by kind — so a field the
 * catalogue gains later gets demo values without a change here. `skip` leaves fields to the caller.
 */
export function fillFields(
  world: DemoWorld,
  rng: Random,
  def: ResourceDef,
  ctx: FillContext,
  skip: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const spec of def.fields.values()) {
    if (def.storage.columns[spec.name] || skip.has(spec.name)) continue;
    const value = valueFor(world, rng, spec, ctx);
    if (value !== null && value !== undefined) data[spec.name] = value;
  }
  for (const [nameField, codeField] of PAIRS) {
    if (!(nameField in data && codeField in data)) continue;
    const staff = staffFor(world, rng, ctx, [ROLE.cityManager]);
    data[nameField] = staff.name;
    data[codeField] = staff.username;
  }
  harmonise(rng, data);
  return data;
}
