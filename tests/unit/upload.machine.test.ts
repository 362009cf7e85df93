import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { FileAttachment } from '../../domain/files';
import { uploadMachine } from '../../machines/kit/upload.machine';
import { admit, rulesOf, typesLabel, type UploadSource } from '../../machines/kit/upload.rules';
import type { SendFileInput, UploadEmitted, UploadEvent, UploadInput } from '../../machines/kit/upload.types';
import { deferred, settle } from '../model/model-kit';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, type = ''): UploadSource => ({ name, size, type });
const attachment = (id: string, name: string, size = 10): FileAttachment => ({
  ObjectID: id,
  FileName: name,
  FileURL: `/portal/file/download/${id}`,
  Size: size,
});

/** The control with fake side effects: uploads wait for the test, calls answer as the test says. */
function start(
  input: Partial<UploadInput> = {},
  answers: { deleteFails?: boolean; downloadFails?: boolean } = {},
) {
  const sends: { input: SendFileInput; stopped: boolean; reply(e: UploadEvent): void }[] = [];
  const deletes: string[] = [];
  const downloads: string[] = [];
  const deletion = deferred<void>();
  const machine = uploadMachine.provide({
    actors: {
      sendFile: fromCallback<UploadEvent, SendFileInput>(({ input, sendBack }) => {
        const send = { input, stopped: false, reply: sendBack };
        sends.push(send);
        return () => {
          send.stopped = true;
        };
      }),
      deleteFile: fromPromise<void, string>(async ({ input }) => {
        deletes.push(input);
        await deletion.promise;
        if (answers.deleteFails) throw new Error('refused');
      }),
      resolveDownload: fromPromise<string, string>(async ({ input }) => {
        downloads.push(input);
        if (answers.downloadFails) throw new Error('403');
        return `/portal/objects/prod/x?expires=1&signature=${input.length}`;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { ownerType: 101, ownerId: 'c-1', accept: ['pdf', 'jpg'], maxSizeMb: 10, ...input },
  });
  const emitted: UploadEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as UploadEmitted));
  actor.start();
  const items = () => actor.getSnapshot().context.items.map((i) => `${i.fileName}:${i.status}`);
  const notices = () => emitted.filter((e) => e.type === 'notify');
  return { actor, sends, deletes, downloads, deletion, emitted, items, notices };
}

describe('upload control: picking and checking (SPEC §5)', () => {
  it('starts empty, or with the files the record holds', () => {
    expect(start().actor.getSnapshot().value).toBe('idle');
    const withFiles = start({ files: [attachment('f1', '执照.pdf')] });
    expect(withFiles.actor.getSnapshot().value).toBe('done');
    expect(withFiles.items()).toEqual(['执照.pdf:done']);
  });

  it('refuses each bad file with its message and queues the good ones', () => {
    const c = start({ limit: 3, files: [attachment('f1', '执照.pdf', 10)] });
    c.actor.send({
      type: 'files.select',
      files: [
        file('setup.exe'),
        file('big.pdf', 10 * MB),
        file('执照.pdf', 10),
        file('报价.pdf'),
        file('a.jpg'),
        file('b.jpg'),
      ],
    });
    expect(c.notices()).toEqual([
      { type: 'notify', severity: 'error', message: 'kitFiles.errors.format', params: { types: 'pdf/jpg' } },
      { type: 'notify', severity: 'error', message: 'kitFiles.errors.size', params: { n: 10 } },
      {
        type: 'notify',
        severity: 'error',
        message: 'kitFiles.errors.duplicate',
        params: { name: '执照.pdf' },
      },
      { type: 'notify', severity: 'error', message: 'kitFiles.errors.count', params: { limit: 3 } },
    ]);
    expect(c.items()).toEqual(['执照.pdf:done', '报价.pdf:uploading', 'a.jpg:queued']);
    expect(c.actor.getSnapshot().value).toBe('uploading');
    expect(c.actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('goes back to where it was when every picked file is refused', () => {
    const c = start();
    c.actor.send({ type: 'files.select', files: [file('a.exe')] });
    expect(c.actor.getSnapshot().value).toBe('idle');
    expect(c.sends).toHaveLength(0);
  });

  it('single mode takes one file; image mode takes images only; no accept list takes the server types', () => {
    expect(rulesOf({ multiple: false }).limit).toBe(1);
    expect(rulesOf({}).limit).toBe(20);
    expect(rulesOf({ image: true }).accept).toEqual(['image/*']);
    expect(typesLabel(rulesOf({ accept: ['.pdf', 'jpg'] }))).toBe('pdf/jpg');
    expect(typesLabel(rulesOf({}))).toContain('pdf/png/jpg');
    const single = start({ multiple: false, files: [attachment('f1', 'a.pdf')] });
    single.actor.send({ type: 'files.select', files: [file('b.pdf')] });
    expect(single.notices()[0]).toMatchObject({ message: 'kitFiles.errors.count', params: { limit: 1 } });
    const image = start({ image: true, accept: undefined });
    image.actor.send({
      type: 'files.select',
      files: [file('a.pdf', 10, 'application/pdf'), file('p.png', 10, 'image/png')],
    });
    expect(image.notices()[0]).toMatchObject({
      message: 'kitFiles.errors.format',
      params: { types: 'image/*' },
    });
    expect(image.items()).toEqual(['p.png:uploading']);
  });

  it('counts failed lines neither toward the limit nor as duplicates', () => {
    const admission = admit(
      [{ uid: 'u1', fileName: 'a.pdf', fileUrl: '', size: 5, status: 'failed', progress: 0 }],
      [file('a.pdf', 5)],
      rulesOf({ limit: 1 }),
      1,
    );
    expect(admission.refused).toEqual([]);
    expect(admission.items.map((i) => i.uid)).toEqual(['u1', 'upload-2']);
  });

  it('read-only ignores picking and deleting but still downloads', async () => {
    const c = start({ readOnly: true, files: [attachment('f1', 'a.pdf')] });
    c.actor.send({ type: 'files.select', files: [file('b.pdf')] });
    c.actor.send({ type: 'file.delete', uid: 'file-1' });
    expect(c.actor.getSnapshot().value).toBe('done');
    c.actor.send({ type: 'file.download', uid: 'file-1' });
    await settle();
    expect(c.downloads).toEqual(['/portal/file/download/f1']);
  });
});

describe('upload control: sending', () => {
  it('sends one file after another with progress and announces the uploaded list', () => {
    const c = start();
    c.actor.send({ type: 'files.select', files: [file('a.pdf', 100), file('b.pdf', 200)] });
    expect(c.sends.map((s) => s.input.source.name)).toEqual(['a.pdf']);
    expect(c.sends[0].input).toMatchObject({
      owner: { ownerType: 101, ownerId: 'c-1' },
      action: '/portal/file/uploadFile',
    });
    c.sends[0].reply({ type: 'upload.progress', percent: 40 });
    expect(c.actor.getSnapshot().context.items[0]).toMatchObject({ status: 'uploading', progress: 40 });
    c.sends[0].reply({ type: 'upload.done', objectId: 'id-a', fileUrl: '/portal/file/download/id-a' });
    expect(c.sends[0].stopped).toBe(true);
    expect(c.sends.map((s) => s.input.source.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(c.emitted).toContainEqual({ type: 'changed', files: [attachment('id-a', 'a.pdf', 100)] });
    c.sends[1].reply({ type: 'upload.done', objectId: 'id-b', fileUrl: '/portal/file/download/id-b' });
    expect(c.actor.getSnapshot().value).toBe('done');
    expect(c.emitted.at(-1)).toEqual({
      type: 'changed',
      files: [attachment('id-a', 'a.pdf', 100), attachment('id-b', 'b.pdf', 200)],
    });
    expect(c.actor.getSnapshot().context.sources).toEqual({});
  });

  it('takes more files while sending and queues them behind', () => {
    const c = start();
    c.actor.send({ type: 'files.select', files: [file('a.pdf')] });
    c.actor.send({ type: 'files.select', files: [file('b.pdf'), file('a.pdf')] });
    expect(c.items()).toEqual(['a.pdf:uploading', 'b.pdf:queued']);
    expect(c.notices()).toHaveLength(1);
  });

  it('a refused upload is an error: message, uploadError event, a failed line that can be removed', () => {
    const c = start();
    c.actor.send({ type: 'files.select', files: [file('a.pdf'), file('b.pdf')] });
    c.sends[0].reply({ type: 'upload.fail', reason: '此文件已上传!' });
    expect(c.emitted).toContainEqual({ type: 'uploadError', fileName: 'a.pdf', reason: '此文件已上传!' });
    expect(c.notices()).toEqual([
      {
        type: 'notify',
        severity: 'error',
        message: 'kitFiles.uploadFailedWith',
        params: { reason: '此文件已上传!' },
      },
    ]);
    c.sends[1].reply({ type: 'upload.fail' });
    expect(c.notices()[1]).toMatchObject({ message: 'kitFiles.uploadFailed' });
    expect(c.actor.getSnapshot().value).toBe('failed');
    expect(c.items()).toEqual(['a.pdf:failed', 'b.pdf:failed']);
    c.actor.send({ type: 'file.delete', uid: 'upload-1' });
    c.actor.send({ type: 'file.delete', uid: 'upload-2' });
    expect(c.actor.getSnapshot().value).toBe('idle');
    expect(c.deletes).toEqual([]);
  });

  it('closing the control stops the upload under way', () => {
    const c = start();
    c.actor.send({ type: 'files.select', files: [file('a.pdf')] });
    c.actor.stop();
    expect(c.sends[0].stopped).toBe(true);
  });
});

describe('upload control: delete, download, reset', () => {
  it("asks '确认删除该文件吗?' and deletes only on confirmation", async () => {
    const c = start({ files: [attachment('f1', 'a.pdf'), attachment('f2', 'b.pdf')] });
    c.actor.send({ type: 'file.delete', uid: 'file-1' });
    expect(c.actor.getSnapshot().value).toBe('confirmingDelete');
    c.actor.send({ type: 'delete.cancel' });
    expect(c.actor.getSnapshot().value).toBe('done');
    c.actor.send({ type: 'file.delete', uid: 'file-1' });
    c.actor.send({ type: 'delete.confirm' });
    expect(c.actor.getSnapshot().hasTag('busy')).toBe(true);
    c.deletion.resolve();
    await settle();
    expect(c.deletes).toEqual(['f1']);
    expect(c.items()).toEqual(['b.pdf:done']);
    expect(c.emitted).toContainEqual({ type: 'changed', files: [attachment('f2', 'b.pdf')] });
    expect(c.notices().at(-1)).toMatchObject({ severity: 'success', message: 'kitFiles.deleted' });
  });

  it('keeps the file when the server refuses to delete it', async () => {
    const c = start({ files: [attachment('f1', 'a.pdf')] }, { deleteFails: true });
    c.actor.send({ type: 'file.delete', uid: 'file-1' });
    c.actor.send({ type: 'delete.confirm' });
    c.deletion.resolve();
    await settle();
    expect(c.items()).toEqual(['a.pdf:done']);
    expect(c.notices().at(-1)).toMatchObject({ severity: 'error', message: 'kitFiles.deleteFailed' });
  });

  it("opens the presigned link, or says '文件下载失败！'", async () => {
    const ok = start({ files: [attachment('f1', 'a.pdf')] });
    ok.actor.send({ type: 'file.download', uid: 'file-1' });
    await settle();
    expect(ok.emitted).toContainEqual({ type: 'open', url: '/portal/objects/prod/x?expires=1&signature=24' });
    const failing = start({ files: [attachment('f1', 'a.pdf')] }, { downloadFails: true });
    failing.actor.send({ type: 'file.download', uid: 'file-1' });
    await settle();
    expect(failing.notices()).toEqual([
      { type: 'notify', severity: 'error', message: 'kitFiles.downloadFailed' },
    ]);
    expect(failing.actor.getSnapshot().value).toBe('done');
  });

  it('takes a new value from the page', () => {
    const c = start();
    c.actor.send({ type: 'files.reset', files: [attachment('f9', 'z.pdf')] });
    expect(c.items()).toEqual(['z.pdf:done']);
    c.actor.send({ type: 'files.reset', files: [] });
    expect(c.actor.getSnapshot().value).toBe('idle');
  });
});
