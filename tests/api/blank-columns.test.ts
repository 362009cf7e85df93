import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { startTestApp, type TestApp } from './harness';

/**
 * The catalogue walk for columns nobody can read: every list of the demo is read as the administrator
 * and, where the list is on an agent's menu, as that agent; a column blank on every row it shows is a
 * wrong field name or a missing join, unless the column is legitimately optional on the demo's data
 * (OPTIONAL below, each with its reason).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-blank-columns-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

let t: TestApp;
const tokens: Record<string, string> = {};
/** The pages on each agent account's menu. */
const agentPages = new Map<string, Set<string>>();
const AGENTS = ['rsp', 'ccp', 'gd'];

beforeAll(async () => {
  t = await startTestApp('demo');
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const agent of AGENTS) {
    tokens[agent] = await t.login(agent, 'Demo@123456');
    const menu = await sql<{ page: string }>`select m.menu_id as page from role_menu m
      join employee e on e.role_code = m.role_code where e.username = ${agent}`.execute(t.database.db);
    agentPages.set(agent, new Set(menu.rows.map((r) => r.page)));
  }
});
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Columns the demo may leave blank on every row, by page and field, each for the reason given. */
const OPTIONAL: Record<string, string> = {
  // Configuration: a chain for every channel or province names none; a step names a person only when
  // one person of its role decides; no band of the demo has a fourth step.
  'baseManage.agentApprovalProcessConfig.ExtChannelSmallType_SDK': 'a chain for every channel subtype',
  'baseManage.agentApprovalProcessConfig.ProvinceName': 'a chain for every province',
  'baseManage.agentApprovalProcessConfig.firstName': 'the step is decided by any person of its role',
  'baseManage.agentApprovalProcessConfig.secondName': 'the step is decided by any person of its role',
  'baseManage.agentApprovalProcessConfig.thirdName': 'the step is decided by any person of its role',
  'baseManage.agentApprovalProcessConfig.fourthRole': 'no demo chain has a fourth step',
  'baseManage.agentApprovalProcessConfig.fourthName': 'no demo chain has a fourth step',
  'ordersSetup.orderApprovalConfig.fourthRole': 'no demo amount band has a fourth step',
  'ordersSetup.loanApprovalConfig.fourthRole': 'no demo value band has a fourth step',
  'baseManage.cityManagerConfig.EndDate': 'an assignment runs until someone ends it',
  'business.salesProductConfig.EndDate':
    'the demo keeps every product on sale: its configurations run until someone ends them',
  'customers.creditLimitRequests.PreviousPartnerCreditLimit':
    'only an agent with partner-line orders has a partner limit to change; the demo asks for own-line RSPs',
  'customers.creditLimitRequests.PartnerCreditLimit':
    'only an agent with partner-line orders has a partner limit to change; the demo asks for own-line RSPs',
  'system.cronjobList.LastRunTime': 'a fresh world has not run a scheduled job through the scheduler yet',
  'system.cronjobList.LastRunResult': 'a fresh world has not run a scheduled job through the scheduler yet',
  // The order desk.
  'ordersSetup.syncedOrders.OpportunityNo':
    'the partner’s orders come from its system, which names no opportunity',
  'ordersSetup.partnerOriginalOrders.ErrorMessage':
    'an original is kept once its row is taken; a message only when a later pull of it is refused',
  'ordersSetup.payerAgreements.ValidTo': 'an agreement runs until it is ended',
  'ordersSetup.payerAgreements.Remark': 'a free remark',
  'ordersSetup.invoiceDetails.TrackingNo': 'a waybill only for a paper invoice sent by post',
  'ordersSetup.loanOrders.OpportunityNo': 'a loan names an opportunity only when it is lent for one',
  'ordersSetup.loanReturnOrders.ReturnReason': 'a free choice on the return form',
  'ordersSetup.loanVerificationRecords.RelatedOrderNo':
    'only a conversion to a sale has an order; the demo converts none',
  'ordersSetup.loanOrderModify.ExtendedTo': 'only an extended loan has one; the demo extends none',
};

/**
 * Columns outside the order desk blank on every row of the demo whose cause is not yet traced (a
 * wrong field, a missing join, or data the demo does not make): listed so that no new one appears
 * unnoticed, and each to leave this list once traced, fixed or moved to OPTIONAL with its reason.
 */
