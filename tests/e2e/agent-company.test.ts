import { beforeAll, describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { portalEnvelope } from './portal-api';

/**
 * An agent's staff meet their own company (docs/customer-workflows.md "Who starts an application"):
 * from their menu, read-only, with the applications an agent may make on it and not the vendor's.
 */
const e2e = useBrowser();
const ACTIVE_PAGE = '[data-testid=tab-page]:not([hidden])';
const OPEN_STATES = ['draft', 'inApproval', 'returned'];

const tokenOf = async (username: string) =>
  (await portalEnvelope('/user/login', { username, password: 'Demo@123456' })).results;

/**
 * The demo gives the RSP an open renewal of its own, and other browser tests may leave one: an agent
 * has one open application at a time, so the RSP withdraws its own, or the approvers reject another.
 */
async function closeOpenApplication(company: string, rsp: string) {
  const overview = await portalEnvelope('/customer/applications', { ObjectID: company }, rsp);
  const open = overview.results.Applications.find((a: { State: string }) => OPEN_STATES.includes(a.State));
  if (!open) return;
  if (open.Allowed.includes('application.withdraw')) {
    const withdrawn = await portalEnvelope(
      '/customer/rejectCustomerCommit',
      { ObjectID: company, WorkflowVersion: open.WorkflowVersion },
      rsp,
    );
    expect(withdrawn.state, withdrawn.message).toBe(true);
    return;
  }
  for (const user of ['channel', 'channeldept', 'province', 'vp']) {
    const { token } = await tokenOf(user);
    const options = await portalEnvelope(
      '/workflow/options',
      { workflow: 'customerChange', ObjectID: company },
      token,
    );
    if (!options.results?.Commands.some((c: { Name: string }) => c.Name === 'reject')) continue;
    const { StreamID, WorkflowVersion } = options.results;
    const rejected = await portalEnvelope(
      '/workflow/decide',
      {
        workflow: 'customerChange',
        ObjectID: company,
        StreamID,
        command: 'reject',
        payload: { reason: '演示数据' },
        WorkflowVersion,
      },
      token,
    );
    expect(rejected.state, rejected.message).toBe(true);
    return;
  }
}

let companyName = '';
beforeAll(async () => {
  const { token, employee } = await tokenOf('rsp');
  const company = employee.ExtCompanyID_SDK as string;
  await closeOpenApplication(company, token);
  const after = await portalEnvelope('/customer/applications', { ObjectID: company }, token);
  expect(after.results.Startable, 'an open application on the RSP nobody here can close').toContain(
    'renewal',
  );
  companyName = (await portalEnvelope('/customer/getOne', { ObjectID: company }, token)).results[0].Name;
});

describe("an agent's own company", () => {
  it('the RSP opens its company from the menu, read-only, and may apply for renewal but not suspension', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await page.locator('.portal-top-module', { hasText: '代理商管理' }).click();
    await waitForPath(page, '/customers/my-company');
    const shown = page.locator(ACTIVE_PAGE);
    await shown.getByRole('region', { name: '本公司信息' }).waitFor();
    await expect.poll(() => shown.locator('#field-Name').textContent()).toBe(companyName);
    // The vendor's detail of its tier: the RSP fields, nothing to edit or save.
    await expect.poll(() => shown.locator('#field-ExtChannelSmallType_SDK').textContent()).toBe('省级代理');
    expect(await shown.locator('.portal-record-form input, .portal-record-form textarea').count()).toBe(0);
    expect(await shown.getByRole('button', { name: '保存' }).count()).toBe(0);

    const panel = shown.locator('[data-customer-workflow]');
    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
    await panel.getByRole('button', { name: '协议续签', exact: true }).waitFor();
    for (const vendorOnly of ['暂停合作', '列入黑名单', '恢复合作'])
      expect(await panel.getByRole('button', { name: vendorOnly, exact: true }).count(), vendorOnly).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shown.screenshot({ path: 'test-results/agent-company.png' });
  });
});
