import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { portalEnvelope } from './portal-api';

/**
 * Agent registration as people do it (SPEC §2 public routes, DOMAIN §8): an applicant registers
 * without a login, follows the review on the progress page, and the reviewers decide on the detail page.
 */
const e2e = useBrowser();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PASSWORD: Record<string, string> = { admin: 'Admin@123456' };
let phoneSeq = 0;
/** Each application takes another registry company: a credit code registers only once. */
let companySeq = 0;

async function objectIdOf(number: string) {
  const token = (await portalEnvelope('/user/login', { username: 'admin', password: 'Admin@123456' })).results
    .token;
  const found = await portalEnvelope(
    '/registrationInfo/search',
    { currentPage: 1, pageSize: 10, RegistrationNo: number },
    token,
  );
  return found.results.find((r: { RegistrationNo: string }) => r.RegistrationNo === number)
    .ObjectID as string;
}

/** Fills every field, picks the company from the registry, uploads the licence and submits. */
async function register(page: Page, phone: string, region = { province: '320000', city: '320100' }) {
  await page.goto('/prov-register');
  await page.locator('#reg-Name').fill('有限公司');
  await page.getByRole('button', { name: '从工商登记中查找' }).click();
  const dialog = page.locator('.portal-company-lookup');
  await dialog.locator('form button[type=submit]').click();
  await dialog.locator('tbody tr').nth(companySeq++).getByRole('button', { name: '选用' }).click();
  await expect.poll(() => page.locator('#reg-ExtCreditCode_SDK').inputValue()).toMatch(/^[0-9A-Z]{18}$/);
  const name = await page.locator('#reg-Name').inputValue();
  await page.locator('#reg-ExtRegisteredCapital_SDK').fill('1000');
  await page.locator('#reg-ExtEstablishedDate_SDK').fill('2015-06-01');
  await page
    .locator('#reg-ExtLicenseFile_SDK')
    .setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.locator('.portal-file-item[data-status=done]').waitFor();
  await page.locator('#reg-ContactName').fill('周启明');
  await page.locator('#reg-ContactPhone').fill(phone);
  await page.locator('#reg-Email').fill('zhou@example.com');
  await page.locator('#reg-Address').fill('南京市鼓楼区中山北路 1 号');
  await page.locator('#reg-ExtBankName_SDK').fill('招商银行南京分行');
  await page.locator('#reg-ExtBankAccountName_SDK').fill(name);
  await page.locator('#reg-ExtBankAccount_SDK').fill('1259 0388 7710 601');
  await page.locator('#reg-ProvinceCode').selectOption(region.province);
  await page.locator(`#reg-CityCode option[value="${region.city}"]`).waitFor({ state: 'attached' });
  await page.locator('#reg-CityCode').selectOption(region.city);
  await page.locator('#reg-ExtCoverageCities_SDK').fill('南京、苏州');
  await page.locator('#reg-ExtProductGroup_SDK').fill('服务器');
  await page.getByRole('button', { name: '提交注册' }).click();
  const registered = page.locator('[data-registration-no]');
  await expect.poll(() => registered.textContent()).toMatch(/^ZR\d{12}$/);
  const number = (await registered.textContent()) ?? '';
  return { number, name };
}

async function openProgress(page: Page, number: string, phone: string) {
  await page.goto(`/prov-progress?no=${number}`);
  await expect.poll(() => page.locator('#progress-no').inputValue()).toBe(number);
  await page.locator('#progress-phone').fill(phone);
  await page.getByRole('button', { name: '查询' }).click();
  await page.locator('[data-state]').waitFor();
}

const nextPhone = () => `1391234${String(++phoneSeq).padStart(4, '0')}`;
const adminToken = async () =>
  (await portalEnvelope('/user/login', { username: 'admin', password: 'Admin@123456' })).results
    .token as string;

