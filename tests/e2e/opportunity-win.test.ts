import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { login, useBrowser, waitForPath } from './browser';
import { api, ownCompanyName } from './portal-api';

/**
 * Winning a deal, clicked: the agent marks its protected opportunity won and is asked for the amount;
 * the opportunity shows it, and the opportunity report's won amount of the product line grows by it.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
// Wireless APs: the product line whose won figures the report shows below.
const LINE = '151';
const tokenFor = async (username: string) =>
  (await api<{ token: string }>('/user/login', { username, password: 'Demo@123456' })).token;
type Figures = { key: string; wonCount: number; wonAmount: string };
const lineFigures = async (token: string) =>
  (
    await api<{ byProductLine: Figures[] }>('/opportunityReport/summary', { ProductLine: LINE }, token)
  ).byProductLine.find((r) => r.key === LINE) ?? { key: LINE, wonCount: 0, wonAmount: '0' };

describe('winning a deal', () => {
  it('asks for the amount won, and the report adds it to the product line’s won amount', async () => {
    const rsp = await tokenFor('rsp');
    const ops = await tokenFor('ops');
    const created = await api<{ ObjectID: string }>(
      '/opportunity/create',
      {
        PageID: 'business.opportunityInfo',
        ExtOpportunitySource_SDK: '101',
        AgentName: await ownCompanyName(rsp),
        Name: 'Browser win project',
        ExtOppCustomerName_SDK: `Browser Win Campus ${Date.now()}`,
        ExtCustomerIndustry_SDK: '111',
        ProvinceName: 'Jiangsu',
        ProductLine: LINE,
        ExtOpportunityStage_SDK: '131',
        ExtBudgetAmount_SDK: '500000.00',
        ExtEstimatedSalesAmountcontent_SDK: '400000.00',
        ExtEstimatedBidDate_SDK: '2027-01-20',
        ExtRequirementDesc_SDK: 'Campus wireless',
      },
      rsp,
    );
    await api(
      '/workflow/decide',
      { workflow: 'opportunityRegistration', ObjectID: created.ObjectID, command: 'submit', payload: {} },
      rsp,
    );
    const before = await lineFigures(ops);

    const page = await e2e.newPage();
    await login(
      page,
      'rsp',
      'Demo@123456',
      e2e.url(`/business/opportunity-info?objectID=${created.ObjectID}&action=edit`),
    );
    const form = page.locator(ACTIVE);
    await form.getByRole('button', { name: '赢单', exact: true }).click();
    const dialog = page.locator('.portal-decision-dialog');
    // Confirmed empty, the dialog names the amount it needs and sends nothing.
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => dialog.textContent()).toContain('请填写赢单金额');
    await dialog.getByLabel('赢单金额（元）').fill('345678.90');
    await dialog.getByLabel('备注').fill('合同已签');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const after = await api<Record<string, string>[]>(
      '/opportunity/getOne',
      { ObjectID: created.ObjectID },
      rsp,
    );
    expect(after[0]).toMatchObject({ ExtOpportunityStatus_SDK: '191', ExtWinningAmount_SDK: '345678.90' });
    const figures = await lineFigures(ops);
    expect(figures.wonCount).toBe(before.wonCount + 1);
    expect(Number(figures.wonAmount)).toBeCloseTo(Number(before.wonAmount) + 345678.9, 2);

    // The report page, as the sales operations desk reads it, shows the line's won amount with it.
    const report = await e2e.newPage();
    await login(report, 'ops', 'Demo@123456');
    await waitForPath(report, '/dashboard');
    await report.goto(e2e.url('/business/opportunity-report'));
    const lines = report.locator(ACTIVE).getByRole('region', { name: '按产品线' });
    await expect
      .poll(() => lines.locator('tr', { hasText: '无线AP' }).textContent())
      .toContain(formatPrice(figures.wonAmount));
  });
});
