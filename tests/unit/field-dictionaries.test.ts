import { describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';

/**
 * A field of a resource draws from one dictionary in every form that shows it: the server accepts the
 * options of the form's dictionary (the highest-ranked declaration wins) and the demo fills it from the
 * same, so a detail page naming a wider dictionary would let a city manager's task be an RSP task.
 */
describe('the dictionary of a form field', () => {
  it('is the same in every form of its resource', () => {
    const seen = new Map<string, Set<string>>();
    for (const page of pages) {
      // An order's entry forms are one per order type, each with its type's options, and its own commands
      // check a field by the order's type (server/orders), not the generic engine.
      if (!page.resource || page.resource === 'order') continue;
      for (const field of page.fields ?? []) {
        if (!field.dict) continue;
        const key = `${page.resource}.${field.field}`;
        if (!seen.has(key)) seen.set(key, new Set());
        seen.get(key)?.add(field.dict);
      }
    }
    const mixed = [...seen]
      .filter(([, dicts]) => dicts.size > 1)
      .map(([key, dicts]) => `${key}: ${[...dicts].join(', ')}`);
    expect(mixed).toEqual([]);
  });
});
