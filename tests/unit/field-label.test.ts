import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { fieldLabel } from '../../views/kit/labels';

const i18n = rosetta<Record<string, unknown>>({ en: en as Record<string, unknown> });
i18n.locale('en');
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

describe('a field label', () => {
  it('is the resource own label, then the shared one, then the name', () => {
    expect(fieldLabel(t, 'product', 'pn')).not.toBe('pn');
    expect(fieldLabel(t, 'product', 'NoSuchField')).toBe('NoSuchField');
  });

  it('of a field named like an inherited member is its name, not that member', () => {
    for (const name of ['constructor', 'hasOwnProperty', 'toString', '__proto__', 'valueOf'])
      expect(fieldLabel(t, 'product', name)).toBe(name);
  });
});
