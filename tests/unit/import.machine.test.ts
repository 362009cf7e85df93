import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ImportAnswer } from '../../domain/import-answer';
import { type ImportEvent, importMachine, type TemplateFile } from '../../machines/kit/import.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const file = (name: string) => new File(['x'], name);
const answer = (rejected: number): ImportAnswer => ({
  ImportID: 'i',
  FileName: 'stock.xlsx',
  TotalCount: 3,
  SuccessCount: rejected ? 0 : 3,
  FailCount: rejected,
  Committed: rejected === 0,
  AddedCount: rejected ? 0 : 3,
  ReplacedCount: 0,
  UnchangedCount: 0,
  Rejected: rejected ? [{ Row: 3, Reasons: ['closing'] }] : [],
  ...(rejected ? { RejectedFile: '/portal/import/rejected-rows/i' } : {}),
});

/** The import machine with a server the test answers by hand. */
function start() {
  const sent: { name: string; reply: (event: ImportEvent) => void }[] = [];
  const saved: string[] = [];
  const opened: string[] = [];
  const imported: number[] = [];
  const actor = createActor(
    importMachine.provide({
      actors: {
        sendImport: fromCallback<ImportEvent, { file: File; pageId: string }>(({ input, sendBack }) => {
          sent.push({ name: input.file.name, reply: sendBack });
          return () => {};
        }),
        fetchTemplate: fromPromise<TemplateFile, string>(async ({ input }) => ({
          Title: `${input}.xlsx`,
          MimeType: 'x',
          Binary: '',
        })),
        resolveRejected: fromPromise<string, string>(async ({ input }) => `${input}/file`),
      },
      actions: {
        saveFile: (_, f) => saved.push(f.Title),
        openUrl: (_, url) => opened.push(url),
      },
    }),
    { input: { pageId: 'report.distributorStockReport' } },
  );
  actor.on('imported', () => imported.push(1));
  actor.start();
  return { actor, sent, saved, opened, imported };
}

describe('the list import machine', () => {
  it('sends a chosen file with its progress, shows refused rows, then imports the fixed file', async () => {
    const { actor, sent, opened, imported } = start();
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().hasTag('busy'), 'nothing to send without a file').toBe(false);
    actor.send({ type: 'file.choose', file: file('bad.xlsx') });
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    sent[0].reply({ type: 'import.progress', percent: 60 });
    expect(actor.getSnapshot().context.progress).toBe(60);
    // Once the bytes are sent, the server's rows and percent drive the bar.
    sent[0].reply({ type: 'import.progress', percent: 100 });
    sent[0].reply({ type: 'import.checked', rows: 500, percent: 25 });
    expect(actor.getSnapshot().context.checked).toEqual({ rows: 500, percent: 25 });
    sent[0].reply({ type: 'import.done', answer: answer(1) });
    expect(actor.getSnapshot().matches({ upload: 'rejected' })).toBe(true);
    expect(imported).toHaveLength(0);
    actor.send({ type: 'rejected.download' });
    await settle();
    expect(opened).toEqual(['/portal/import/rejected-rows/i/file']);

    actor.send({ type: 'file.choose', file: file('fixed.xlsx') });
    actor.send({ type: 'import.start' });
    expect(
      actor.getSnapshot().context.answer,
      'the old verdict goes while the new file is sent',
    ).toBeUndefined();
    sent[1].reply({ type: 'import.done', answer: answer(0) });
    expect(actor.getSnapshot().matches({ upload: 'committed' })).toBe(true);
    expect(imported).toHaveLength(1);
    expect(sent.map((s) => s.name)).toEqual(['bad.xlsx', 'fixed.xlsx']);
  });

  it('keeps the file after a refused upload, and downloads the template meanwhile', async () => {
    const { actor, sent, saved } = start();
    actor.send({ type: 'template.download' });
    await settle();
    expect(saved).toEqual(['report.distributorStockReport.xlsx']);
    actor.send({ type: 'file.choose', file: file('broken.xlsx') });
    actor.send({ type: 'import.start' });
    sent[0].reply({ type: 'import.fail', message: 'not a workbook' });
    const s = actor.getSnapshot();
    expect(s.context.error).toBe('not a workbook');
    expect(s.can({ type: 'import.start' }), 'the same file can be sent again').toBe(true);
    expect(s.can({ type: 'rejected.download' }), 'no rejected rows without a verdict').toBe(false);
  });
});
