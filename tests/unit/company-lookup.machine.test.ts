import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { REGISTRY_PICKER_PAGE_SIZE } from '../../domain/constants';
import { zh } from '../../locales/zh/messages';
import { companyLookupMachine } from '../../machines/kit/company-lookup.machine';
import type {
  CompanyLookupEmitted,
  CompanyRecord,
  LocalSearch,
  RegistrySearch,
} from '../../machines/kit/company-lookup.types';
import type { PickerPage } from '../../services/lookup.service';

const known = {
  CompanyName: '南京锐辰信息技术有限公司',
  CreditCode: '91320100MA1XXXXXX0',
  Representative: '王伟',
};
const registryRow = (n: number) => ({
  KeyNo: `k${n}`,
  Name: `上海青禾建筑工程有限公司${n}`,
  CreditCode: '9131010101230277EE',
  OperName: '冯鹏',
  Status: '存续',
});

/** Fake calls: the local search knows one company; the registry has 45 hits for anything. */
function start(options: { readOnly?: boolean; recordFails?: boolean } = {}) {
  const calls = {
    local: [] as LocalSearch[],
    registry: [] as RegistrySearch[],
    recorded: [] as CompanyRecord[],
  };
  const machine = companyLookupMachine.provide({
    actors: {
      searchLocal: fromPromise<PickerPage, LocalSearch>(async ({ input }) => {
        calls.local.push(input);
        return input.keyword === '锐辰' ? { rows: [known], total: 1 } : { rows: [], total: 0 };
      }),
      searchRegistry: fromPromise<PickerPage, RegistrySearch>(async ({ input }) => {
        calls.registry.push(input);
        return { rows: [registryRow(input.currentPage)], total: 45 };
      }),
      recordCompany: fromPromise<unknown, CompanyRecord>(async ({ input }) => {
        calls.recorded.push(input);
        if (options.recordFails) throw new Error('保存失败');
        return {};
      }),
    },
  });
  const actor = createActor(machine, { input: { field: 'Name', readOnly: options.readOnly } });
  const emitted: CompanyLookupEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const idle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  const search = async (keyword: string) => {
    actor.send({ type: 'lookup.open' });
    actor.send({ type: 'keyword.change', keyword });
    actor.send({ type: 'local.search' });
    await idle();
  };
  return { actor, calls, emitted, idle, search };
}

