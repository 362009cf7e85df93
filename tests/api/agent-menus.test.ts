import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { pageActions, pagesOpenedBy } from '../../catalogue/page-actions';
import { up as correctAgentMenus } from '../../server/db/migrations/016-agent-menus.migration';
import { up as addAgentCompanyPage } from '../../server/db/migrations/017-agent-company-page.migration';
import { up as addAgentReceiptsAndInvoices } from '../../server/db/migrations/073-agent-receipts-invoices.migration';
import { up as addOwedReportPages } from '../../server/db/migrations/074-agent-owed-reports.migration';
import { grantReportLinesPage } from '../../server/db/migrations/093-report-lines.migration';
import { ROLE } from '../../server/identity/roles';
import { AGENT_MENUS, AGENT_PAGES } from '../../server/reference/agent-menus.data';
import { startTestApp, type TestApp } from './harness';

const AGENTS = [
  ['rsp', ROLE.rspAgent],
  ['ccp', ROLE.ccpAgent],
  ['gd', ROLE.distributor],
] as const;

/**
 * Pages only the vendor works with (DOMAIN.md): configuration an agent would find empty or be
 * offered what the server refuses, and the vendor's own approval queues and task planning.
 */
const VENDOR_PAGES = [
  'ordersSetup.orderApprovalConfig',
  'ordersSetup.serviceControlledParts',
  'ordersSetup.rspCashDiscountConfig',
  'ordersSetup.paymentApproval',
  'ordersSetup.invoiceApproval',
  'ordersSetup.groupCustomers',
  'ordersSetup.deliveryInfoConfirm',
  'rebates.rebateMaxRatio',
  'salesTask.provinceTaskShare',
  'salesTask.quarterMonthShare',
  'salesTask.taskManagement',
  'salesTask.rspTaskAllocation',
  'salesTask.rspTaskApproval',
  'salesTask.cityManagerTaskAllocation',
  'salesTask.cityManagerTaskApproval',
  'salesTask.rspLoadBearing',
  'business.salesAreaMaintenance',
  'business.salesProductConfig',
  'business.specialConfigManagement',
  'business.opportunityOwnerChange',
  'business.opportunityCustomerData',
  'report.salesReportControlDate',
];
/** Whole modules of vendor work: configuration, templates, administration, field sales. */
const VENDOR_MODULES = ['baseManage', 'system', 'models', 'salesActivity'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function menuOf(username: string) {
  const { body } = await t.post('/user/login', { username, password: 'Demo@123456' });
  const { token, employee } = body.results;
  const menus = await t.post('/roleToMenu/searchOne', { code: employee.ExtRoleCode_SDK }, token);
  const paths: string[] = menus.body.results.RoleToMenuMenuList.map((m: { Path: string }) => m.Path);
  return { token, paths, role: String(employee.ExtRoleCode_SDK) };
}

describe("an agent's menu holds only what an agent works with", () => {
  it.each(AGENTS)('%s: no vendor-only page', async (username) => {
    const { paths } = await menuOf(username);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((id) => VENDOR_PAGES.includes(id))).toEqual([]);
    expect(paths.filter((id) => VENDOR_MODULES.includes(id.split('.')[0]))).toEqual([]);
    // A module granted whole would bring its vendor pages back: every page is one an agent works with.
    expect(paths.filter((id) => !AGENT_PAGES.has(id))).toEqual([]);
  });

  it.each(AGENTS)('%s: no page offers an action the server refuses', async (username) => {
    const { token, paths, role } = await menuOf(username);
    const open = pagesOpenedBy(paths);
    const probes: { page: string; action: string; call: () => Promise<{ status: number }> }[] = [];
    for (const id of paths) {
      const page = pageById(id);
      if (!page?.resource) continue;
      const base = `/${page.resource}`;
      // Bodies the checks after permission refuse, so nothing is written whatever the answer.
      for (const action of pageActions(page, (p) => open.has(p), role)) {
        const call =
          action === 'create'
            ? () => t.post(`${base}/create`, { NoSuchField: 'x' }, token)
            : action === 'update'
              ? () =>
                  t.post(`${base}/update`, { ObjectID: randomUUID(), Version: 1, NoSuchField: 'x' }, token)
              : action === 'delete'
                ? () => t.post(`${base}/delete`, { ObjectID: randomUUID() }, token)
                : () =>
                    t.post(
                      '/excelExport/doExport',
                      { configCode: page.export?.configCode, NoSuchField: 'x' },
                      token,
                    );
        probes.push({ page: id, action, call });
      }
    }
    expect(probes.length).toBeGreaterThan(0);
    const answers = await Promise.all(probes.map(async (p) => ({ ...p, status: (await p.call()).status })));
    const refused = answers.filter((a) => a.status === 403).map((a) => `${a.page} ${a.action}`);
    expect(refused).toEqual([]);
    // Past permission, the checks of the body answer: 400 for the bad field, 404 for the unknown record.
    const other = answers.filter((a) => a.status !== 400 && a.status !== 404);
    expect(other.map((a) => `${a.page} ${a.action} ${a.status}`)).toEqual([]);
  });

  it('a database seeded with whole modules gets the agent menus by migration 016 and the later grants', async () => {
    const db = t.database.db;
    const stale = [
      'salesTask.provinceTaskShare',
      'ordersSetup.orderApprovalConfig',
      'rebates.rebateMaxRatio',
    ];
    await db
      .insertInto('role_menu')
      .values(stale.map((id) => ({ role_code: ROLE.rspAgent, menu_id: id, path: id })))
      .execute();
    await db
      .deleteFrom('role_menu')
      .where('role_code', '=', ROLE.distributor)
      .where('path', '=', 'importHistory.list')
      .execute();
    expect((await menuOf('rsp')).paths).toEqual(expect.arrayContaining(stale));

    await correctAgentMenus(db as never);
    // The pages agents were given since come by the migrations that gave them, in their order.
    await addAgentReceiptsAndInvoices(db as never);
    await addOwedReportPages(db as never);
    await grantReportLinesPage(db as never);

    for (const [username, role] of AGENTS) {
      expect((await menuOf(username)).paths.sort(), username).toEqual([...AGENT_MENUS[role]].sort());
    }
  });
});

