import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { startTestApp, type TestApp } from './harness';

// Security issue, hole 5: bad input answered 500. Whatever a client sends gets a 400 naming the field
// by its on-screen label in the caller's language, never a 500 and never a write.
let t: TestApp;
let admin: string;
let order: { ObjectID: string; Version: number };
let task: { ObjectID: string; Version: number };
const en = { 'accept-language': 'en' };
const post = (path: string, body: unknown) => t.post(path, body, admin, en);
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const labelOf = (resource: string, field: string) => fields[resource]?.[field] ?? fields.common[field];
const ownLine = { PageID: 'ordersSetup.ownLineOrders' };
const NUL = 'a\u0000b';
/** What an update names its record by; the rest of a body is the change. */
const refOf = (row: { ObjectID: string; Version: number }) => ({
  ObjectID: row.ObjectID,
  Version: row.Version,
});

/** Rows of the tables a refused call could have written to. */
async function footprint() {
  const { rows } = await sql<{ n: string }>`select concat_ws(',',
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from record),
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from sales_order),
    (select count(*) from export_job), (select count(*) from file_object)) as n`.execute(t.database.db);
  return rows[0].n;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  order = (await post('/order/search', { ...ownLine, pageSize: 1 })).body.results[0];
  task = (await post('/provinceTask/search', { pageSize: 1 })).body.results[0];
});
afterAll(() => t.close());