describe('company lookup statechart', () => {
  it('fills the form from a local customer without a recording call', async () => {
    const l = start();
    await l.search('锐辰');
    expect(l.calls.local).toEqual([{ keyword: '锐辰', currentPage: 1, pageSize: 20 }]);
    expect(l.actor.getSnapshot().matches({ open: { local: 'results' } })).toBe(true);
    l.actor.send({ type: 'local.choose', row: known });
    expect(l.emitted.at(-1)).toEqual({
      type: 'picked',
      text: known.CompanyName,
      values: { Name: known.CompanyName },
      rows: [known],
    });
    expect(l.calls.recorded).toEqual([]);
    expect(l.actor.getSnapshot().value).toBe('closed');
  });

  it('after a local miss warns, offers the registry and manual entry, and turns the local search off', async () => {
    const l = start();
    await l.search('青禾');
    expect(l.emitted).toContainEqual({
      type: 'notify',
      severity: 'warn',
      message: 'kitPickers.company.notFound',
    });
    expect(zh.kitPickers.company.notFound).toBe('抱歉，本地客户没有查询到你所需的信息，请用企查查或手动输入');
    const s = l.actor.getSnapshot();
    expect(s.hasTag('fallback')).toBe(true);
    expect(s.can({ type: 'local.search' })).toBe(false);
    expect(s.can({ type: 'registry.search' })).toBe(true);
    expect(s.can({ type: 'manual.start' })).toBe(true);
  });

  it('searches the registry by 20 a page, records the chosen result, then fills the form', async () => {
    const l = start();
    await l.search('青禾');
    l.actor.send({ type: 'registry.search' });
    await l.idle();
    expect(l.calls.registry).toEqual([
      { searchKey: '青禾', currentPage: 1, pageSize: REGISTRY_PICKER_PAGE_SIZE },
    ]);
    l.actor.send({ type: 'registry.page', page: 3 });
    await l.idle();
    l.actor.send({ type: 'registry.page', page: 4 });
    expect(
      l.calls.registry.map((c) => c.currentPage),
      '45 hits make three pages of 20',
    ).toEqual([1, 3]);
    l.actor.send({ type: 'registry.choose', row: registryRow(3) });
    await l.idle();
    const chosen = {
      CompanyName: registryRow(3).Name,
      CreditCode: '9131010101230277EE',
      Representative: '冯鹏',
    };
    expect(l.calls.recorded).toEqual([{ ...chosen, source: 'registry' }]);
    expect(l.emitted.at(-1)).toMatchObject({
      type: 'picked',
      text: chosen.CompanyName,
      values: { Name: chosen.CompanyName },
    });
    expect(l.actor.getSnapshot().value).toBe('closed');
  });

  it('prompts for the full customer name: required, at least 4 characters, then records it as manual', async () => {
    const l = start();
    await l.search('青禾');
    l.actor.send({ type: 'manual.start' });
    expect(l.actor.getSnapshot().context.manualName, 'the prompt starts from the keyword').toBe('青禾');
    l.actor.send({ type: 'manual.confirm' });
    expect(l.actor.getSnapshot().context.manualProblem).toBe('tooShort');
    l.actor.send({ type: 'manual.change', name: '   ' });
    l.actor.send({ type: 'manual.confirm' });
    expect(l.actor.getSnapshot().context.manualProblem).toBe('required');
    expect(l.calls.recorded).toEqual([]);
    l.actor.send({ type: 'manual.change', name: ' 苏州青禾智能装备有限公司 ' });
    l.actor.send({ type: 'manual.confirm' });
    await l.idle();
    expect(l.calls.recorded).toEqual([{ CompanyName: '苏州青禾智能装备有限公司', source: 'manual' }]);
    expect(l.emitted.at(-1)).toMatchObject({ type: 'picked', text: '苏州青禾智能装备有限公司' });
  });

  it('keeps the choice on screen when the recording call fails', async () => {
    const l = start({ recordFails: true });
    await l.search('青禾');
    l.actor.send({ type: 'registry.search' });
    await l.idle();
    l.actor.send({ type: 'registry.choose', row: registryRow(1) });
    await l.idle();
    expect(l.actor.getSnapshot().matches({ open: { fallback: 'registryResults' } })).toBe(true);
    expect(l.actor.getSnapshot().context.error).toBe('保存失败');
    l.actor.send({ type: 'manual.start' });
    l.actor.send({ type: 'manual.change', name: '苏州青禾智能装备有限公司' });
    l.actor.send({ type: 'manual.confirm' });
    await l.idle();
    expect(l.actor.getSnapshot().matches({ open: { fallback: 'manualEntry' } })).toBe(true);
    expect(l.emitted.some((e) => e.type === 'picked')).toBe(false);
  });

  it('asks for a keyword before searching', async () => {
    const l = start();
    l.actor.send({ type: 'lookup.open' });
    l.actor.send({ type: 'local.search' });
    expect(l.calls.local).toEqual([]);
    expect(l.emitted.at(-1)).toEqual({
      type: 'notify',
      severity: 'warn',
      message: 'kitPickers.keywordRequired',
    });
  });

  it('closing the dialog resets everything: local search on, registry and manual entry off', async () => {
    const l = start();
    await l.search('青禾');
    l.actor.send({ type: 'registry.search' });
    await l.idle();
    l.actor.send({ type: 'lookup.close' });
    l.actor.send({ type: 'lookup.open' });
    const s = l.actor.getSnapshot();
    expect(s.matches({ open: { local: 'idle' } })).toBe(true);
    expect(s.hasTag('fallback')).toBe(false);
    expect(s.can({ type: 'registry.search' })).toBe(false);
    expect(s.context).toMatchObject({ keyword: '', registryRows: [], localRows: [], manualName: '' });
  });

  it('is read-only when the page action is detail', () => {
    const l = start({ readOnly: true });
    l.actor.send({ type: 'lookup.open' });
    l.actor.send({ type: 'value.clear' });
    expect(l.actor.getSnapshot().value).toBe('closed');
    expect(l.emitted).toEqual([]);
  });
});
