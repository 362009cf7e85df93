import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import { zh } from '../../locales/zh/messages';
import { CARRY_CCPS } from '../../server/customers/ccp-supplier';
import { login, useBrowser } from './browser';
import { api } from './portal-api';

/**
 * An RSP entered in the wrong province, moved by the administrator (docs/customer-workflows.md "A CCP's
 * supplier"): the save asks first, in a dialog naming how many CCPs move with it and where. Declined,
 * nothing is written and the form keeps what was typed; confirmed, the RSP and its CCPs move together.
 * The test puts the demo back as it found it, through the same saves.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const TO = { ProvinceName: '江苏省', CityName: '南京市' };

interface Agent {
  ObjectID: string;
  Version: number;
  Name: string;
  ProvinceName: string;
  CityName: string;
  ExtSupplierName_SDK?: string;
  ExtCustomerStatus_SDK: string;
}

const adminToken = async () =>
  (await api<{ token: string }>('/user/login', { username: 'admin', password: 'Admin@123456' })).token;

/** Every row of a list of agents, page by page. */
async function everyAgent(token: string, page: string, type: string) {
  const rows: Agent[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const found = await api<Agent[]>(
      '/customer/search',
      { PageID: page, currentPage, pageSize: 100, ExtChannelSmallType_SDK: type },
      token,
    );
    rows.push(...found);
    if (found.length < 100) return rows;
  }
}

/** An active RSP outside Jiangsu and the CCPs still counting on it as their supplier: the one with fewest. */
async function rspWithCcps(token: string) {
  const [rsps, ccps] = await Promise.all([
    everyAgent(token, 'customers.rspInfo', 'RSP'),
    everyAgent(token, 'customers.ccpInfo', 'CCP'),
  ]);
  const candidates = rsps.filter(
    (r) => r.ExtCustomerStatus_SDK === CustomerStatus.active && r.ProvinceName !== TO.ProvinceName,
  );
  const supplying = candidates
    .map((rsp) => ({
      rsp,
      ccps: ccps.filter(
        (c) => c.ExtSupplierName_SDK === rsp.Name && c.ExtCustomerStatus_SDK !== CustomerStatus.terminated,
      ),
    }))
    .filter((found) => found.ccps.length > 0)
    .sort((a, b) => a.ccps.length - b.ccps.length);
  if (supplying.length) return supplying[0];
  throw new Error('the demo has no RSP outside Jiangsu supplying a CCP');
}

const getOne = (token: string, id: string) =>
  api<Agent[]>('/customer/getOne', { ObjectID: id }, token).then((r) => r[0]);

async function choosePlace(page: Page, form: Locator, field: string, name: string) {
  await form
    .locator('.portal-picker-field', { has: page.locator(`#field-${field}`) })
    .locator('[data-picker="region"]')
    .click();
  const dialog = page.locator('.portal-picker-dialog');
  await dialog.getByLabel(zh.kitPickers.keyword).fill(name);
  await dialog.getByRole('button', { name: zh.kitPickers.search }).click();
  await dialog.locator('tbody tr', { hasText: name }).first().locator('.p-radiobutton').click();
  await dialog.getByRole('button', { name: zh.kitPickers.confirm }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => form.locator(`#field-${field}`).inputValue()).toBe(name);
}

describe('an RSP moved to another province with the CCPs it supplies', () => {
  it('asks first, writes nothing when declined, and moves them all when confirmed', async () => {
    const token = await adminToken();
    const { rsp, ccps } = await rspWithCcps(token);
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', `/customers/rsp-edit?objectID=${rsp.ObjectID}&action=edit`);
    const form = page.locator(ACTIVE);
    await expect.poll(() => form.locator('#field-ProvinceName').inputValue()).toBe(rsp.ProvinceName);
    await choosePlace(page, form, 'ProvinceName', TO.ProvinceName);
    await choosePlace(page, form, 'CityName', TO.CityName);
    const save = form.locator('.portal-record-actions button[type=submit]');
    const question = page.locator('.p-confirm-dialog');

    await save.click();
    await question.waitFor();
    const asked = (await question.textContent()) ?? '';
    expect(asked).toContain(`仍有 ${ccps.length} 家城市代理以该代理商为供货上级`);
    expect(asked).toContain(`${TO.ProvinceName}${TO.CityName}`);
    await question.getByRole('button', { name: zh.app.kit.cancel, exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await form.locator('#field-ProvinceName').inputValue(), 'the form keeps what was typed').toBe(
      TO.ProvinceName,
    );
    expect((await getOne(token, rsp.ObjectID)).ProvinceName, 'declined, nothing is written').toBe(
      rsp.ProvinceName,
    );

    await save.click();
    await question.waitFor();
    await question.getByRole('button', { name: zh.app.record.confirmSave, exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await getOne(token, rsp.ObjectID)).ProvinceName, { timeout: 15_000 })
      .toBe(TO.ProvinceName);
    for (const ccp of ccps) expect((await getOne(token, ccp.ObjectID)).ProvinceName).toBe(TO.ProvinceName);

    // Back as the demo had them: the RSP carrying its CCPs home, then each CCP in its own city.
    const moved = await getOne(token, rsp.ObjectID);
    await api(
      '/customer/update',
      {
        PageID: 'customers.rspEdit',
        ObjectID: rsp.ObjectID,
        Version: moved.Version,
        ProvinceName: rsp.ProvinceName,
        CityName: rsp.CityName,
        Confirmed: { [CARRY_CCPS]: ccps.length },
      },
      token,
    );
    for (const ccp of ccps) {
      const home = await getOne(token, ccp.ObjectID);
      if (home.CityName === ccp.CityName) continue;
      await api(
        '/customer/update',
        {
          PageID: 'customers.ccpEdit',
          ObjectID: ccp.ObjectID,
          Version: home.Version,
          CityName: ccp.CityName,
        },
        token,
      );
    }
    for (const agent of [rsp, ...ccps])
      expect(await getOne(token, agent.ObjectID)).toMatchObject({
        ProvinceName: agent.ProvinceName,
        CityName: agent.CityName,
      });
  });
});
