import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { seriousViolations } from './axe';
import { login, useBrowser, waitForPath } from './browser';
import { choose, pageApi } from './portal-api';

// The last plan year (its quarters not begun) on the partner brand line, which the demo leaves free.
const { max: YEAR } = planYears();

/**
 * A province target from its entry to its approved lock: the province manager enters it (the server
 * splits it), allocates it to the demo RSP, sends it for confirmation; the RSP confirms its line on its
 * confirmation page; the province manager submits it;
 * the executive approves it on the same page and finds the RSP's STI on its line, where a quarter not
 * over yet is refused; afterwards a change of the target is refused as locked.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const decisionPanel = (page: Page) => page.locator(ACTIVE).locator('.portal-decision-panel');

async function press(page: Page, command: string, state: string) {
  const panel = decisionPanel(page);
  await panel.getByRole('button', { name: command, exact: true }).click();
  await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain(state);
}

describe('a province target', () => {
  it('goes from entry and split through confirmation and approval to its lock', async () => {
    const page = await e2e.newPage();
    await login(
      page,
      'province',
      'Demo@123456',
      e2e.url('/salesTask/province-task-distribution-edit?action=add'),
    );
    const form = page.locator(ACTIVE);
    await form.locator('input#field-AnnualTask').waitFor();
    await form.locator('#field-Year').fill(String(YEAR));
    await form.locator('[data-picker="region"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.getByLabel('关键字').fill('江苏');
    await dialog.getByRole('button', { name: '查询' }).click();
    await dialog.locator('tbody tr', { hasText: '江苏' }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await choose(form, page, 'Brand', '合作品牌');
    await choose(form, page, 'IndicatorType', '提货额');
    await form.locator('#field-AnnualTask').fill('1000000');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;
    await expect
      .poll(() => decisionPanel(page).locator('[data-decision-state]').textContent())
      .toContain('分配中');

    // The server split it by the default shares; the RSP's share is entered through the same save.
    const [target] = await pageApi<Record<string, string>[]>(page, '/provinceTask/getOne', { ObjectID: id });
    expect([target.Q1Task, target.Q4Task]).toEqual(['200000.00', '300000.00']);
    const rsp = await pageApi<{ token: string; employee: { ObjectID?: string } }>(page, '/user/login', {
      username: 'rsp',
      password: 'Demo@123456',
    });
    const [company] = await pageApi<{ Name: string }[]>(
      page,
      '/customer/search',
      { currentPage: 1, pageSize: 1, ExtCustomerType_SDK: '111' },
      rsp.token,
    );
    const line = await pageApi<{ ObjectID: string }>(page, '/rspTaskAllocation/create', {
      Year: YEAR,
      ProvinceName: target.ProvinceName,
      Brand: '111',
      IndicatorType: '101',
      AgentName: company.Name,
      LoadBearingAmount: '1100000',
    });

    await page.reload();
    await press(page, '发送 RSP 确认', '待代理商确认');
    // The RSP opens its line from its confirmation list and confirms it.
    const agent = await e2e.newPage();
    await login(agent, 'rsp', 'Demo@123456');
    await waitForPath(agent, '/dashboard');
    await agent.goto(e2e.url(`/salesTask/rsp-task-confirm?Year=${YEAR}`));
    await agent
      .locator(ACTIVE)
      .locator('tbody tr', { hasText: '合作品牌' })
      .getByRole('button')
      .first()
      .click();
    await press(agent, '确认任务', '已确认');
    await page.reload();
    await press(page, '提交审批', '审批中');

    const vp = await e2e.newPage();
    await login(vp, 'vp', 'Demo@123456');
    await waitForPath(vp, '/dashboard');
    await vp.goto(e2e.url(`/salesTask/province-task-distribution?objectID=${id}&action=detail`));
    await press(vp, '同意', '已通过');
    const status = vp
      .locator(ACTIVE)
      .locator('.portal-field', { hasText: '任务状态' })
      .locator('.portal-readonly-value');
    await expect.poll(() => status.textContent()).toContain('已生效');

    // HQ sees the RSP's STI on its line; a quarter not over yet is not calculated, and the panel says why.
    await vp.goto(e2e.url(`/salesTask/rsp-task-split?objectID=${line.ObjectID}&action=edit`));
    const sti = vp.locator(ACTIVE).getByTestId('rsp-sti');
    await sti.getByRole('button', { name: zh.salesTasks.sti.calculate }).click();
    await expect
      .poll(() => sti.locator('[data-refusal]').textContent())
      .toBe(zh.salesTasks.problems.stiQuarterOpen.replace('{{quarter}}', `${YEAR} Q1`));
    expect(await seriousViolations(vp, `${ACTIVE} [data-testid=rsp-sti]`)).toEqual([]);
    // The line is the province office's to change: HQ reads it, with no save.
    const lineForm = vp.locator(ACTIVE);
    await lineForm.locator('.portal-field', { hasText: '备注' }).locator('.portal-readonly-value').waitFor();
    expect(await lineForm.locator('.portal-record-actions button[type=submit]').count()).toBe(0);

    // Approved, the target's form locks its fields: they read as values, not inputs (the server refuses them too).
    await page.goto(e2e.url(`/salesTask/province-task-distribution-edit?objectID=${id}&action=edit`));
    const edit = page.locator(ACTIVE);
    await edit.locator('.portal-field', { hasText: '备注' }).locator('.portal-readonly-value').waitFor();
    expect(await edit.locator('textarea#field-Remark').count()).toBe(0);
    expect(await edit.locator('input#field-AnnualTask').count()).toBe(0);
  });

  it("is read by a city manager, who finds no button to change his tasks or anyone else's", async () => {
    const page = await e2e.newPage();
    await login(page, 'city', 'Demo@123456', e2e.url('/salesTask/city-manager-task-allocation'));
    const list = page.locator(ACTIVE);
    const rows = list.locator('tbody tr', { has: page.locator('.portal-link-button') });
    await rows.first().waitFor();
    const toolbar = list.locator('.portal-toolbar');
    await toolbar.getByRole('button', { name: '导出', exact: true }).waitFor();
    expect(await toolbar.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await toolbar.getByRole('button', { name: '导入' }).count()).toBe(0);
    // His task opens as he may read it: its values, no save.
    await rows.first().locator('.portal-link-button').click();
    const form = page.locator(ACTIVE);
    await form.locator('.portal-field', { hasText: '年度任务' }).locator('.portal-readonly-value').waitFor();
    expect(await form.locator('.portal-record-actions button[type=submit]').count()).toBe(0);

    // The province's tasks are listed for him too, without a link to their form, which is the office's.
    await page.goto(e2e.url('/salesTask/task-management'));
    const tasks = page.locator(ACTIVE);
    await tasks.locator('tbody tr', { hasText: '江苏省' }).first().waitFor();
    await tasks.locator('.portal-toolbar').getByRole('button', { name: '导出', exact: true }).waitFor();
    expect(await tasks.locator('tbody .portal-link-button').count()).toBe(0);
    expect(await tasks.locator('.portal-toolbar').getByRole('button', { name: '导入' }).count()).toBe(0);
  });
});