describe('hole 5: bad input is a 400 naming the field, never a 500 or a write', () => {
  it('refuses prototype names as sort or filter keys', async () => {
    const before = await footprint();
    for (const name of ['constructor', '__proto__', 'valueOf', 'toString', 'hasOwnProperty']) {
      const sorted = await post('/order/search', { ...ownLine, sort: name });
      expect([sorted.status, sorted.body.message]).toEqual([400, `Sorting by ${name} is not supported`]);
      const descending = await post('/order/search', { ...ownLine, sort: `-${name}` });
      expect(descending.status).toBe(400);
      if (name === '__proto__') continue; // as a key, the JSON parser itself refuses it (below)
      const filtered = await post('/order/search', { ...ownLine, [name]: 'x' });
      expect([filtered.status, filtered.body.message]).toEqual([
        400,
        `Searching by ${name} is not supported`,
      ]);
      const written = await post('/provinceTask/update', { ...refOf(task), [name]: 'x' });
      expect([written.status, written.body.message]).toEqual([400, `Field ${name} cannot be changed`]);
    }
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/portal/order/search',
      payload: '{"__proto__": {"isAdmin": true}}',
      headers: { 'content-type': 'application/json', 'x-token': admin },
    });
    expect(poisoned.statusCode).toBe(400);
    expect(await footprint()).toBe(before);
  });

  it('refuses non-dates in date filters, naming the field', async () => {
    const label = labelOf('order', 'OrderDate');
    for (const value of ['2024-13-45', "' OR '1'='1", 1e300, '2024-02-30', '0000-01-01']) {
      for (const key of ['OrderDate', 'OrderDateStart', 'OrderDateEnd']) {
        const answer = await post('/order/search', { ...ownLine, [key]: value });
        expect(answer.status, `${key}=${value}`).toBe(400);
        expect(answer.body.message.startsWith(`${label}: must be`), answer.body.message).toBe(true);
      }
    }
  });

  it('refuses a fractional Version, a malformed ObjectID and a non-object body', async () => {
    const before = await footprint();
    const fractional = await post('/order/update', { ...refOf(order), Version: 1.5 });
    expect([fractional.status, fractional.body.message]).toEqual([
      400,
      'Version: must be a whole number between 1 and 2147483647',
    ]);
    for (const path of ['/order/getOne', '/order/update', '/order/delete']) {
      const answer = await post(path, { ObjectID: 'abc', Version: 1 });
      expect([answer.status, answer.body.message]).toEqual([400, 'ID: is not a valid record id']);
    }
    const zh = await t.post('/order/getOne', { ObjectID: 'abc' }, admin);
    expect(zh.body.message).toBe('编号：不是有效的记录编号');
    for (const body of [[1, 2], 'text', 42]) {
      const answer = await post('/order/search', body);
      // A JSON list or number is a 400; a bare text is not JSON at all (415).
      expect([400, 415], JSON.stringify(body)).toContain(answer.status);
    }
    expect(await footprint()).toBe(before);
  });

  it('refuses NUL characters in keywords, filters, fields and exports', async () => {
    const before = await footprint();
    const keyword = await post('/order/search', { ...ownLine, keyword: NUL });
    expect([keyword.status, keyword.body.message]).toEqual([400, 'Keyword: must not contain NUL characters']);
    const filter = await post('/order/search', { ...ownLine, OrderNo: NUL });
    expect(filter.body.message).toBe(`${labelOf('order', 'OrderNo')}: must not contain NUL characters`);
    const field = await post('/provinceTask/update', { ...refOf(task), ProvinceName: NUL });
    expect(field.body.message).toBe(
      `${labelOf('provinceTask', 'ProvinceName')}: must not contain NUL characters`,
    );
    const picker = await post('/customerLookup/search', { keyword: NUL });
    expect(picker.status).toBe(400);
    const exported = await post('/excelExport/doSyncExportUrl', {
      configCode: 'ProductFileExport',
      query: { pn: NUL },
    });
    expect(exported.status).toBe(400);
    for (const [path, body] of [
      ['/processHistory/searchAll', { streamId: NUL }],
      ['/roleToMenu/search', { keyword: NUL }],
    ] as const) {
      const answer = await post(path, body);
      expect([path, answer.status]).toEqual([path, 400]);
    }
    expect(await footprint()).toBe(before);
  });

  it('refuses paging that is no number, and reads an empty multiple choice as no filter', async () => {
    for (const path of ['/order/search', '/customerLookup/search', '/excelExport/search']) {
      const answer = await post(path, { currentPage: { toString: 'x' } });
      expect(answer.status, path).toBe(400);
    }
    const empty = await post('/order/search', { ...ownLine, ApprovalStatus: [] });
    const all = await post('/order/search', ownLine);
    expect([empty.status, empty.body.totalSize]).toEqual([200, all.body.totalSize]);
    const file = await post('/excelExport/getFile', { file: NUL });
    expect([file.status, file.body.message]).toEqual([400, 'Export file: must not contain NUL characters']);
  });

  it('lists the statuses a job may take in their words when given another', async () => {
    const job = (await post('/cronJob/search', { pageSize: 1 })).body.results[0];
    const refused = await post('/cronJob/update', {
      ObjectID: job.ObjectID,
      Version: job.Version,
      Status: '999',
    });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/Running, Paused$/)]);
  });

  it('refuses a page number past any list, and job params nested thousands deep, naming the field', async () => {
    expect((await post('/excelExport/search', { currentPage: 1e300 })).status).toBe(400);
    const job = (await post('/cronJob/search', { pageSize: 1 })).body.results[0];
    // Built as text: the test's own JSON.stringify would overflow on an object this deep.
    const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const asText = await post('/cronJob/update', {
      ObjectID: job.ObjectID,
      Version: job.Version,
      Params: deep,
    });
    expect([asText.status, asText.body.message]).toEqual([
      400,
      expect.stringMatching(/^Parameters: must be at most/),
    ]);
    let nested: Record<string, unknown> = {};
    for (let depth = 0; depth < 20; depth += 1) nested = { a: nested };
    const asObject = await post('/cronJob/update', {
      ObjectID: job.ObjectID,
      Version: job.Version,
      Params: nested,
    });
    expect([asObject.status, asObject.body.message]).toEqual([
      400,
      expect.stringMatching(/^Parameters: Parameters may nest/),
    ]);
  });

  it('answers every API call with no-store, so no browser or proxy keeps a person’s data', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/portal/order/search',
      payload: { ...ownLine, pageSize: 1 },
      headers: { 'x-token': admin },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses a price of 100000000000000000000', async () => {
    const answer = await post('/provinceTask/update', {
      ...refOf(task),
      AnnualTask: '100000000000000000000',
    });
    expect(answer.status).toBe(400);
    expect(
      answer.body.message.startsWith(`${labelOf('provinceTask', 'AnnualTask')}: must be an amount`),
    ).toBe(true);
  });

  it('validates an export’s filters before it starts: no 500, no job that fails in the background', async () => {
    const before = await footprint();
    for (const query of [{ OrderDate: 'zzz' }, { constructor: 'x' }, { OrderAmountMin: 'many' }]) {
      const sync = await post('/excelExport/doSyncExportUrl', { configCode: 'OwnLineOrderExport', query });
      expect(sync.status, JSON.stringify(query)).toBe(400);
      const job = await post('/excelExport/doExport', { configCode: 'OwnLineOrderExport', ...query });
      expect(job.status, JSON.stringify(query)).toBe(400);
      expect(job.body.message).not.toMatch(/Exporting/);
    }
    expect(await footprint()).toBe(before);
  });

  it('names a refused request field by its label in either language, a nested one by its line', async () => {
    const before = await footprint();
    const role = { RoleCode: 'JS901', RoleName: '标签', RoleNameEn: 'Labels', DataScope: 'all' };
    const cases: [string, unknown, string, string, string][] = [
      [
        '/public/city/searchAll',
        { provinceCode: 5 },
        '省份：类型不正确，应为文字',
        'Province: wrong type, expected text',
        'provinceCode',
      ],
      [
        '/qcc/search',
        { searchKey: 'x'.repeat(101) },
        '搜索关键字：不能超过 100 个字符',
        'Search words: must be at most 100 characters',
        'searchKey',
      ],
      [
        '/opportunity/cpq/priceinfo',
        {
          items: [
            { pn: 'A1', quantity: 1 },
            { pn: 'B2', quantity: 0 },
          ],
        },
        '配置清单第 2 行的数量：不能小于 1',
        'Quantity of line 2 of Configurations: must be at least 1',
        'items.1.quantity',
      ],
      [
        '/product/getStandardPrice',
        { ProductCodes: ['P1', 'x'.repeat(61)] },
        '物料编码第 2 行：不能超过 60 个字符',
        'Line 2 of Part numbers: must be at most 60 characters',
        'ProductCodes.1',
      ],
      [
        '/customer/processApproval',
        { ObjectID: '00000000-0000-4000-8000-000000000001', action: 'agree', WorkflowVersion: 'v2' },
        '流程版本：类型不正确，应为数字',
        'Workflow version: wrong type, expected a number',
        'WorkflowVersion',
      ],
      [
        '/roleToMenu/create',
        { ...role, RoleToMenuMenuList: [{ ID: 'home', Path: '' }] },
        '菜单权限第 1 行的菜单路径必填',
        'Menu path of line 1 of Menu access is required',
        'RoleToMenuMenuList.0.Path',
      ],
    ];
    for (const [path, body, zh, english, wire] of cases) {
      const chinese = await t.post(path, body, admin);
      expect([path, chinese.status, chinese.body.message]).toEqual([path, 400, zh]);
      const answer = await post(path, body);
      expect([path, answer.status, answer.body.message]).toEqual([path, 400, english]);
      // The wire name stays in the envelope for the form to mark its input, never in the words.
      expect(answer.body.field).toBe(wire);
      for (const name of wire.split('.').filter((segment) => !/^\d+$/.test(segment)))
        expect([chinese.body.message, answer.body.message].join(' ')).not.toContain(name);
    }
    expect(await footprint()).toBe(before);
  });

  it('refuses prototype names as an uploaded file’s extension', async () => {
    const before = await footprint();
    for (const ext of ['constructor', '__proto__', 'valueOf', 'toString']) {
      const boundary = `----bad${randomBytes(6).toString('hex')}`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/portal/file/uploadFile',
        payload:
          `--${boundary}\r\ncontent-disposition: form-data; name="ownerType"\r\n\r\n101\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="contract.${ext}"\r\n` +
          `content-type: application/octet-stream\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': admin },
      });
      // Refused as a file type the portal does not take (415), like any unknown extension.
      expect([400, 415], `.${ext}: ${response.body}`).toContain(response.statusCode);
    }
    expect(await footprint()).toBe(before);
  });
});
