import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cacheAdminMachine } from '../../machines/admin/cache-admin.machine';

/** The clear action of the cache configuration page, against a fake server. */
function start(answer: () => Promise<string>) {
  const cleared: string[] = [];
  const emitted: string[] = [];
  const actor = createActor(
    cacheAdminMachine.provide({
      actors: {
        clearCache: fromPromise<string, { key: string }>(async ({ input }) => {
          cleared.push(input.key);
          return answer();
        }),
      },
    }),
  );
  actor.on('notify', (e) => emitted.push(`${e.severity}: ${e.message}`));
  actor.on('rows.changed', () => emitted.push('rows.changed'));
  actor.start();
  return { actor, cleared, emitted };
}

describe('the cache clear action', () => {
  it('clears the chosen cache, says so and reads the list again', async () => {
    const { actor, cleared, emitted } = start(async () => '已清空缓存“数据字典”');
    actor.send({ type: 'cache.clear', key: 'dictionary' });
    expect(actor.getSnapshot().context.clearing).toBe('dictionary');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second clear while the first is under way is not sent.
    actor.send({ type: 'cache.clear', key: 'roleMenu' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(cleared).toEqual(['dictionary']);
    expect(emitted).toEqual(['success: 已清空缓存“数据字典”', 'rows.changed']);
    expect(actor.getSnapshot().context.clearing).toBeUndefined();
  });

  it("shows the server's refusal and is ready for the next clear", async () => {
    const { actor, emitted } = start(async () => {
      throw new Error('没有访问该功能的权限');
    });
    actor.send({ type: 'cache.clear', key: 'dictionary' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(emitted).toEqual(['error: 没有访问该功能的权限', 'rows.changed']);
    expect(actor.getSnapshot().can({ type: 'cache.clear', key: 'roleMenu' })).toBe(true);
  });
});