async function withdrawOnProgressPage(page: Page) {
  await page.getByRole('button', { name: '撤回申请' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('撤回后该申请将终止审核').waitFor();
  await dialog.getByRole('button', { name: '确定撤回' }).click();
}

const activeStep = (page: Page) => page.locator('.p-steps-item.p-highlight').textContent();

async function decide(page: Page, user: string, id: string, button: string, reason?: string) {
  await page.context().clearCookies();
  await login(
    page,
    user,
    PASSWORD[user] ?? 'Demo@123456',
    `/customers/original-detail?objectID=${id}&action=detail`,
  );
  const panel = page.locator('.portal-decision-panel');
  await panel.getByRole('button', { name: button }).click();
  if (reason) {
    await page.locator('#decision-reason').fill(reason);
    await page.locator('.portal-decision-dialog').getByRole('button', { name: '确定' }).click();
  }
  await panel.getByRole('button', { name: button }).waitFor({ state: 'detached' });
}

describe('public agent registration and its review', () => {
  it('registers an RSP, shows 初审, and after every approval and the signature 正常合作', async () => {
    const page = await e2e.newPage();
    const phone = `1391234${String(++phoneSeq).padStart(4, '0')}`;
    await page.goto('/prov-register');
    await page.locator('form.portal-registration-form').waitFor();
    await page.screenshot({ path: '/tmp/registration-page.png', fullPage: true });
    const { number } = await register(page, phone);
    await openProgress(page, number, phone);
    expect(await activeStep(page)).toContain('初审');
    await page.screenshot({ path: '/tmp/registration-progress-page.png', fullPage: true });

    const id = await objectIdOf(number);
    await decide(page, 'channel', id, '同意');
    await decide(page, 'channeldept', id, '同意');
    await decide(page, 'finance', id, '同意');
    await decide(page, 'admin', id, '签署协议并开通');
    // The account the agreement names, as the applicant typed it, in digits.
    // The page reads the record again after the decision: '—' stands in each field until it has.
    await expect.poll(() => page.locator('#field-ExtBankName_SDK').textContent()).toBe('招商银行南京分行');
    expect(await page.locator('#field-ExtBankAccount_SDK').textContent()).toBe('125903887710601');

    await page.context().clearCookies();
    await openProgress(page, number, phone);
    expect(await page.locator('[data-state]').textContent()).toBe('正常合作');
    expect(await activeStep(page)).toContain('正常合作');
  });

  it('a returned application shows the reason, takes corrections and is reviewed again', async () => {
    const page = await e2e.newPage();
    const phone = `1391234${String(++phoneSeq).padStart(4, '0')}`;
    const { number } = await register(page, phone);
    await decide(page, 'channel', await objectIdOf(number), '退回补充资料', '请补充清晰的营业执照');
    await page.context().clearCookies();
    await openProgress(page, number, phone);
    expect(await page.locator('[data-reason]').textContent()).toBe('请补充清晰的营业执照');
    await page.locator('#sup-Address').fill('南京市玄武区珠江路 8 号');
    // The bank account is corrected here too; a number that is not one is refused by its field.
    await page.locator('#sup-ExtBankAccount_SDK').fill('6222-02x1');
    await page.getByRole('button', { name: '重新提交' }).click();
    await expect
      .poll(() => page.locator('.portal-form-error[role=alert]').textContent())
      .toBe('银行账号：须为 8 到 32 位数字（可用空格或短横线分组）');
    expect(await page.locator('[data-state]').textContent()).toBe('待补充资料');
    await page.locator('#sup-ExtBankAccount_SDK').fill('6222 0202 0000 1234');
    await page.getByRole('button', { name: '重新提交' }).click();
    await expect.poll(() => page.locator('[data-state]').textContent()).toBe('审核中');
    expect(await activeStep(page)).toContain('初审');
  });

  it('a rejected application shows 已拒绝 with the reason', async () => {
    const page = await e2e.newPage();
    const phone = `1391234${String(++phoneSeq).padStart(4, '0')}`;
    const { number } = await register(page, phone);
    await decide(page, 'channel', await objectIdOf(number), '驳回', '资质不符');
    await page.context().clearCookies();
    await openProgress(page, number, phone);
    expect(await page.locator('[data-state]').textContent()).toBe('已拒绝');
    expect(await page.locator('[data-reason]').textContent()).toBe('资质不符');
  });

  it('the applicant withdraws before any decision, after confirming; the page then shows 已撤回', async () => {
    const page = await e2e.newPage();
    const phone = nextPhone();
    const { number } = await register(page, phone);
    await openProgress(page, number, phone);
    // Cancelling the question leaves the application as it was.
    await page.getByRole('button', { name: '撤回申请' }).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: '/tmp/registration-withdraw-dialog.png' });
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.locator('[data-state]').textContent()).toBe('审核中');

    await withdrawOnProgressPage(page);
    await expect.poll(() => page.locator('[data-state]').textContent()).toBe('已撤回');
    expect(await page.getByRole('button', { name: '撤回申请' }).count()).toBe(0);
    expect(await page.locator('.portal-progress-result .portal-hint').textContent()).toContain(
      '该申请已撤回',
    );
    await page.screenshot({ path: '/tmp/registration-withdrawn.png', fullPage: true });

    // A reviewer finds nothing left to decide.
    const id = await objectIdOf(number);
    await page.context().clearCookies();
    await login(page, 'channel', 'Demo@123456', `/customers/original-detail?objectID=${id}&action=detail`);
    await page.locator('.portal-decision-panel .portal-hint').waitFor();
    await expect.poll(() => page.locator('[data-decision-state]').textContent()).toContain('已撤回');
  });

  it('shows the refusal when a reviewer decided while the applicant was about to withdraw', async () => {
    const page = await e2e.newPage();
    const phone = nextPhone();
    const { number } = await register(page, phone);
    await openProgress(page, number, phone);
    const channel = (await portalEnvelope('/user/login', { username: 'channel', password: 'Demo@123456' }))
      .results.token;
    await portalEnvelope(
      '/registrationInfo/processApproval',
      { ObjectID: await objectIdOf(number), action: 'agree' },
      channel,
    );
    await withdrawOnProgressPage(page);
    await expect
      .poll(() => page.locator('.portal-form-error[role=alert]').textContent())
      .toBe('该申请已有审核意见，不能再撤回');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => activeStep(page)).toContain('资质审核');
    expect(await page.getByRole('button', { name: '撤回申请' }).count()).toBe(0);
  });

  it('a step that names a person: the panel names them, and their rejection ends the application', async () => {
    // Zhejiang only, so the other registrations of the run keep the default chain.
    const config = await portalEnvelope(
      '/customerProcessConfig/create',
      {
        ExtProcessType_SDK: '101',
        ExtChannelSmallType_SDK: 'RSP',
        ProvinceName: '浙江省',
        firstRole: 'JS014',
        firstName: '孙财务',
        Enabled: true,
      },
      await adminToken(),
    );
    expect(config.state, config.message).toBe(true);
    const page = await e2e.newPage();
    const phone = nextPhone();
    const { number } = await register(page, phone, { province: '330000', city: '330100' });
    const id = await objectIdOf(number);

    await page.context().clearCookies();
    await login(page, 'admin', 'Admin@123456', `/customers/original-detail?objectID=${id}&action=detail`);
    await page.locator('[data-decider]').waitFor();
    await expect.poll(() => page.locator('[data-decider]').textContent()).toBe('当前处理人: 孙财务');
    await expect
      .poll(() => page.locator('.portal-decision-panel .portal-hint').textContent())
      .toBe('当前步骤无需您处理');

    await decide(page, 'finance', id, '驳回', '经营范围不符');
    await page.context().clearCookies();
    await openProgress(page, number, phone);
    expect(await page.locator('[data-state]').textContent()).toBe('已拒绝');
    expect(await page.locator('[data-reason]').textContent()).toBe('经营范围不符');
  });

  it('a reviewer forwards the step to a colleague of the same role, who then decides it', async () => {
    // A second Jiangsu channel manager joins and has set a password of their own.
    const colleague = { LastName: '顾清和', ExtUserName_SDK: 'gu.qinghe', password: 'Review2026b' };
    const created = await portalEnvelope(
      '/employee/create',
      {
        LastName: colleague.LastName,
        ExtUserName_SDK: colleague.ExtUserName_SDK,
        ExtRoleCode_SDK: 'JS010',
        ProvinceCode: '320000',
        Email: 'gu.qinghe@portal.example',
        Phone: '13812345680',
        Password: 'Review2026a',
      },
      await adminToken(),
    );
    expect(created.state, created.message).toBe(true);
    const first = await portalEnvelope('/user/login', {
      username: colleague.ExtUserName_SDK,
      password: 'Review2026a',
    });
    const changed = await portalEnvelope(
      '/user/updatePassword',
      { oldPassword: 'Review2026a', newPassword: colleague.password },
      first.results.token,
    );
    expect(changed.state, changed.message).toBe(true);

    const page = await e2e.newPage();
    const { number } = await register(page, nextPhone());
    const id = await objectIdOf(number);
    await page.context().clearCookies();
    await login(page, 'channel', 'Demo@123456', `/customers/original-detail?objectID=${id}&action=detail`);
    const panel = page.locator('.portal-decision-panel');
    await expect.poll(() => panel.locator('[data-decider]').textContent()).toBe('当前处理角色: 渠道经理');
    await panel.getByRole('button', { name: '转交', exact: true }).click();
    const dialog = page.locator('.portal-decision-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => page.locator('[data-field-error="decision-to"]').textContent())
      .toBe('请选择转交的员工');
    await dialog.locator('[data-picker="employee"]').click();
    const picker = page.locator('.portal-picker-dialog');
    await picker.locator('tr', { hasText: colleague.LastName }).locator('.p-radiobutton').first().click();
    await picker.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => page.locator('#decision-to').inputValue()).toBe(colleague.LastName);
    await dialog.getByRole('button', { name: '确定' }).click();
    // The step now waits for the colleague alone: named on the panel, and no longer this reviewer's.
    await expect
      .poll(() => panel.locator('[data-decider]').textContent())
      .toBe(`当前处理人: ${colleague.LastName}`);
    expect(await panel.getByRole('button', { name: '同意', exact: true }).count()).toBe(0);
    await expect.poll(() => panel.locator('.portal-hint').textContent()).toBe('当前步骤无需您处理');

    await page.context().clearCookies();
    await login(
      page,
      colleague.ExtUserName_SDK,
      colleague.password,
      `/customers/original-detail?objectID=${id}&action=detail`,
    );
    const agree = panel.getByRole('button', { name: '同意', exact: true });
    await agree.waitFor();
    await expect.poll(() => agree.isEnabled()).toBe(true);
    await agree.click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('资质审核');
  });

  it('names every missing field and keeps the applicant on the form', async () => {
    const page = await e2e.newPage();
    await page.goto('/prov-register');
    await page.getByRole('button', { name: '提交注册' }).click();
    await expect.poll(() => page.locator('[data-field-error="reg-Name"]').textContent()).toBe('企业名称必填');
    await page.locator('#reg-ExtCreditCode_SDK').fill('91110000600037341X');
    await page.getByRole('button', { name: '提交注册' }).click();
    await expect
      .poll(() => page.locator('[data-field-error="reg-ExtCreditCode_SDK"]').textContent())
      .toBe('统一社会信用代码不正确，请核对后重新输入');
    // The bank account the agreement names is asked for, and a number that is not one is named.
    await expect
      .poll(() => page.locator('[data-field-error="reg-ExtBankName_SDK"]').textContent())
      .toBe('开户银行必填');
    await page.locator('#reg-ExtBankAccount_SDK').fill('6222-02x1');
    await page.getByRole('button', { name: '提交注册' }).click();
    await expect
      .poll(() => page.locator('[data-field-error="reg-ExtBankAccount_SDK"]').textContent())
      .toBe('银行账号应为 8 到 32 位数字，可用空格分组');
  });
});
