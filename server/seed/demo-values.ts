import { ROLE } from '../identity/roles';
import type { FieldSpec } from '../resources/fields';
import type { ResourceDef } from '../resources/registry';
import { harmonise } from './demo-coherence';
import { staffFor, textFor } from './demo-text';
import type { DemoWorld, FillContext } from './demo-world';
import type { Random } from './random';

/** Kinds whose values are numbers; a yes/no field's text is `true` or `false`; an empty text leaves the field out. */
const NUMBERS = new Set(['number', 'percent', 'fileSize']);

/** A plausible value for a field, by its kind and name (stories/field-texts.tsv and field-ranges.tsv). */
function valueFor(world: DemoWorld, rng: Random, spec: FieldSpec, ctx: FillContext): unknown {
  const text = textFor(world, rng, spec, ctx);
  if (spec.kind === 'boolean') return text === 'true';
  if (spec.kind === 'dateTime') return rng.timeOn(text);
  return NUMBERS.has(spec.kind) ? Number(text) : text || null;
}

/**
 * Every field of the resource that has no column of its own, filled by kind and name as the field tables
 * say — so a field the catalogue gains later gets demo values without a change here.
 */
export function fillFields(world: DemoWorld, rng: Random, def: ResourceDef, ctx: FillContext) {
  const data: Record<string, unknown> = {};
  for (const spec of [...def.fields.values()].filter((field) => !def.storage.columns[field.name])) {
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
