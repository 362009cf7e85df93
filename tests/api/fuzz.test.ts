import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workflowDeclarations } from '../../machines/workflows/registry';
import { recordPickers } from '../../server/lookups/record.lookup';
import { engineResources } from '../../server/resources/registry';
import { bodyOf, boundaryNumber, nasty, notUuid, nulString, prototypeName } from './fuzz-values';
import { startTestApp, type TestApp } from './harness';

// Fuzzing the API's bodies (security suite): wrong types, boundary numbers, huge and NUL strings,
// prototype keys and impossible dates, over every endpoint's schema. Whatever arrives, the answer is
// never a 5xx, and a refused call leaves the database as it was. A fixed seed keeps every run the same;
// the run count keeps the file within seconds on each backend.
const SEED = 20_240_229;
// FUZZ_RUNS=30 runs a deeper search by hand; the suite keeps to a few runs per endpoint.
const RUNS = Number(process.env.FUZZ_RUNS) || 3;

let t: TestApp;
let admin: string;
let rsp: string;
/** One record per resource the administrator sees, so updates and deletes reach their checks. */
const samples = new Map<string, { ObjectID: string; Version: number }>();
/** Actions no page of the administrator's menus offers: refused before any input is read. */
const forbidden = new Set<string>();
// Findings are gathered over every endpoint and shown together, rather than stopping at the first.
const fiveHundreds: string[] = [];
const writesOnRefusal: string[] = [];

/** Tables a refused call must leave as they were: the records and everything a write may add. */
const WATCHED = [
  'record',
  'sales_order',
  'order_item',
  'customer',
  'product',
  'customer_address',
  'company_info',
  'export_job',
  'file_object',
  'workflow_stream',
  'workflow_event',
  'number_sequence',
  'role_menu',
];

/** Row count and newest row version (xmin) of each watched table: any committed write moves one. */
async function fingerprint(): Promise<string> {
  const parts = WATCHED.map(
    (table) =>
      sql`select ${table} as t, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.table(table)}`,
  );
  const { rows } = await sql<{
    t: string;
    n: string;
    x: string;
  }>`${sql.join(parts, sql` union all `)}`.execute(t.database.db);
  return rows.map((r) => `${r.t}:${r.n}:${r.x}`).join(' ');
}

interface Target {
  path: string;
  body: fc.Arbitrary<unknown>;
  /** The call may write: a refusal is checked against the database. */
  writes?: boolean;
  token?: () => string;
  runs?: number;
}

