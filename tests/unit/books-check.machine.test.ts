import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BooksCheckAnswer, BooksCheckRun } from '../../domain/books';
import { booksCheckMachine } from '../../machines/admin/books-check.machine';

const run = (startedOn: string, violations = 0): BooksCheckRun => ({
  StartedOn: startedOn,
  Seconds: 0.4,
  Trigger: 'manual',
  RunByName: '管理员',
  Violations: violations,
  Rules: [],
});

/** 系统管理 › 账务核对 against a fake server: the last check, then a check now. */
function start(last: BooksCheckAnswer, now: () => Promise<BooksCheckAnswer>) {
  const emitted: string[] = [];
  let checks = 0;
  const actor = createActor(
    booksCheckMachine.provide({
      actors: {
        lastCheck: fromPromise(async () => last),
        runCheck: fromPromise(async () => {
          checks += 1;
          return now();
        }),
      },
    }),
  );
  actor.on('notify', (e) => emitted.push(`${e.severity}: ${e.message}`));
  actor.start();
  return { actor, emitted, checks: () => checks };
}

describe('the books check page', () => {
  it('shows the last check, then the one made now, one check at a time', async () => {
    const { actor, checks } = start({ LastRun: run('2026-11-28T02:30:00+08:00') }, async () => ({
      LastRun: run('2026-11-28T10:00:00+08:00', 2),
    }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.run?.StartedOn).toBe('2026-11-28T02:30:00+08:00');
    actor.send({ type: 'books.run' });
    actor.send({ type: 'books.run' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(checks()).toBe(1);
    expect(actor.getSnapshot().context.run).toMatchObject({
      StartedOn: '2026-11-28T10:00:00+08:00',
      Violations: 2,
    });
  });

  it('keeps the last check and says why when a check now is refused', async () => {
    const { actor, emitted } = start({ LastRun: null }, async () => {
      throw new Error('没有访问该功能的权限');
    });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.run).toBeNull();
    actor.send({ type: 'books.run' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(emitted).toEqual(['error: 没有访问该功能的权限']);
  });
});
