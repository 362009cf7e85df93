import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ExportStatus } from '../../domain/codes/base.codes';
import { exportLogMachine, LOG_REFRESH_MS, type LogQuery } from '../../machines/kit/export-log.machine';
import type { ExportFile, ExportLogRow } from '../../services/export.service';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const row = (id: string, status: string, done = 0): ExportLogRow => ({
  ObjectID: id,
  configCode: 'OwnLineOrderExport',
  configName: '自有品牌订单查询',
  status,
  statusName: status === ExportStatus.exporting ? '导出中' : '已完成',
  createName: '系统管理员',
  createdTime: '2026-05-15T06:30:12.000Z',
  finishedTime: null,
  total: 2000,
  done,
  file: status === ExportStatus.completed ? `${id}.xlsx` : null,
  error: null,
});
const file: ExportFile = { MimeType: 'application/xlsx', Binary: 'UEsDBA==', Title: 'a.xlsx' };

/** A log whose server answers the pages in turn (the last one again once they run out). */
function exportLog(
  pages: (() => Promise<{ rows: ExportLogRow[]; total: number }>)[],
  download?: () => Promise<ExportFile>,
) {
  const queries: LogQuery[] = [];
  const files: string[] = [];
  const saved: ExportFile[] = [];
  const notices: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    exportLogMachine.provide({
      actors: {
        fetchLog: fromPromise<{ rows: ExportLogRow[]; total: number }, LogQuery>(({ input }) => {
          queries.push(input);
          return pages[Math.min(queries.length - 1, pages.length - 1)]();
        }),
        fetchFile: fromPromise<ExportFile, string>(({ input }) => {
          files.push(input);
          return download ? download() : Promise.resolve(file);
        }),
      },
      actions: { saveFile: (_, f) => saved.push(f) },
    }),
    { input: { configCode: 'OwnLineOrderExport' }, clock },
  );
  actor.on('notify', (e) => notices.push(e.message));
  actor.start();
  return { actor, clock, queries, files, saved, notices };
}

describe('export log statechart', () => {
  it("loads the page's jobs when opened and stays still while nothing is exporting", async () => {
    const log = exportLog([async () => ({ rows: [row('a', ExportStatus.completed)], total: 1 })]);
    expect(log.actor.getSnapshot().value).toBe('closed');
    log.actor.send({ type: 'log.open' });
    expect(log.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(log.queries).toEqual([{ configCode: 'OwnLineOrderExport', currentPage: 1, pageSize: 10 }]);
    expect(log.actor.getSnapshot().matches({ open: { shown: 'idle' } })).toBe(true);
    expect(log.actor.getSnapshot().context.rows).toHaveLength(1);
    log.clock.increment(LOG_REFRESH_MS * 3);
    expect(log.queries).toHaveLength(1);
  });

  it('refreshes every 2 s while a job is exporting, and stops once it completed', async () => {
    const log = exportLog([
      async () => ({ rows: [row('a', ExportStatus.exporting, 0)], total: 1 }),
      async () => ({ rows: [row('a', ExportStatus.exporting, 1000)], total: 1 }),
      async () => ({ rows: [row('a', ExportStatus.completed, 2000)], total: 1 }),
    ]);
    log.actor.send({ type: 'log.open' });
    await settle();
    expect(log.actor.getSnapshot().matches({ open: { shown: 'watching' } })).toBe(true);
    log.clock.increment(LOG_REFRESH_MS - 1);
    expect(log.queries).toHaveLength(1);
    log.clock.increment(1);
    await settle();
    expect(log.queries).toHaveLength(2);
    expect(log.actor.getSnapshot().context.rows[0].done).toBe(1000);
    log.clock.increment(LOG_REFRESH_MS);
    await settle();
    expect(log.actor.getSnapshot().context.rows[0].status).toBe(ExportStatus.completed);
    expect(log.actor.getSnapshot().matches({ open: { shown: 'idle' } })).toBe(true);
    log.clock.increment(LOG_REFRESH_MS * 2);
    expect(log.queries).toHaveLength(3);
  });

  it('stops refreshing when closed', async () => {
    const log = exportLog([async () => ({ rows: [row('a', ExportStatus.exporting)], total: 1 })]);
    log.actor.send({ type: 'log.open' });
    await settle();
    log.actor.send({ type: 'log.close' });
    log.clock.increment(LOG_REFRESH_MS * 2);
    expect(log.queries).toHaveLength(1);
    expect(log.actor.getSnapshot().value).toBe('closed');
  });

  it('downloads a finished file through a named action', async () => {
    const log = exportLog([async () => ({ rows: [row('a', ExportStatus.completed)], total: 1 })]);
    log.actor.send({ type: 'log.open' });
    await settle();
    log.actor.send({ type: 'file.download', file: 'a.xlsx' });
    expect(log.actor.getSnapshot().matches({ open: 'downloading' })).toBe(true);
    await settle();
    expect(log.files).toEqual(['a.xlsx']);
    expect(log.saved).toEqual([file]);
    expect(log.notices).toEqual([]);
    expect(log.actor.getSnapshot().matches({ open: { shown: 'idle' } })).toBe(true);
  });

  it("says '文件下载失败！' when the file cannot be fetched", async () => {
    const log = exportLog(
      [async () => ({ rows: [row('a', ExportStatus.completed)], total: 1 })],
      async () => {
        throw new Error('gone');
      },
    );
    log.actor.send({ type: 'log.open' });
    await settle();
    log.actor.send({ type: 'file.download', file: 'a.xlsx' });
    await settle();
    expect(log.saved).toEqual([]);
    expect(log.notices).toEqual(['kitExport.downloadFailed']);
    expect(log.actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
  });

  it('keeps a failed load on screen until the person asks again', async () => {
    let fail = true;
    const log = exportLog([
      async () => {
        if (fail) throw new Error('网络异常');
        return { rows: [], total: 0 };
      },
    ]);
    log.actor.send({ type: 'log.open' });
    await settle();
    expect(log.actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(log.actor.getSnapshot().context.error).toBe('网络异常');
    fail = false;
    log.actor.send({ type: 'log.refresh' });
    await settle();
    expect(log.actor.getSnapshot().matches({ open: { shown: 'idle' } })).toBe(true);
    expect(log.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('turns pages within the total and starts again at page 1 when reopened', async () => {
    const log = exportLog([async () => ({ rows: [row('a', ExportStatus.completed)], total: 15 })]);
    log.actor.send({ type: 'log.open' });
    await settle();
    log.actor.send({ type: 'page.change', page: 3 });
    expect(log.queries).toHaveLength(1);
    log.actor.send({ type: 'page.change', page: 2 });
    await settle();
    expect(log.queries.at(-1)?.currentPage).toBe(2);
    log.actor.send({ type: 'log.close' });
    log.actor.send({ type: 'log.open' });
    await settle();
    expect(log.queries.at(-1)?.currentPage).toBe(1);
  });
});
