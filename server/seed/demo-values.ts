import { fenToYuanString } from '../../domain/money';
import { ROLE } from '../identity/roles';
import type { FieldSpec } from '../resources/fields';
import type { ResourceDef } from '../resources/registry';
import { harmonise } from './demo-coherence';
import { poolNumber, staffFor, textFor } from './demo-text';
import { type DemoWorld, type FillContext, keywordsOf } from './demo-world';
import { addDays, notAfterToday, type Random } from './random';
import { storyTable } from './story-data';

/** The dictionary a dict field draws from: its own code, else one named like the field (OrderChannel). */
export const dictCodeOf = (spec: FieldSpec) => spec.dict ?? spec.name;

/** The ranges fields are drawn from by kind and name (stories/field-ranges.tsv): the first that matches. */
const RANGES = storyTable('field-ranges').map((r) => {
  const [low, high, step] = [r.low, r.high, r.step || 1].map(Number);
  return { kind: r.kind, fields: new RegExp(r.fields), low, high, step, days: r.days };
});
const rangeOf = (kind: string, name: string) => RANGES.find((r) => r.kind === kind && r.fields.test(name));
const drawIn = (rng: Random, r: (typeof RANGES)[number], scale = 1) => rng.int(r.low * scale, r.high * scale);

/** A date some days after (or before) the record's day, as its row of stories/field-ranges.tsv says. */
function dateFor(rng: Random, name: string, ctx: FillContext): string {
  const range = rangeOf('date', name)!;
  const days = drawIn(rng, range);
  const day = addDays(ctx.day, range.days === 'before' ? -days : days);
  return range.days === 'notAfterToday' ? notAfterToday(day) : day;
}

/** Prices follow the product (list prices as they are, others discounted), other amounts their range. */
function priceFor(rng: Random, name: string, ctx: FillContext): string {
  if (/Price/.test(name)) {
    const discount = /Standard|List/.test(name) ? 100 : rng.int(72, 98);
    return fenToYuanString(Math.round((ctx.product.priceFen * discount) / 100));
  }
  const range = rangeOf('amount', name);
  if (!range) return fenToYuanString(rng.int(1_000_000, 300_000_000));
  return fenToYuanString(Math.round(drawIn(rng, range) / range.step) * range.step * 100);
}

/** A plausible value for a field, by its kind (and name); null leaves the field out. */
function valueFor(world: DemoWorld, rng: Random, spec: FieldSpec, ctx: FillContext): unknown {
  const name = spec.name;
  switch (spec.kind) {
    case 'dict': {
      const options = keywordsOf(dictCodeOf(spec));
      return options.length ? rng.pick(options) : null;
    }
    case 'boolean':
      return rng.chance(rangeOf('boolean', name)!.low);
    case 'date':
      return dateFor(rng, name, ctx);
    case 'dateTime':
      return rng.timeOn(dateFor(rng, name, ctx));
    case 'number':
      return /Year/.test(name) ? Number(ctx.day.slice(0, 4)) : drawIn(rng, rangeOf('number', name)!);
    case 'price':
      return priceFor(rng, name, ctx);
    case 'percent':
      return drawIn(rng, rangeOf('percent', name)!, 100) / 100;
    case 'fileSize':
      return rng.int(20_000, 5_000_000);
    case 'file':
      return `/files/demo/${ctx.resource}/${name}-${ctx.index + 1}.pdf`;
    case 'commitmentLetter':
      return poolNumber(world, rng, 'CN').no;
    case 'person':
    case 'longText':
      return textFor(world, rng, name, ctx, spec.kind);
    default:
      return textFor(world, rng, name, ctx);
  }
}

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
  // A city manager named by name and by login is one person.
  if ('cityManagerName' in data && 'cityManagerCode' in data) {
    const staff = staffFor(world, rng, ctx, [ROLE.cityManager]);
    Object.assign(data, { cityManagerName: staff.name, cityManagerCode: staff.username });
  }
  harmonise(rng, data);
  return data;
}
