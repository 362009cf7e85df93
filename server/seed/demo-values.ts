import { ROLE } from '../identity/roles';
import type { FieldSpec } from '../resources/fields';
import type { ResourceDef } from '../resources/registry';
import { harmonise } from './demo-coherence';
import { staffFor, textFor } from './demo-text';
import { type DemoWorld, type FillContext, keywordsOf } from './demo-world';
import type { Random } from './random';

/** The dictionary a dict field draws from: its own code, else one named like the field (OrderChannel). */
export const dictCodeOf = (spec: FieldSpec) => spec.dict ?? spec.name;

/** Kinds whose values are numbers; a yes/no field's text is `true` or `false`. */
const NUMBERS = new Set(['number', 'percent', 'fileSize']);

/** A plausible value for a field: a dictionary's option, else its text by kind and name; null leaves it out. */
function valueFor(world: DemoWorld, rng: Random, spec: FieldSpec, ctx: FillContext): unknown {
  if (spec.kind === 'dict') {
    const options = keywordsOf(dictCodeOf(spec));
    return options.length ? rng.pick(options) : null;
  }
  const text = textFor(world, rng, spec.name, ctx, spec.kind);
  if (spec.kind === 'boolean') return text === 'true';
  if (spec.kind === 'dateTime') return rng.timeOn(text);
  return NUMBERS.has(spec.kind) ? Number(text) : text;
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
