import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pages } from '../../catalogue/catalogue';
import {
  COMPANY_PICKER_PAGE_SIZE,
  CPU_PICKER_PAGE_SIZE,
  PICKER_PAGE_SIZE,
  REGISTRY_PICKER_PAGE_SIZE,
} from '../../domain/constants';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { type PickerEmitted, type PickerSearch, pickerMachine } from '../../machines/kit/picker.machine';
import { type PickerDefinition, pickers, registryPicker } from '../../machines/kit/pickers';
import type { PickerPage, PickerRow } from '../../services/lookup.service';

const row = (n: number): PickerRow => ({ ObjectID: `c-${n}`, Name: `南京青禾${n}号有限公司` });

/** A fake picker endpoint with 25 rows; it records every search the picker sends. */
function start(
  options: { definition?: PickerDefinition; multiple?: boolean; readOnly?: boolean; fails?: boolean } = {},
) {
  const searches: PickerSearch[] = [];
  let fails = options.fails ?? false;
  const machine = pickerMachine.provide({
    actors: {
      fetchPage: fromPromise<PickerPage, PickerSearch>(async ({ input }) => {
        searches.push(input);
        if (fails) throw new Error('网络异常');
        const page = Number(input.body.currentPage);
        return { rows: [row(page * 10 + 1), row(page * 10 + 2)], total: 25 };
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      definition: options.definition ?? pickers.customer,
      field: 'AgentName',
      multiple: options.multiple,
      readOnly: options.readOnly,
      params: { ExtChannelSmallType_SDK: 'RSP' },
    },
  });
  const emitted: PickerEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const ready = () => waitFor(actor, (s) => s.matches({ open: 'ready' }) || s.matches({ open: 'failed' }));
  return { actor, searches, emitted, ready, setFails: (v: boolean) => (fails = v) };
}

describe('picker statechart', () => {
  it('opens on the first page with the picker page size and the field filters, then searches by keyword', async () => {
    const p = start();
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    expect(p.searches[0]).toEqual({
      endpoint: '/customerLookup/search',
      body: { ExtChannelSmallType_SDK: 'RSP', currentPage: 1, pageSize: PICKER_PAGE_SIZE },
      // The channel type column shows the words of its dictionary.
      dictionaries: { ExtChannelSmallType_SDK: 'ChannelType' },
    });
    p.actor.send({ type: 'page.change', page: 3 });
    await p.ready();
    expect(p.actor.getSnapshot().context.currentPage).toBe(3);
    p.actor.send({ type: 'page.change', page: 4 });
    expect(p.actor.getSnapshot().context.currentPage, 'there is no fourth page of 25 rows').toBe(3);
    p.actor.send({ type: 'keyword.change', keyword: ' 青禾 ' });
    p.actor.send({ type: 'search.submit' });
    await p.ready();
    expect(p.searches.at(-1)?.body).toMatchObject({ keyword: '青禾', currentPage: 1 });
  });

  it('searches with the filters the form narrowed after the picker was made (the CPU dialog: the model chosen)', async () => {
    const p = start({ definition: pickers.cpu });
    p.actor.send({ type: 'params.change', params: { platform: 'X86', model: 'SR2200G6' } });
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    expect(p.searches[0].body).toMatchObject({ searchType: '2', platform: 'X86', model: 'SR2200G6' });
  });

  it("warns '未选择' when confirming with nothing selected and stays open", async () => {
    const p = start({ multiple: true });
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    p.actor.send({ type: 'selection.confirm' });
    expect(p.emitted).toContainEqual({
      type: 'notify',
      severity: 'warn',
      message: 'kitPickers.nothingSelected',
    });
    expect(zh.kitPickers.nothingSelected).toBe('未选择');
    expect(p.actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
  });

  it("hands the returnFn's object to the form: several rows joined, the dialog closed and reset", async () => {
    const p = start({ multiple: true });
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    const [a, b] = p.actor.getSnapshot().context.rows;
    p.actor.send({ type: 'selection.change', rows: [a, b] });
    p.actor.send({ type: 'selection.confirm' });
    expect(p.emitted.at(-1)).toEqual({
      type: 'picked',
      text: `${a.Name},${b.Name}`,
      values: { AgentName: `${a.Name},${b.Name}` },
      rows: [a, b],
    });
    const after = p.actor.getSnapshot();
    expect(after.value).toBe('closed');
    expect(after.context).toMatchObject({ selection: [], rows: [], keyword: '', currentPage: 1 });
  });

  it('opens again with what its field holds ticked, so one more row is added to them, not put in their place', async () => {
    const p = start({ multiple: true });
    // The field holds a row the first page shows and one it does not (another page, or gone since).
    p.actor.send({ type: 'picker.open', value: `${row(11).Name},旧客户` });
    await p.ready();
    const [shown, other] = p.actor.getSnapshot().context.rows;
    const selection = p.actor.getSnapshot().context.selection;
    expect(selection[0], 'the row the page shows is ticked as itself').toEqual(shown);
    expect(selection[1]).toMatchObject({ Name: '旧客户' });
    p.actor.send({ type: 'selection.change', rows: [...selection, other] });
    p.actor.send({ type: 'selection.confirm' });
    expect(p.emitted.at(-1)).toMatchObject({
      type: 'picked',
      text: `${shown.Name},旧客户,${other.Name}`,
    });
  });

  it('opens a single-choice picker with nothing ticked, whatever its field holds', async () => {
    const p = start();
    p.actor.send({ type: 'picker.open', value: row(11).Name });
    await p.ready();
    expect(p.actor.getSnapshot().context.selection).toEqual([]);
  });

  it('keeps only the last row in a single-choice picker', async () => {
    const p = start();
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    const [a, b] = p.actor.getSnapshot().context.rows;
    p.actor.send({ type: 'selection.change', rows: [a, b] });
    expect(p.actor.getSnapshot().context.selection).toEqual([b]);
  });

  it("raises 'lov配置中returnFn的返回值不是object' when the returnFn gives no object, and stays open", async () => {
    for (const returnFn of [
      () => 'AgentName',
      () => null,
      () => ['x'],
      () => {
        throw new Error('bad');
      },
    ]) {
      const p = start({ definition: { ...pickers.customer, returnFn } });
      p.actor.send({ type: 'picker.open' });
      await p.ready();
      p.actor.send({ type: 'selection.change', rows: [row(1)] });
      p.actor.send({ type: 'selection.confirm' });
      expect(p.emitted.at(-1)).toEqual({
        type: 'notify',
        severity: 'error',
        message: 'kitPickers.returnNotObject',
      });
      expect(p.actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    }
    expect(zh.kitPickers.returnNotObject).toBe('lov配置中returnFn的返回值不是object');
  });

  it('in read-only mode (action=detail) neither opens nor clears; turning read-only closes an open picker', async () => {
    const p = start({ readOnly: true });
    p.actor.send({ type: 'picker.open' });
    p.actor.send({ type: 'value.clear' });
    expect(p.actor.getSnapshot().value).toBe('closed');
    expect(p.searches).toEqual([]);
    expect(p.emitted).toEqual([]);

    p.actor.send({ type: 'mode.change', readOnly: false });
    p.actor.send({ type: 'value.clear' });
    expect(p.emitted).toEqual([{ type: 'cleared' }]);
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    p.actor.send({ type: 'mode.change', readOnly: true });
    expect(p.actor.getSnapshot().value).toBe('closed');
    expect(p.actor.getSnapshot().can({ type: 'picker.open' })).toBe(false);
  });

  it('shows a failed search and retries it', async () => {
    const p = start({ fails: true });
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    expect(p.actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(p.actor.getSnapshot().context.error).toBe('网络异常');
    p.setFails(false);
    p.actor.send({ type: 'search.submit' });
    await p.ready();
    expect(p.actor.getSnapshot().context.rows).toHaveLength(2);
    p.actor.send({ type: 'picker.close' });
    expect(p.actor.getSnapshot().value).toBe('closed');
  });
});

describe('the CPU dialog', () => {
  it('searches the CPQ catalogue with searchType 2, 50 a page, beside the selection the form gives (SPEC §7)', async () => {
    const p = start({ definition: pickers.cpu });
    p.actor.send({ type: 'picker.open' });
    await p.ready();
    expect(p.searches[0]).toEqual({
      endpoint: '/oppProductComponent/searchPage',
      body: {
        searchType: '2',
        ExtChannelSmallType_SDK: 'RSP',
        currentPage: 1,
        pageSize: CPU_PICKER_PAGE_SIZE,
      },
    });
  });
});

describe('picker definitions', () => {
  it('page by 10, the company lookup and the registry by 20, the CPU dialog by 50 (SPEC §9)', () => {
    for (const [name, definition] of Object.entries(pickers)) {
      const expected =
        name === 'cpu'
          ? CPU_PICKER_PAGE_SIZE
          : name === 'company'
            ? COMPANY_PICKER_PAGE_SIZE
            : PICKER_PAGE_SIZE;
      expect(definition.pageSize, name).toBe(expected);
    }
    expect(registryPicker.pageSize).toBe(REGISTRY_PICKER_PAGE_SIZE);
    expect([PICKER_PAGE_SIZE, COMPANY_PICKER_PAGE_SIZE, CPU_PICKER_PAGE_SIZE]).toEqual([10, 20, 50]);
  });

  it('cover every picker the SPEC and the catalogue name', () => {
    const spec = [
      'cpu',
      'commitmentLetter',
      'customer',
      'employee',
      'opportunity',
      'region',
      'industry',
      'strategicCustomer',
      'opportunityChannel',
      'company',
    ];
    const named = pages
      .flatMap((p) => [...(p.fields ?? []), ...(p.filters ?? [])])
      .flatMap((f) => ('picker' in f && f.picker ? [f.picker] : []));
    for (const name of new Set([...spec, ...named])) expect(pickers[name], name).toBeDefined();
  });

  it('label every column in Chinese and English, and return an object keyed by the field', () => {
    const columns = [...Object.values(pickers).flatMap((p) => p.columns), ...registryPicker.columns];
    for (const column of columns) {
      expect(zh.kitPickers.fields, column).toHaveProperty(column);
      expect(en.kitPickers.fields, column).toHaveProperty(column);
    }
    for (const name of Object.keys(pickers)) expect(zh.kitPickers.title).toHaveProperty(name);
    expect(pickers.region.returnFn([{ code: '320100', name: '南京市' }], 'CityName')).toEqual({
      CityName: '南京市',
    });
    expect(pickers.employee.returnFn([], 'cityManagerName')).toEqual({ cityManagerName: '' });
  });
});
