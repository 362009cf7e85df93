import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PortalServerRow, PortalServersAnswer } from '../../domain/servers';
import { serversMachine } from '../../machines/admin/servers.machine';

const server = (instance: string, more: Partial<PortalServerRow> = {}): PortalServerRow => ({
  Instance: instance,
  Host: 'machine-a',
  Pid: 4242,
  StartedOn: '2026-11-28T08:00:00+08:00',
  SeenOn: '2026-11-28T10:00:00+08:00',
  Draining: false,
  FileStore: 'local',
  SharesFiles: true,
  Self: false,
  ...more,
});

/** 系统管理 › 服务器 against a fake server: each call answers the next of `answers` (an Error is a refusal). */
function start(answers: (PortalServersAnswer | Error)[]) {
  const emitted: string[] = [];
  let calls = 0;
  const actor = createActor(
    serversMachine.provide({
      actors: {
        listServers: fromPromise(async () => {
          const answer = answers[Math.min(calls, answers.length - 1)];
          calls += 1;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
  );
  actor.on('notify', (e) => emitted.push(`${e.severity}: ${e.message}`));
  actor.start();
  return { actor, emitted, calls: () => calls };
}

describe('the servers page', () => {
  it('lists the servers, then the live ones again on a refresh, one refresh at a time', async () => {
    const self = server('a#1', { Self: true });
    const other = server('b#2', { Host: 'machine-b', SharesFiles: false });
    const { actor, calls } = start([{ Servers: [self] }, { Servers: [self, other] }]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.servers).toEqual([self]);
    actor.send({ type: 'servers.reload' });
    actor.send({ type: 'servers.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // The rows stay on screen while the refresh runs.
    expect(actor.getSnapshot().context.servers).toEqual([self]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls()).toBe(2);
    expect(actor.getSnapshot().context.servers.map((s) => [s.Instance, s.SharesFiles])).toEqual([
      ['a#1', true],
      ['b#2', false],
    ]);
  });

  it('says why the list could not be read, and reads it again on a refresh', async () => {
    const { actor } = start([
      new Error('没有访问该功能的权限'),
      { Servers: [server('a#1', { Self: true })] },
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('没有访问该功能的权限');
    actor.send({ type: 'servers.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ failure: undefined, servers: [{ Instance: 'a#1' }] });
  });

  it('keeps the rows and says why when a refresh is refused', async () => {
    const rows = [server('a#1', { Self: true })];
    const { actor, emitted } = start([{ Servers: rows }, new Error('app.errors.network')]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'servers.reload' });
    await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('busy'));
    await waitFor(actor, () => emitted.length > 0);
    expect(actor.getSnapshot().context.servers).toEqual(rows);
    expect(emitted).toEqual(['error: app.errors.network']);
  });
});
