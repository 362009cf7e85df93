import type { Translate } from '../app-context';

/** A field's label: the resource's own (field.<resource>.<Field>), else the shared one, else the name. */
export function fieldLabel(t: Translate, resource: string | undefined, field: string): string {
  // A name every object inherits (constructor, hasOwnProperty...) would find that member, not a label.
  if (field in Object.prototype || field === 'prototype') return field;
  const own = resource ? t(`field.${resource}.${field}`) : '';
  if (own && own !== `field.${resource}.${field}`) return own;
  const shared = t(`field.common.${field}`);
  return shared && shared !== `field.common.${field}` ? shared : field;
}
