import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuanToFen } from '../../domain/money';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * Configured products (CPQ) served by the portal over its own catalogue (SPEC §7): the class tree,
 * configurations with their sub-BOM lines, prices set at the configuration level, SKUs, the
 * configurator token, and the component (CPU) dialog.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

const get = async (path: string, who = 'rsp') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/portal${path}`,
    headers: who ? { 'x-token': tokens[who] } : {},
  });
  return { status: response.statusCode, body: response.json() };
};
const post = (path: string, body: unknown, who = 'rsp') => t.post(path, body, tokens[who]);
const fen = (yuan: unknown) => yuanToFen(String(yuan));

type Row = Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(() => t?.close());

describe('the product classes', () => {
  it('walk platform → brand → type → model', async () => {
    const roots = (await get('/opportunity/cpq/productclass')).body.results as Row[];
    expect(roots.map((r) => r.code)).toEqual(['X86', 'HYGON', 'ARM']);
    const brands = (await get('/opportunity/cpq/productclass?parentCode=X86')).body.results as Row[];
    expect(brands.map((r) => r.level)).toEqual(['brand', 'brand']);
    const types = (await get('/opportunity/cpq/productclass?parentCode=X86-101')).body.results as Row[];
    expect(types.map((r) => r.code)).toEqual(['X86-101-SRV', 'X86-101-STO']);
    const models = (await get('/opportunity/cpq/productclass?parentCode=X86-101-STO')).body.results as Row[];
    expect(models.map((r) => r.code)).toEqual(['ST3000', 'ST5000']);
    expect(models.every((m) => m.hasChildren === false)).toBe(true);
    const bad = await get('/opportunity/cpq/productclass?level=shelf');
    expect(bad.status).toBe(400);
  });
});

describe('configurations and their sub-BOM lines', () => {
  it('list a model’s configurations as tree rows whose lines add up to the configuration', async () => {
    const { status, body } = await get('/opportunity/cpq/bomlist?model=SR2200G6');
    expect(status).toBe(200);
    const configs = body.results as (Row & { children: Row[] })[];
    expect(configs).toHaveLength(2);
    for (const c of configs) {
      expect(c.parentRelationship).toBe('');
      expect(c.children.length).toBeGreaterThanOrEqual(6);
      expect(c.children.every((l) => l.parentRelationship === c.pn)).toBe(true);
      expect(c.children.some((l) => l.componentType === 'CPU')).toBe(true);
      const sum = c.children.reduce((s, l) => s + fen(l.listPrice) * Number(l.quantity), 0);
      expect(sum).toBe(fen(c.listPrice));
    }
    const missing = await get('/opportunity/cpq/bomlist');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(labelFor('model'));
  });

  it('searchAll answers the configurations of a selection, the partner line by its brand', async () => {
    const partner = (await post('/opportunityConfiguration/searchAll', { brand: '111' })).body
      .results as Row[];
    expect(partner.length).toBe(4);
    expect(partner.every((c) => c.brand === '111')).toBe(true);
    const storage = (await post('/opportunityConfiguration/searchAll', { type: 'STO' })).body
      .results as Row[];
    expect(storage.map((c) => c.modelCode)).toEqual(['ST3000', 'ST3000', 'ST5000', 'ST5000']);
    for (const c of storage) expect(fen(c.standardPrice)).toBeLessThan(fen(c.listPrice));
  });
});

describe('prices at the configuration level', () => {
  it('spread the configuration’s standard price over its lines by one ratio, to the fen', async () => {
    const [config] = (await post('/opportunityConfiguration/searchAll', { model: 'ST5000' })).body
      .results as Row[];
    const { status, body } = await post('/opportunity/cpq/priceinfo', { pn: config.pn, quantity: 3 });
    expect(status).toBe(200);
    const [price] = body.results as (Row & { children: Row[] })[];
    expect(price.standardPrice).toBe(config.standardPrice);
    expect(fen(price.totalStandardPrice)).toBe(fen(config.standardPrice) * 3);
    const lines = price.children;
    expect(lines.reduce((s, l) => s + fen(l.standardPrice), 0)).toBe(fen(price.standardPrice));
    const ratio = fen(price.standardPrice) / fen(price.listPrice);
    for (const l of lines.slice(1))
      expect(Math.abs(fen(l.standardPrice) - fen(l.listPrice) * ratio)).toBeLessThan(1);
    // No cost or margin is part of the answer, for any caller.
    expect(JSON.stringify(body)).not.toMatch(/cost|margin/i);
  });

  it('refuses a part number that is not a configuration, and an empty list (400)', async () => {
    const bad = await post('/opportunity/cpq/priceinfo', { pn: 'NO-SUCH-PN' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('物料编码');
    expect((await post('/opportunity/cpq/priceinfo', { items: [] })).status).toBe(400);
  });
});

describe('SKUs, the token and the component dialog', () => {
  it('skuinfo tells a configuration from a component', async () => {
    const { body } = await post('/opportunity/cpq/skuinfo', { pns: ['CFG-SR2200G6-B', 'C-MEM64', 'X'] });
    const rows = body.results as Row[];
    expect(rows.map((r) => r.skuType)).toEqual(['configuration', 'component']);
    expect(rows[1].componentType).toBe('MEM');
  });

  it('token is issued to a logged-in employee only, for half an hour', async () => {
    const { body } = await get('/opportunity/cpq/token');
    expect(body.results.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(body.results.expiresIn).toBe(1800);
    expect((await get('/opportunity/cpq/token', '')).status).toBe(401);
    expect((await t.post('/opportunityConfiguration/searchAll', {})).status).toBe(401);
  });

  it('searchType 2 offers the processors of the model’s platform, 50 to a page', async () => {
    const search = (body: Row) =>
      post('/oppProductComponent/searchPage', { currentPage: 1, pageSize: 50, ...body });
    const hygon = await search({
      searchType: '2',
      platform: 'HYGON',
      brand: '101',
      type: 'SRV',
      model: 'SR2200HG5',
    });
    const records = hygon.body.records as Row[];
    // The processors the model's two configurations are built with, no other of its platform.
    expect(records.length).toBe(2);
    expect(records.every((r) => String(r.cpu).startsWith('Hygon') && r.cpuShort)).toBe(true);
    const x86 = (await search({ searchType: '2', model: 'SR2200G6' })).body.records as Row[];
    expect(x86.every((r) => /^(Intel|AMD)/.test(String(r.cpu)))).toBe(true);
    const parts = (await search({ searchType: '1', model: 'ST3000' })).body.records as Row[];
    expect(parts.map((r) => r.componentType)).toContain('CTRL');
    expect((await search({ searchType: '3' })).status).toBe(400);
  });

  it('offers, for the selection the configurator hands over, only processors that leave configurations listed', async () => {
    // The configurator's levels are class codes: platform, platform-brand, platform-brand-type, model.
    const selection = { platform: 'X86', brand: 'X86-101', type: 'X86-101-SRV', model: 'SR2200G6' };
    const offered = (
      await post('/oppProductComponent/searchPage', {
        searchType: '2',
        currentPage: 1,
        pageSize: 50,
        ...selection,
      })
    ).body.records as Row[];
    const configurations = (await post('/opportunityConfiguration/searchAll', { model: 'SR2200G6' })).body
      .results as Row[];
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.map((r) => r.cpu).sort()).toEqual([...new Set(configurations.map((c) => c.cpu))].sort());
    expect(offered.some((r) => /Hygon|Kunpeng/i.test(String(r.cpu)))).toBe(false);
    const byType = (
      await post('/oppProductComponent/searchPage', {
        searchType: '2',
        currentPage: 1,
        pageSize: 50,
        platform: 'X86',
        brand: 'X86-101',
        type: 'X86-101-SRV',
      })
    ).body.records as Row[];
    expect(byType.every((r) => /^(Intel|AMD)/.test(String(r.cpu)))).toBe(true);
    expect(byType.length).toBeGreaterThan(offered.length);
  });

  it('the CPU picker offers the processors of the same catalogue', async () => {
    const all = (
      await post('/oppProductComponent/searchPage', { searchType: '2', currentPage: 1, pageSize: 100 })
    ).body.records as Row[];
    const picker = (await post('/cpu/search', { currentPage: 1, pageSize: 100 })).body.results as Row[];
    expect(picker.map((r) => r.cpuShort).sort()).toEqual(all.map((r) => r.cpuShort).sort());
  });
});
