import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { engineResources, resourceDef } from '../../server/resources/registry';
import { startTestApp, type TestApp } from './harness';
import { targetKey } from './sales-task-keys';

// Security issue, hole 8 (blank writes): `payment/create {}` and 52 other resources accepted an empty
// body and made a blank record with a new number. A create or update whose required fields (as the
// catalogue's forms declare them) are missing or blank is a 400 naming the field by its label; a
// create that fills in nothing is refused; nothing is written either way. (Who may create at all is
// the permission half of the hole, tested with the authorization matrix.)
let t: TestApp;
let admin: string;
let rsp: string;
const en = { 'accept-language': 'en' };
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const labelOf = (resource: string, field: string) =>
  fields[resource]?.[field] ?? fields.common[field] ?? field;

async function rowCount() {
  const { rows } = await sql<{ n: string }>`select concat_ws(',', (select count(*) from record),
    (select count(*) from sales_order), (select count(*) from order_item), (select count(*) from customer),
    (select count(*) from product), (select count(*) from number_sequence)) as n`.execute(t.database.db);
  return rows[0].n;
}

/** The fields every form of the resource requires (what a create without a page must carry). */
const requiredOf = (resource: string) => {
  const def = resourceDef(resource)!;
  const always = def.storage.createRequires ?? [];
  const formed = [...def.fields.values()]
    .filter(
      (spec) =>
        spec.requiredIn.size > 0 &&
        def.editPages.every((page) => spec.requiredIn.has(page) || !spec.writableIn.has(page)),
    )
    .map((spec) => spec.name);
  return [...always, ...formed];
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  rsp = await t.login('rsp', 'Demo@123456');
});
afterAll(() => t.close());

describe('hole 8: blank writes are refused', () => {
  it(`no resource of ${engineResources().length} accepts an empty create, and none is written`, async () => {
    const before = await rowCount();
    const accepted: string[] = [];
    let refusedAsBlank = 0;
    for (const def of engineResources()) {
      const answer = await t.post(`/${def.name}/create`, {}, admin, en);
      if (answer.status === 403) continue; // no page of the menu offers it: the permission half
      if (answer.status !== 400) {
        accepted.push(`${def.name} → ${answer.status}`);
        continue;
      }
      refusedAsBlank++;
      const required = requiredOf(def.name);
      const expected = required.length
        ? `${labelOf(def.name, required[0])} is required`
        : 'Fill in the form before saving';
      expect(answer.body.message, def.name).toBe(expected);
    }
    expect(accepted).toEqual([]);
    expect(refusedAsBlank).toBeGreaterThan(0);
    expect(await rowCount()).toBe(before);
  });

  it('refuses payment, invoice and rebate-flow creates without content from an agent', async () => {
    const before = await rowCount();
    for (const resource of ['payment', 'invoice', 'rebateFlow']) {
      const answer = await t.post(`/${resource}/create`, {}, rsp, en);
      expect([400, 403], resource).toContain(answer.status);
    }
    expect(await rowCount()).toBe(before);
  });

  it('names a missing, blank or spaces-only required field by its label, in zh and en', async () => {
    const task = {
      ...targetKey(0),
      AnnualTask: '1000.00',
      Q1Task: '200.00',
      Q2Task: '250.00',
      Q3Task: '250.00',
      Q4Task: '300.00',
    };
    const before = await rowCount();
    const province = labelOf('provinceTask', 'ProvinceName');
    for (const ProvinceName of [undefined, '', '   ', null]) {
      const answer = await t.post('/provinceTask/create', { ...task, ProvinceName }, admin, en);
      expect([answer.status, answer.body.message], JSON.stringify(ProvinceName)).toEqual([
        400,
        `${province} is required`,
      ]);
    }
    const chinese = await t.post('/provinceTask/create', { ...task, ProvinceName: ' ' }, admin);
    expect(chinese.body.message).toBe('省份必填');
    expect(await rowCount()).toBe(before);

    const created = (await t.post('/provinceTask/create', task, admin, en)).body.results;
    const blanked = await t.post(
      '/provinceTask/update',
      { ObjectID: created.ObjectID, Version: created.Version, ProvinceName: '  ' },
      admin,
      en,
    );
    expect([blanked.status, blanked.body.message]).toEqual([400, `${province} is required`]);
    const after = (await t.post('/provinceTask/getOne', { ObjectID: created.ObjectID }, admin)).body
      .results[0];
    expect([after.ProvinceName, after.Version]).toEqual([task.ProvinceName, created.Version]);
  });

  it('names the product code when a product is created without one', async () => {
    const before = await rowCount();
    const answer = await t.post('/product/create', { ExtStandardPrice_SDK: '10.00' }, admin, en);
    expect([400, 403]).toContain(answer.status);
    if (answer.status === 400) expect(answer.body.message).toBe(`${labelOf('product', 'pn')} is required`);
    expect(await rowCount()).toBe(before);
  });
});