const NOT_YET_TRACED = [
  'customers.originalRegistrationInfo.ExtRegisteredCapital_SDK',
  'business.projectProgressReport.NextStep',
  'business.commitmentLetters.originalCommitmentLetterName',
  'business.commitmentLetters.originalCommitmentLetterUrl',
  'rebates.announcementView.Attachment',
  'rebates.rebateMaxRatio.ProductLine',
  'report.distributorSalesReport.LateReport',
  'report.distributorStockReport.ExpectedOpening',
  'report.distributorStockReport.LateReport',
  'report.salesReportControlDate.Locked',
  'report.distributorPurchaseReport.PurchaseOrderNo',
  'report.distributorPurchaseReport.LateReport',
  'report.distributorShipmentReports.LateReport',
  'report.reconcileWarnings.SupplierName',
  'report.rspShipmentReports.LateReport',
  'report.lateReportRequests.WindowEnd',
  'report.lateReportRequests.DeciderName',
];
const allowed = (key: string) => Boolean(OPTIONAL[key]) || NOT_YET_TRACED.includes(key);

const lists = pages.filter(
  (p): p is PageEntry & { resource: string } => p.kind === 'list' && Boolean(p.resource),
);

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The list's columns still blank on every row read, reading page after page while any is. */
async function blankColumns(page: PageEntry & { resource: string }, token: string, still: Set<string>) {
  let rowsRead = 0;
  for (let currentPage = 1; currentPage <= 10 && still.size; currentPage++) {
    const answer = await t.post(
      `/${page.resource}/search`,
      { PageID: page.id, currentPage, pageSize: 100 },
      token,
    );
    if (answer.status !== 200 || !Array.isArray(answer.body.results)) break;
    const rows = answer.body.results as Record<string, unknown>[];
    rowsRead += rows.length;
    for (const row of rows) for (const field of [...still]) if (!isBlank(row[field])) still.delete(field);
    if (rows.length < 100) break;
  }
  return rowsRead;
}

describe('every list of the demo', () => {
  it('leaves no order desk column untraced', () => {
    expect(NOT_YET_TRACED.filter((key) => key.startsWith('ordersSetup.'))).toEqual([]);
  });

  it('shows something in each column on some row, unless legitimately optional; no order desk list is empty', async () => {
    const blank: string[] = [];
    const empty: string[] = [];
    for (const page of lists) {
      const still = new Set((page.columns ?? []).map((c) => c.field));
      let rows = await blankColumns(page, tokens.admin, still);
      for (const agent of AGENTS)
        if (still.size && agentPages.get(agent)?.has(page.id))
          rows += await blankColumns(page, tokens[agent], still);
      // An empty list shows no column blank; on the order desk no list may be empty on the demo.
      if (!rows) {
        if (page.id.startsWith('ordersSetup.')) empty.push(page.id);
        continue;
      }
      for (const field of still) if (!allowed(`${page.id}.${field}`)) blank.push(`${page.id}.${field}`);
    }
    expect(blank).toEqual([]);
    expect(empty).toEqual([]);
  });

  it('allows only columns that are still blank on every row', async () => {
    // An entry outlives its reason once the demo fills the column: the walk then says so.
    const stale: string[] = [];
    for (const key of [...Object.keys(OPTIONAL), ...NOT_YET_TRACED]) {
      const [section, name, field] = key.split('.');
      const page = lists.find((p) => p.id === `${section}.${name}`);
      if (!page) {
        stale.push(key);
        continue;
      }
      const still = new Set([field]);
      await blankColumns(page, tokens.admin, still);
      for (const agent of AGENTS)
        if (still.size && agentPages.get(agent)?.has(page.id)) await blankColumns(page, tokens[agent], still);
      if (!still.size) stale.push(key);
    }
    expect(stale).toEqual([]);
  });
});

describe('the own-line order list’s order status', () => {
  it('follows approval and delivery: 执行中 in force, 已完成 once received, 已关闭 rejected or cancelled', async () => {
    const rows = await sql<{ approval: string; delivery: string | null; status: string | null }>`select
        approval_status as approval, delivery_status as delivery, order_status as status
      from sales_order`.execute(t.database.db);
    const expected = (approval: string, delivery: string | null) =>
      ['121', '151'].includes(approval)
        ? delivery === '131'
          ? '111'
          : '101'
        : ['131', '141'].includes(approval)
          ? '121'
          : null;
    expect(rows.rows.filter((r) => r.status !== expected(r.approval, r.delivery))).toEqual([]);
    const statuses = new Set(rows.rows.map((r) => r.status));
    expect([statuses.has('101'), statuses.has('121')]).toEqual([true, true]);
    const listed = await t.post(
      '/order/search',
      { PageID: 'ordersSetup.ownLineOrders', OrderStatus: '101', pageSize: 20 },
      tokens.admin,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.results.length).toBeGreaterThan(0);
    for (const row of listed.body.results) expect(['121', '151']).toContain(row.ApprovalStatus);
  });
});