async function call(target: Target, body: unknown) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/portal${target.path}`,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      'x-token': (target.token ?? (() => admin))(),
      'accept-language': 'en',
    },
  });
  return { status: response.statusCode, text: response.body };
}

/** The same seed everywhere would send every endpoint the same shapes; each gets its own, fixed. */
const seedOf = (path: string) => [...path].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, SEED);

/** The database as the last accepted call left it; a refused call must not move it. */
let baseline = '';

async function fuzz(target: Target) {
  if (target.writes) baseline = await fingerprint();
  await fc.assert(
    fc.asyncProperty(target.body, async (body) => {
      const { status, text } = await call(target, body);
      const shown = `${target.path} ${JSON.stringify(body).slice(0, 300)} → ${status} ${text.slice(0, 200)}`;
      if (status >= 500) fiveHundreds.push(shown);
      if (!target.writes) return;
      const now = await fingerprint();
      if (status >= 400 && now !== baseline) writesOnRefusal.push(shown);
      baseline = now;
    }),
    { seed: seedOf(target.path), numRuns: target.runs ?? RUNS },
  );
}

/** Every POST route under /portal the server declares, as its router lists them. */
function declaredRoutes(): string[] {
  const listing = t.app.printRoutes({ commonPrefix: false });
  return [...listing.matchAll(/\/portal(\/[^\s(]+) \(([^)]*)\)/g)]
    .filter(([, , methods]) => methods.split(', ').includes('POST'))
    .map(([, path]) => path);
}

/** Calls the sweep leaves out: they end the session it uses, or are fuzzed with their own shapes above. */
const SWEEP_SKIPS = new Set(['/user/logout', '/user/login', '/user/updatePassword', '/file/uploadFile']);
const SWEEP_FIELDS = [
  'ObjectID',
  'Version',
  'OrderNo',
  'keyword',
  'Lines',
  'Allocations',
  'Quantity',
  'Amount',
  'workflow',
  'command',
  'payload',
  'reason',
  'code',
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  rsp = await t.login('rsp', 'Demo@123456');
  for (const def of engineResources()) {
    const { body } = await t.post(`/${def.name}/search`, { pageSize: 1 }, admin);
    const row = body.results?.[0];
    if (row?.ObjectID) samples.set(def.name, { ObjectID: row.ObjectID, Version: row.Version });
    for (const action of ['create', 'update', 'delete']) {
      const probe = await t.post(`/${def.name}/${action}`, { ObjectID: 'none' }, admin);
      if (probe.status === 403) forbidden.add(`${def.name}/${action}`);
    }
  }
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => {
  fiveHundreds.length = 0;
  writesOnRefusal.length = 0;
});

const resources = engineResources();
const fieldsOf = (name: string) => [...(resources.find((d) => d.name === name)?.fields.keys() ?? [])];
const sampleOf = (name: string) =>
  fc.constant(null).map(() => samples.get(name)?.ObjectID ?? '00000000-0000-0000-0000-000000000000');
const objectId = fc.oneof(
  fc.constantFrom('abc', '', '00000000-0000-0000-0000-000000000000', 'constructor'),
  notUuid,
  nasty,
);

describe(`fuzzing every endpoint's body (${RUNS} runs each, seed ${SEED}): never a 5xx, a refusal writes nothing`, () => {
  it(`the resource engine: search, getOne, create, update and delete of ${resources.length} resources`, async () => {
    for (const def of resources) {
      const fields = fieldsOf(def.name);
      await fuzz({ path: `/${def.name}/search`, body: bodyOf(fields), runs: 2 * RUNS });
      // An agent's search runs through the company scope instead.
      await fuzz({ path: `/${def.name}/search`, body: bodyOf(fields), runs: 1, token: () => rsp });
      await fuzz({
        path: `/${def.name}/getOne`,
        body: bodyOf([], { ObjectID: fc.oneof(sampleOf(def.name), objectId) }),
        runs: 1,
      });
      const allowed = (action: string) => !forbidden.has(`${def.name}/${action}`);
      if (allowed('create')) await fuzz({ path: `/${def.name}/create`, body: bodyOf(fields), writes: true });
      if (allowed('update'))
        await fuzz({
          path: `/${def.name}/update`,
          body: bodyOf(fields, {
            ObjectID: fc.oneof(
              { weight: 4, arbitrary: sampleOf(def.name) },
              { weight: 1, arbitrary: objectId },
            ),
            Version: fc.oneof(
              { weight: 4, arbitrary: fc.constant(null).map(() => samples.get(def.name)?.Version ?? 1) },
              { weight: 1, arbitrary: nasty },
            ),
          }),
          writes: true,
          runs: 2 * RUNS,
        });
      if (allowed('delete'))
        await fuzz({
          path: `/${def.name}/delete`,
          body: fc.oneof(
            bodyOf([], { ObjectID: objectId }),
            bodyOf([], { ObjectIDs: fc.array(objectId, { maxLength: 3 }) }),
          ),
          writes: true,
          runs: 1,
        });
    }
    expect(fiveHundreds).toEqual([]);
    expect(writesOnRefusal).toEqual([]);
  }, 300_000);

  it('exports, pickers, workflows, files and the user calls', async () => {
    // Every declared workflow and its commands, with strangers among them.
    const workflowName = fc.oneof(
      fc.constantFrom(...workflowDeclarations.map((d) => d.name), 'constructor'),
      nasty,
    );
    const commandNames = [...new Set(workflowDeclarations.flatMap((d) => Object.keys(d.commands)))];
    const orderFields = fieldsOf('order');
    const configCode = fc.oneof(fc.constantFrom('OrderExport', 'ProductFileExport', 'constructor'), nasty);
    const targets: Target[] = [
      { path: '/excelExport/doExport', body: bodyOf(orderFields, { configCode }), writes: true },
      {
        path: '/excelExport/doSyncExportUrl',
        body: bodyOf([], { configCode, query: bodyOf(orderFields) }),
        writes: true,
      },
      { path: '/excelExport/search', body: bodyOf(['fileName', 'status']) },
      { path: '/excelExport/getFile', body: bodyOf([], { file: nasty }) },
      ...[
        '/customerLookup/search',
        '/employee/search',
        '/cpu/search',
        '/industry/search',
        '/region/search',
        '/companyInfo/search',
        '/qcc/search',
        '/city/searchAll',
        '/district/searchAll',
        '/province/searchAll',
      ].map((path) => ({
        path,
        body: bodyOf(['keyword', 'provinceCode', 'cityCode', 'searchKey', 'level', 'parentCode']),
      })),
      {
        path: '/companyInfo/saveCompanyInfo',
        body: bodyOf(['source', 'companyName', 'creditCode']),
        writes: true,
      },
      {
        path: '/workflow/options',
        body: bodyOf(['workflow', 'ObjectID', 'StreamID'], { workflow: workflowName }),
      },
      {
        path: '/workflow/decide',
        body: bodyOf(['ObjectID', 'StreamID', 'payload', 'WorkflowVersion'], {
          workflow: workflowName,
          command: fc.oneof(fc.constantFrom(...commandNames), nasty),
        }),
        writes: true,
        runs: 6 * RUNS,
      },
      { path: '/user/getInfo', body: bodyOf([]) },
      {
        path: '/user/updatePassword',
        body: bodyOf(['oldPassword', 'newPassword', 'confirmPassword']),
        // Refused guesses are counted against the account (a throttle): that write is intended.
        token: () => rsp,
      },
      { path: '/processHistory/searchAll', body: bodyOf(['streamId', 'ObjectID', 'workflow']) },
      { path: '/address/search', body: bodyOf(['customerId', 'keyword']) },
      { path: '/roleToMenu/search', body: bodyOf(['RoleCode', 'RoleName']) },
      { path: '/roleToMenu/create', body: bodyOf(['RoleCode', 'RoleName', 'menus']), writes: true },
      { path: '/cronJob/search', body: bodyOf(['name', 'group']) },
      { path: '/cronJob/update', body: bodyOf(['ObjectID', 'Version', 'schedule', 'Enabled']), writes: true },
      {
        path: '/address/createByCustomer',
        body: bodyOf(['customerId', 'ReceiverName', 'ReceiverPhone']),
        writes: true,
      },
      { path: '/address/update', body: bodyOf(['ObjectID', 'Version', 'ReceiverPhone']), writes: true },
      { path: '/employee/create', body: bodyOf(['UserName', 'LastName', 'RoleCode', 'Email']), writes: true },
      { path: '/customer/applications', body: bodyOf(['ObjectID', 'customerId']) },
      { path: '/customer/processApproval', body: bodyOf(['ObjectID', 'action', 'reason']), writes: true },
      { path: '/customer/renewalDue', body: bodyOf(['window', 'channelType']) },
      { path: '/registrationInfo/reviewOptions', body: bodyOf(['ObjectID']) },
      {
        path: '/registrationInfo/processApproval',
        body: bodyOf(['ObjectID', 'action', 'reason']),
        writes: true,
      },
      { path: '/registrationInfo/progress', body: bodyOf(['RegistrationNo', 'Phone']) },
      { path: '/dashboard/summary', body: bodyOf([]) },
      { path: '/commonSession/searchAll', body: bodyOf(['keyword']) },
      { path: '/user/login', body: bodyOf(['username', 'password']) },
    ];
    // Every record picker shares the paging schema of the pickers above.
    for (const picker of Object.keys(recordPickers))
      targets.push({ path: `/${picker}/search`, body: bodyOf(['keyword']) });
    for (const target of targets) await fuzz({ runs: 3 * RUNS, ...target });
    expect(fiveHundreds).toEqual([]);
    expect(writesOnRefusal).toEqual([]);
  }, 300_000);

  it('every other route the server declares, as the administrator and as an agent', async () => {
    const engine = new Set(
      resources.flatMap((def) =>
        ['search', 'getOne', 'create', 'update', 'delete'].map((a) => `/${def.name}/${a}`),
      ),
    );
    const routes = declaredRoutes().filter((path) => !engine.has(path) && !SWEEP_SKIPS.has(path));
    expect(routes.length).toBeGreaterThan(50);
    // Field names the command routes read, so a body reaches past "unknown record" now and then.
    const fields = [...SWEEP_FIELDS];
    const someRecord = fc.constant(null).map(() => [...samples.values()][0]?.ObjectID ?? '');
    // Commands that name a record by an id of their own (the rebate ledger's agent, a task's policy).
    const ids = { AgentID: objectId, PolicyID: objectId };
    for (const path of routes)
      for (const token of [() => admin, () => rsp])
        await fuzz({
          path,
          body: bodyOf(fields, { ObjectID: fc.oneof(objectId, someRecord), ...ids }),
          writes: true,
          token,
          runs: RUNS,
        });
    expect(fiveHundreds).toEqual([]);
    expect(writesOnRefusal).toEqual([]);
  }, 300_000);

  it('file uploads with hostile names, extensions and owners', async () => {
    const name = fc.oneof(
      fc.constantFrom('a.constructor', 'a.__proto__', 'a.valueOf', 'a.toString', '.pdf', 'a.', 'a\u0000.pdf'),
      fc
        .tuple(fc.string({ maxLength: 8 }), fc.oneof(prototypeName, fc.constantFrom('pdf', 'png')))
        .map(([base, ext]) => `${base}.${ext}`),
    );
    const field = fc.oneof(
      fc.string({ maxLength: 12 }),
      boundaryNumber.map(String),
      prototypeName,
      nulString,
    );
    await fc.assert(
      fc.asyncProperty(name, field, field, async (fileName, ownerType, ownerId) => {
        const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
        const payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="ownerType"\r\n\r\n${ownerType}\r\n` +
              `--${boundary}\r\ncontent-disposition: form-data; name="ownerId"\r\n\r\n${ownerId}\r\n` +
              `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName.replace(/["\r\n]/g, '_')}"\r\n` +
              'content-type: application/octet-stream\r\n\r\n%PDF-1.4 fuzz\r\n' +
              `--${boundary}--\r\n`,
          ),
        ]);
        const before = await fingerprint();
        const response = await t.app.inject({
          method: 'POST',
          url: '/portal/file/uploadFile',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': rsp },
        });
        const shown = `upload ${JSON.stringify([fileName, ownerType, ownerId])} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) fiveHundreds.push(shown);
        if (response.statusCode >= 400 && (await fingerprint()) !== before) writesOnRefusal.push(shown);
      }),
      { seed: SEED, numRuns: 25 },
    );
    expect(fiveHundreds).toEqual([]);
    expect(writesOnRefusal).toEqual([]);
  }, 120_000);
});
