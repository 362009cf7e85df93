import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FieldDef } from '../../catalogue/types';
import type { WireRecord } from '../../machines/kit/record.actors';
import { type RecordEmitted, recordMachine } from '../../machines/kit/record.machine';

/**
 * A save through a door of the page's own (an order saved and submitted in one request): taken even
 * when nothing changed, its notice the page's, a refusal no field holds kept until the next save.
 */
const fields: FieldDef[] = [{ field: 'Name', kind: 'text', required: true }];
const stored: WireRecord = { ObjectID: 'r-1', Version: 3, Name: '宏图科技' };

function recordWith(save: (input: { via?: string }) => Promise<typeof stored>) {
  const asked: { via?: string }[] = [];
  const actor = createActor(
    recordMachine.provide({
      actors: {
        loadDictionaries: fromPromise(async () => ({})),
        loadRecord: fromPromise(async () => stored),
        saveRecord: fromPromise(async ({ input }) => {
          asked.push(input);
          return save(input);
        }),
      },
    }),
    { input: { objectId: 'r-1', action: 'edit', fields, dictionaryCodes: [] } },
  );
  const emitted: RecordEmitted[] = [];
  for (const type of ['notify', 'saved'] as const) actor.on(type, (e) => emitted.push(e));
  actor.start();
  return { actor, asked, emitted };
}

describe('a save through a page door', () => {
  it('goes through with nothing changed, saying the page’s notice and which door it took', async () => {
    const { actor, asked, emitted } = recordWith(async () => ({ ...stored, Version: 4 }));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'form.submit' });
    expect(emitted).toEqual([{ type: 'notify', severity: 'warn', message: 'app.record.noChanges' }]);
    actor.send({ type: 'form.submit', via: 'submit', done: 'orderApproval.submitted' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.original.Version === 4);
    expect(asked.map((a) => a.via)).toEqual(['submit']);
    expect(emitted.slice(1)).toEqual([
      { type: 'notify', severity: 'success', message: 'orderApproval.submitted' },
      { type: 'saved', objectId: 'r-1', via: 'submit' },
    ]);
  });

  it('keeps a refusal no field holds until the next save', async () => {
    const { actor } = recordWith(async () => {
      throw new Error('超出授信额度');
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'form.submit', via: 'submit', done: 'orderApproval.submitted' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.refusal !== undefined);
    expect(actor.getSnapshot().context.refusal).toBe('超出授信额度');
    actor.send({ type: 'field.change', field: 'Name', value: '新名称' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
  });
});
