import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type Notices, noticesMachine } from '../../machines/shell/notices.machine';

/** A bell whose server answers each read when the test says so, and keeps what was marked read. */
function bell() {
  const marked: string[][] = [];
  const pendingLoads: (() => void)[] = [];
  const list = (unread: number): Notices => ({ Unread: unread, Notices: [] });
  const actor = createActor(
    noticesMachine.provide({
      actors: {
        loadNotices: fromPromise<Notices>(
          () => new Promise((resolve) => pendingLoads.push(() => resolve(list(3)))),
        ),
        markRead: fromPromise<Notices, string[]>(async ({ input }) => {
          marked.push(input);
          return list(3 - marked.flat().length);
        }),
      },
    }),
  );
  actor.start();
  const answerLoads = () => {
    for (const answer of pendingLoads.splice(0)) answer();
  };
  return { actor, marked, answerLoads };
}

const settled = (actor: ReturnType<typeof bell>['actor']) =>
  new Promise<void>((resolve) => {
    const check = () => actor.getSnapshot().matches('idle') && resolve();
    actor.subscribe(check);
    check();
  });

describe('notice bell statechart', () => {
  it('marks a notice opened while the list is still being read again', async () => {
    const b = bell();
    b.answerLoads();
    await settled(b.actor);
    // Opening the bell reads the list again; the person opens a notice before the answer comes.
    b.actor.send({ type: 'notices.reload' });
    b.actor.send({ type: 'notices.read', ids: ['n1'] });
    b.answerLoads();
    await settled(b.actor);
    expect(b.marked).toEqual([['n1']]);
    expect(b.actor.getSnapshot().context.Unread).toBe(2);
  });

  it('marks a second notice opened while the first is being marked', async () => {
    const b = bell();
    b.answerLoads();
    await settled(b.actor);
    b.actor.send({ type: 'notices.read', ids: ['n1'] });
    b.actor.send({ type: 'notices.read', ids: ['n2'] });
    await settled(b.actor);
    expect(b.marked).toEqual([['n1'], ['n2']]);
    expect(b.actor.getSnapshot().context.Unread).toBe(1);
  });

  it('marks nothing when nothing is chosen', async () => {
    const b = bell();
    b.answerLoads();
    await settled(b.actor);
    b.actor.send({ type: 'notices.read', ids: [] });
    expect(b.actor.getSnapshot().matches('idle')).toBe(true);
    expect(b.marked).toEqual([]);
  });
});
