import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createPageActorRegistry, machineOf } from '../../machines/viewer/page-actors';

const lamp = createMachine({ id: 'lamp', initial: 'off', states: { off: { on: { toggle: 'on' } }, on: {} } });

/** The live tab's list of the open tabs' page actors (views/shell/page-actor-hooks.ts fills it). */
describe('the page actors of the open tabs', () => {
  it('lists a page’s machine with its tab while it runs, and drops it when the page goes', () => {
    const registry = createPageActorRegistry();
    let changes = 0;
    registry.subscribe(() => changes++);
    const actor = createActor(lamp).start();
    const remove = registry.add(actor, '/orders/list', 'orders.list');
    const [entry] = registry.list();
    expect(entry).toMatchObject({
      tab: '/orders/list',
      pageId: 'orders.list',
      key: `page:${actor.sessionId}`,
    });
    expect(machineOf(entry).id).toBe('lamp');
    expect(registry.find(entry.key)?.actor).toBe(actor);
    remove();
    expect(registry.list()).toEqual([]);
    expect(changes).toBe(2);
  });

  it('leaves out an actor that is not a statechart, which the viewer cannot draw', () => {
    const registry = createPageActorRegistry();
    registry.add(createActor(fromPromise(async () => 1)), '/x', 'x');
    expect(registry.list()).toEqual([]);
  });
});
