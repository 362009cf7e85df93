import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recordMachine } from '../../machines/kit/record.machine';
import { cachedRow, cacheRow, sessionRowNameOf } from '../../machines/kit/row-cache';
import type { WireRecord } from '../../services/resource.service';

// Node has no sessionStorage; a Map-backed one behaves the same for what the cache uses.
function installSessionStorage() {
  const items = new Map<string, string>();
  globalThis.sessionStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  } as Storage;
}

describe('detail rows kept under sessionRowName', () => {
  beforeEach(installSessionStorage);

  it('gives back the kept row only for the record asked for', () => {
    const name = sessionRowNameOf('customer');
    cacheRow(name, { ObjectID: 'a1', CustomerName: '南京恒信科技' });
    expect(cachedRow(name, 'a1')).toMatchObject({ CustomerName: '南京恒信科技' });
    expect(cachedRow(name, 'b2')).toBeUndefined();
    expect(cachedRow(undefined, 'a1')).toBeUndefined();
    expect(cachedRow('otherRow', 'a1')).toBeUndefined();
  });

  it('shows the kept row while loading, then the fresh copy replaces it', async () => {
    let answer: (row: WireRecord) => void = () => {};
    const logic = recordMachine.provide({
      actors: {
        loadRecord: fromPromise(() => new Promise<WireRecord>((resolve) => (answer = resolve))),
      },
    });
    const actor = createActor(logic, {
      input: {
        objectId: 'a1',
        action: 'detail',
        fields: [],
        dictionaryCodes: [],
        cached: { ObjectID: 'a1', CustomerName: 'old name' },
      },
    }).start();
    await waitFor(actor, (s) => s.matches('loading'));
    expect(actor.getSnapshot().context.values.CustomerName).toBe('old name');
    answer({ ObjectID: 'a1', CustomerName: 'new name' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context.values.CustomerName).toBe('new name');
  });
});