const MY_COMPANY = 'customers.myCompany';

/** An agent's login: its token and the company its account belongs to. */
async function agent(username: string) {
  const { body } = await t.post('/user/login', { username, password: 'Demo@123456' });
  return { token: body.results.token as string, company: body.results.employee.ExtCompanyID_SDK as string };
}

/** A company outside the agent's scope: neither its own nor one of the CCPs it supplies. */
async function otherCompanyThan(company: string) {
  const { rows } = await sql<{ id: string }>`select object_id::text as id from customer
    where object_id <> ${company} and (parent_id is null or parent_id <> ${company}) limit 1`.execute(
    t.database.db,
  );
  return rows[0].id;
}

describe("an agent's own company", () => {
  it.each(AGENTS)(
    '%s opens its own company and no other; vendor staff are given no such page',
    async (username) => {
      const { token, company } = await agent(username);
      expect((await menuOf(username)).paths).toContain(MY_COMPANY);
      const own = await t.post('/customer/getOne', { ObjectID: company }, token);
      expect([own.status, own.body.results[0].ObjectID]).toEqual([200, company]);
      expect(own.body.results[0].Name).toBeTruthy();
      const other = await t.post('/customer/getOne', { ObjectID: await otherCompanyThan(company) }, token);
      expect(other.status).toBe(404);
      const applications = await t.post(
        '/customer/applications',
        { ObjectID: await otherCompanyThan(company) },
        token,
      );
      expect(applications.status).toBe(404);
      // The vendor's queues stay the vendor's, though the agent now reads a customer record.
      expect((await t.post('/customer/searchLockRsp', {}, token)).status).toBe(403);
      expect((await t.post('/customer/renewalDue', {}, token)).status).toBe(403);
    },
  );

  it('vendor staff with the agents module have no own-company page', async () => {
    for (const username of ['channel', 'ops', 'channeldept']) {
      expect((await menuOf(username)).paths, username).not.toContain(MY_COMPANY);
    }
  });

  it('an agent is offered and may start renewal, senior certification and conversion, never suspension or blacklist', async () => {
    const { token, company } = await agent('ccp');
    const offered = await t.post('/customer/applications', { ObjectID: company }, token);
    // The agent's kinds that its facts allow (a certified agent cannot apply again), and nothing else.
    const certified = await sql<{ senior: string | null }>`select data->>'ExtSeniorCertified_SDK' as senior
      from customer where object_id = ${company}`.execute(t.database.db);
    const senior = certified.rows[0]?.senior === 'true' ? [] : ['seniorCertification'];
    expect(offered.body.results.Startable).toEqual(['renewal', ...senior, 'conversion']);

    const streams = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from workflow_stream
          where subject_id = ${company}`.execute(t.database.db)
      ).rows[0].n;
    const before = await streams();
    const suspension = await t.post('/customer/suspend', { ObjectID: company, reason: 'self' }, token);
    expect([suspension.status, suspension.body.message]).toEqual([
      403,
      '暂停合作只能由厂商发起，代理商不能为自己申请',
    ]);
    const blacklist = await t.post(
      '/customer/blacklist',
      { ObjectID: company, reason: 'self', days: 180 },
      token,
      {
        'accept-language': 'en',
      },
    );
    expect([blacklist.status, blacklist.body.message]).toEqual([
      403,
      'Blacklisting is started by the vendor only; an agent cannot apply for it',
    ]);
    expect(await streams()).toBe(before);

    const renewal = await t.post('/customer/renewal', { ObjectID: company, termMonths: 12 }, token);
    expect([renewal.status, renewal.body.results.Kind, renewal.body.results.State]).toEqual([
      200,
      'renewal',
      'inApproval',
    ]);
    // Its own application: the agent may withdraw it before anyone decides.
    expect(renewal.body.results.Allowed).toContain('application.withdraw');
  });

  it('an RSP applies for its own company only, not for a CCP it supplies', async () => {
    const { token, company } = await agent('rsp');
    const { rows } = await sql<{ id: string }>`select object_id::text as id from customer
      where parent_id = ${company} limit 1`.execute(t.database.db);
    const ccp = rows[0].id;
    // In its scope, so it reads the CCP, but the applications on it are the vendor's.
    expect((await t.post('/customer/getOne', { ObjectID: ccp }, token)).status).toBe(200);
    const offered = await t.post('/customer/applications', { ObjectID: ccp }, token);
    expect(offered.body.results.Startable).toEqual([]);
    const renewal = await t.post('/customer/renewal', { ObjectID: ccp, termMonths: 12 }, token);
    expect([renewal.status, renewal.body.message]).toEqual([403, '代理商只能为本公司发起申请']);
  });

  it('vendor staff keep every kind: they are offered suspension and blacklist and may start them', async () => {
    const ops = await t.login('ops', 'Demo@123456');
    const { company } = await agent('gd');
    const found = await t.post(
      '/customer/search',
      { currentPage: 1, pageSize: 20, ExtChannelSmallType_SDK: 'RSP', ExtCustomerStatus_SDK: '161' },
      ops,
    );
    const ids: string[] = found.body.results.map((r: { ObjectID: string }) => r.ObjectID);
    let subject: string | undefined;
    for (const id of ids.filter((id) => id !== company)) {
      const offered = await t.post('/customer/applications', { ObjectID: id }, ops);
      if (offered.body.results.Startable.length) {
        expect(offered.body.results.Startable).toEqual(expect.arrayContaining(['suspension', 'blacklist']));
        subject = id;
        break;
      }
    }
    expect(subject).toBeDefined();
    const suspension = await t.post('/customer/suspend', { ObjectID: subject, reason: '跨区域窜货' }, ops);
    expect([suspension.status, suspension.body.results.Kind]).toEqual([200, 'suspension']);
  });

  it('a database seeded before gets the page in the agent menus by migration 017, once', async () => {
    const db = t.database.db;
    await db.deleteFrom('role_menu').where('path', '=', MY_COMPANY).execute();
    expect((await menuOf('gd')).paths).not.toContain(MY_COMPANY);
    await addAgentCompanyPage(db as never);
    await addAgentCompanyPage(db as never);
    for (const [username, role] of AGENTS) {
      expect((await menuOf(username)).paths.sort(), username).toEqual([...AGENT_MENUS[role]].sort());
    }
    expect((await menuOf('ops')).paths).not.toContain(MY_COMPANY);
  });
});
