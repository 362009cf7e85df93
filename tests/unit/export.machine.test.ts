import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { EXPORT_COOLDOWN_S } from '../../domain/constants';
import {
  type ExportMode,
  type ExportRequest,
  exportMachine,
  exportParamsOf,
} from '../../machines/kit/export.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An export button whose server answers `answer` (or refuses), on a clock the test turns. */
function button(mode: ExportMode, answer: () => Promise<string>) {
  const requests: ExportRequest[] = [];
  const opened: string[] = [];
  const notices: { severity: string; message: string }[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    exportMachine.provide({
      actors: {
        runExport: fromPromise<string, ExportRequest>(({ input }) => {
          requests.push(input);
          return answer();
        }),
      },
      actions: { openUrl: (_, { url }) => opened.push(url) },
    }),
    { input: { configCode: 'OwnLineOrderExport', mode }, clock },
  );
  actor.on('notify', (e) => notices.push({ severity: e.severity, message: e.message }));
  actor.start();
  return { actor, clock, requests, opened, notices };
}

const params = { OrderNo: 'DD2026', sort: '-OrderDate' };

describe('export button statechart', () => {
  it('starts a job export with the list parameters, says so, and locks the button for 30 s', async () => {
    const b = button('job', async () => '正在导出文件中,请稍候点击导出日志下载文件');
    b.actor.send({ type: 'export.request', params });
    expect(b.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(b.requests).toEqual([{ configCode: 'OwnLineOrderExport', mode: 'job', params }]);
    await settle();

    const cooling = b.actor.getSnapshot();
    expect(cooling.value).toBe('coolingDown');
    expect(cooling.hasTag('locked')).toBe(true);
    expect(cooling.context.remaining).toBe(EXPORT_COOLDOWN_S);
    expect(b.notices).toEqual([{ severity: 'success', message: 'kitExport.started' }]);
    expect(b.opened).toEqual([]);

    b.clock.increment(1000);
    expect(b.actor.getSnapshot().context.remaining).toBe(29);
    b.actor.send({ type: 'export.request', params });
    expect(b.requests, 'a locked button exports nothing').toHaveLength(1);

    // The simulated clock fires the timers due at the moment it is turned to, a second at a time here.
    for (let second = 0; second < 28; second++) b.clock.increment(1000);
    expect(b.actor.getSnapshot().context.remaining).toBe(1);
    expect(b.actor.getSnapshot().value).toBe('coolingDown');
    b.clock.increment(1000);
    expect(b.actor.getSnapshot().value).toBe('ready');
    expect(b.actor.getSnapshot().context.remaining).toBe(0);

    b.actor.send({ type: 'export.request', params: {} });
    expect(b.requests).toHaveLength(2);
  });

  it("shows a job's rows written and its percent as the server reports them, until its file is ready", async () => {
    const b = button('job', async () => 'job-1');
    b.actor.send({ type: 'export.request', params });
    await settle();
    expect(b.actor.getSnapshot().context).toMatchObject({ progress: 0, exportedRows: 0 });
    b.actor.send({ type: 'export.progress', percent: 12.7, rows: 1_500 });
    expect(b.actor.getSnapshot().context).toMatchObject({ progress: 12, exportedRows: 1_500 });
    // A report without its rows keeps the rows last said.
    b.actor.send({ type: 'export.progress', percent: 40 });
    expect(b.actor.getSnapshot().context).toMatchObject({ progress: 40, exportedRows: 1_500 });
    b.actor.send({ type: 'export.finished', ok: true });
    expect(b.actor.getSnapshot().context.progress).toBeUndefined();
    expect(b.actor.getSnapshot().context.exportedRows).toBeUndefined();
    expect(b.notices.at(-1)).toEqual({ severity: 'success', message: 'kitExport.finished' });
  });

  it('opens the URL of a sync export in the same window, then cools down', async () => {
    const url = '/portal/excelExport/download/1?token=k';
    const b = button('sync', async () => url);
    b.actor.send({ type: 'export.request', params });
    await settle();
    expect(b.opened).toEqual([url]);
    expect(b.notices).toEqual([]);
    expect(b.actor.getSnapshot().value).toBe('coolingDown');
  });

  it("refuses an empty URL with '导出地址为空，无法下载文件' and no cooldown", async () => {
    const b = button('sync', async () => '  ');
    b.actor.send({ type: 'export.request', params });
    await settle();
    expect(b.opened).toEqual([]);
    expect(b.notices).toEqual([{ severity: 'error', message: 'kitExport.emptyUrl' }]);
    expect(b.actor.getSnapshot().value).toBe('ready');
  });

  it('returns to ready with the error after a refused export, so it can be tried again at once', async () => {
    const b = button('job', async () => {
      throw new Error('没有访问该功能的权限');
    });
    b.actor.send({ type: 'export.request', params });
    await settle();
    expect(b.actor.getSnapshot().value).toBe('ready');
    expect(b.actor.getSnapshot().context.error).toBe('没有访问该功能的权限');
    expect(b.notices).toEqual([]);
    b.actor.send({ type: 'export.request', params });
    expect(b.actor.getSnapshot().context.error).toBeUndefined();
    expect(b.requests).toHaveLength(2);
  });
});

describe('exportParamsOf', () => {
  it('sends the applied filters without empty ones, and the sort as the list sends it', () => {
    expect(
      exportParamsOf({
        filters: { OrderNo: 'DD', AgentName: '', Status: undefined, ApprovalStatus: '121' },
        sort: { field: 'OrderDate', descending: true },
      }),
    ).toEqual({ OrderNo: 'DD', ApprovalStatus: '121', sort: '-OrderDate' });
    expect(exportParamsOf({ filters: {}, sort: { field: 'OrderNo', descending: false } })).toEqual({
      sort: 'OrderNo',
    });
    expect(exportParamsOf({ filters: { OrderNo: 'DD' } })).toEqual({ OrderNo: 'DD' });
  });
});
