import { describe, expect, it } from 'vitest';
import { codeEntries } from '../../domain/codes/code';
import { TaskApprovalStatus, TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { salesTasks } from '../../locales/zh/sales-tasks';
import { provinceOf } from '../../server/reference/regions.data';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { seriousViolations } from './axe';
import { login, useBrowser, waitForPath } from './browser';
import { pageApi } from './portal-api';

// The last plan year (its quarters not begun) on the partner brand line's collections, which the demo leaves free.
const { max: YEAR } = planYears();
const key = { Year: YEAR, ProvinceName: provinceOf('320000').nameZh, Brand: '111', IndicatorType: '121' };
/** The words a dictionary shows for a code, as the page reads them (zh). */
const wordOf = (dictionary: object, code: string) => codeEntries(dictionary).find((e) => e[0] === code)?.[1];
const AGREE = salesTasks.decision.commands.agree;

/**
 * A task package approved on the RSP task approval page: the province office allocates a target to the
 * demo RSP, which confirms, and submits it; the executive opens the RSP's line from the approval list,
 * sees the package (its target and lines) and agrees to it there; the package and its lines read
 * approved on the same page.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe('the RSP task approval page', () => {
  it("approves a package from one of its lines, with the package's target and lines beside the decision", async () => {
    const office = await e2e.newPage();
    await login(office, 'province', 'Demo@123456');
    await waitForPath(office, '/dashboard');
    const rsp = await pageApi<{ token: string }>(office, '/user/login', {
      username: 'rsp',
      password: 'Demo@123456',
    });
    const [company] = await pageApi<{ Name: string }[]>(
      office,
      '/customer/search',
      { currentPage: 1, pageSize: 1, ExtCustomerType_SDK: '111' },
      rsp.token,
    );
    const target = await pageApi<{ ObjectID: string }>(office, '/provinceTask/create', {
      ...key,
      AnnualTask: '1000000',
    });
    const line = await pageApi<{ ObjectID: string }>(office, '/rspTaskAllocation/create', {
      ...key,
      AgentName: company.Name,
      LoadBearingAmount: '1100000',
    });
    const decide = (workflow: string, id: string, command: string, token?: string) =>
      pageApi(office, '/workflow/decide', { workflow, ObjectID: id, command, payload: {} }, token);
    await decide('salesTask', target.ObjectID, 'requestConfirmation');
    await decide('rspTaskConfirmation', line.ObjectID, 'confirm', rsp.token);
    await decide('salesTask', target.ObjectID, 'submit');

    const vp = await e2e.newPage();
    await login(vp, 'vp', 'Demo@123456');
    await waitForPath(vp, '/dashboard');
    await vp.goto(e2e.url(`/salesTask/rsp-task-approval?Year=${YEAR}`));
    await vp
      .locator(ACTIVE)
      .locator('tbody tr', { hasText: company.Name })
      .filter({ hasText: wordOf(TaskApprovalStatus, TaskApprovalStatus.inApproval) })
      .getByRole('button', { name: company.Name })
      .click();
    await expect.poll(() => new URL(vp.url()).pathname).toBe('/salesTask/rsp-package-approval');
    const taskPackage = vp.locator(ACTIVE).getByTestId('task-package');
    const status = taskPackage.locator('[data-field=TaskPackageStatus]');
    await expect
      .poll(() => status.textContent())
      .toBe(wordOf(TaskPackageStatus, TaskPackageStatus.awaitingApproval));
    await expect.poll(() => taskPackage.getByTestId('package-lines').textContent()).toContain(company.Name);
    expect(await seriousViolations(vp, `${ACTIVE} [data-testid=task-package]`)).toEqual([]);

    const panel = taskPackage.locator('.portal-decision-panel');
    await panel.getByRole('button', { name: AGREE, exact: true }).click();
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toBe(wordOf(TaskPackageStatus, TaskPackageStatus.inEffect));
    await expect
      .poll(() => taskPackage.getByTestId('package-lines').textContent())
      .toContain(wordOf(TaskApprovalStatus, TaskApprovalStatus.approved));
    expect(await panel.getByRole('button', { name: AGREE, exact: true }).count()).toBe(0);
  });
});
