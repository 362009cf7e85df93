import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';

/** Every key path of a message tree, leaves only. */
function keyPaths(tree: unknown, path: string[] = []): string[][] {
  if (!tree || typeof tree !== 'object') return [path];
  return Object.entries(tree).flatMap(([key, value]) => keyPaths(value, [...path, key]));
}

/**
 * Messages are looked up by dotted paths (`orderApproval.page.events.approval.agree`), so a key that
 * holds a dot itself can never be found: the person would read the key instead of its words.
 */
describe('the locales', () => {
  it('hold no key with a dot in it, in either language', () => {
    for (const messages of [zh, en]) {
      const dotted = keyPaths(messages).filter((path) => path.some((key) => key.includes('.')));
      expect(dotted.map((path) => path.join(' › '))).toEqual([]);
    }
  });

  it('find an order approval history event by the event type the workflow records', () => {
    const i18n = rosetta({ zh, en });
    expect(i18n.t('orderApproval.page.events.approval.agree', {}, 'zh')).toBe('同意');
    expect(i18n.t('orderChanges.page.events.change.submit', {}, 'en')).not.toBe('');
  });
});
