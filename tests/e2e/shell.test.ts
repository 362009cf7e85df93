import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pages, placeholderPageIds } from '../../catalogue/catalogue';
import { modules } from '../../catalogue/modules';
import { login, pathOf, submitLogin, tokenOf, useBrowser, waitForPath } from './browser';

/**
 * The logged-in frame as a person meets it (SPEC §2 navigation chrome, §4 sidebar and tabs, §6 roles,
 * §9 constants): top-bar modules and 'more', the side menu, breadcrumb and title, the open-page tabs and
 * their right-click menu, the settings drawer, the pinyin menu search and the mobile layout.
 */
const e2e = useBrowser();

const ADMIN = { username: 'admin', password: 'Admin@123456', lastName: '系统管理员' };
const RSP = { username: 'rsp', password: 'Demo@123456' };
const SYSTEM_TITLE = '计算机销售管理系统';

/** Admin's modules in top-bar order: nine in the bar, the rest under '更多' (SPEC §2, §9). */
const ADMIN_TOP_BAR = [
  '代理商管理',
  '模板管理',
  '基础管理',
  '系统管理',
  '订单管理',
  '商机管理',
  '返利管理',
  '销售任务',
  '销量上报',
];
const ADMIN_MORE = ['上传历史', '销售活动'];
// An agent's modules: its orders, opportunities, rebates, tasks, reports and uploads, and its own company.
const RSP_MODULES = ['订单管理', '商机管理', '返利管理', '销售任务', '销量上报', '上传历史', '代理商管理'];

/** Three list pages of the order module, with their side-menu titles. */
const EXECUTION_ORDERS = { path: '/ordersSetup/execution-orders', title: '执行单管理' };
const PARTNER_CUSTOMERS = { path: '/ordersSetup/partner-customers', title: '合作品牌客户列表' };
const SELF_BUILT_ORDERS = { path: '/ordersSetup/self-built-orders', title: '自建订单查询' };
/** The self-built order entry page: long enough to scroll in a short window. */
const SELF_BUILT_ORDER = { path: '/ordersSetup/self-built-order', title: '自建订单' };

/** Matches an element whose whole text is this. */
const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

// ---- locators -------------------------------------------------------------------------------------

const shell = (page: Page) => page.locator('.portal-shell');
const topModules = (page: Page) => page.locator('.portal-top-module');
const moreButton = (page: Page) => topModules(page).filter({ hasText: '更多' });
/** The open popup menu ('更多' or the user menu); PrimeReact unmounts a popup menu once hidden. */
const popupItems = (page: Page) => page.locator('.p-menu.p-menu-overlay .p-menuitem-link');
const sideMenuItems = (page: Page) => page.locator('.portal-side-menu .portal-menu-item');
const sideModules = (page: Page) => page.locator('.portal-side-modules .portal-menu-item');
const sideMenuItem = (page: Page, title: string) => sideMenuItems(page).filter({ hasText: exactly(title) });
const breadcrumb = (page: Page) => page.locator('.portal-breadcrumb span');
const tabs = (page: Page) => page.locator('.portal-tabs .portal-tab');
// A person switches tabs by the title; the tab's middle can be its close button when the title is short.
const tab = (page: Page, title: string) => tabs(page).filter({ hasText: exactly(title) });
const activeTab = (page: Page) => page.locator('.portal-tabs .portal-tab.is-active');
const contextMenu = (page: Page) => page.locator('.p-contextmenu');
const contextItem = (page: Page, label: string) =>
  contextMenu(page).getByRole('menuitem', { name: label, exact: true });
const activeSection = (page: Page) => page.locator('section.portal-tab-page:not([hidden])');
const searchInput = (page: Page) => page.locator('input.portal-menu-search-input');
const suggestions = (page: Page) => page.locator('.p-autocomplete-panel .p-autocomplete-item');
const settingsDrawer = (page: Page) => page.locator('.portal-settings');
const hamburger = (page: Page) => page.getByRole('button', { name: '展开/收起侧边栏' });

// ---- helpers --------------------------------------------------------------------------------------

async function loginAs(page: Page, user: { username: string; password: string }) {
  await login(page, user.username, user.password);
  await waitForPath(page, '/dashboard');
  await page.locator('.portal-shell').waitFor();
}

async function texts(locator: ReturnType<Page['locator']>) {
  return (await locator.allInnerTexts()).map((text) => text.trim());
}

/** The labels of the top bar, the '更多' entries included (its popup is opened and closed again). */
async function moduleLabels(page: Page): Promise<string[]> {
  await topModules(page).first().waitFor();
  const labels = await texts(topModules(page));
  const more = labels.indexOf('更多');
  if (more < 0) return labels;
  await moreButton(page).click();
  await popupItems(page).first().waitFor();
  const rest = await texts(popupItems(page));
  await page.keyboard.press('Escape');
  await popupItems(page).first().waitFor({ state: 'detached' });
  return [...labels.slice(0, more), ...rest];
}

async function expectTitle(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(`${title} - ${SYSTEM_TITLE}`);
}

/** Opens a page from the side menu of the current module and waits for its URL and document title. */
async function openFromSideMenu(page: Page, target: { path: string; title: string }) {
  await sideMenuItem(page, target.title).click();
  await waitForPath(page, target.path);
  await expectTitle(page, target.title);
}

/** Opens the order module from the top bar, then these of its pages one after the other. */
async function openOrderPages(page: Page, targets: { path: string; title: string }[]) {
  await topModules(page).filter({ hasText: '订单管理' }).click();
  await waitForPath(page, EXECUTION_ORDERS.path);
  for (const target of targets) await openFromSideMenu(page, target);
}

async function tabTitles(page: Page) {
  return texts(tabs(page).locator('> span:not(.portal-tab-close)'));
}

async function rightClickTab(page: Page, title: string) {
  await tab(page, title).click({ button: 'right' });
  await contextMenu(page).waitFor();
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /^(系统布局设置|Layout settings)$/ }).click();
  await settingsDrawer(page).waitFor();
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await settingsDrawer(page).waitFor({ state: 'detached' });
}

/** Flips an InputSwitch of the settings drawer by clicking its visible switch. */
async function flipSwitch(page: Page, id: string) {
  const before = await page.locator(`#${id}`).isChecked();
  await settingsDrawer(page)
    .locator('.p-inputswitch')
    .filter({ has: page.locator(`#${id}`) })
    .click();
  await expect.poll(() => page.locator(`#${id}`).isChecked()).toBe(!before);
}

const preferences = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('portal.preferences') ?? 'null'));
const primaryColour = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim().toLowerCase(),
  );

async function chooseFromUserMenu(page: Page, item: string) {
  await page.locator('.portal-user-button').click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Lets the page run two animation frames (scroll events, layout effects). */
const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** Waits until the element's scroll height stays the same for half a second. */
async function waitForSteadyHeight(locator: ReturnType<Page['locator']>) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const height = await locator.evaluate((el) => el.scrollHeight);
        const steady = height === last;
        last = height;
        return steady;
      },
      { interval: 500 },
    )
    .toBe(true);
}

// ---- tests ----------------------------------------------------------------------------------------

describe('top bar and side menu', () => {
  it('shows admin nine modules and the other two under 更多, each opening its first page', async () => {
    const page = await e2e.newPage();
    await loginAs(page, ADMIN);

    // Nine module buttons, then '更多' (SPEC §9: the top bar shows 9 modules before 'more').
    await expect.poll(() => texts(topModules(page))).toEqual([...ADMIN_TOP_BAR, '更多']);
    await moreButton(page).click();
    await popupItems(page).first().waitFor();
    expect(await texts(popupItems(page))).toEqual(ADMIN_MORE);
    await page.keyboard.press('Escape');
    await popupItems(page).first().waitFor({ state: 'detached' });

    // A module opens its first page, with that module's side menu and the module lit up.
    await topModules(page).filter({ hasText: '订单管理' }).click();
    await waitForPath(page, EXECUTION_ORDERS.path);
    await expectTitle(page, EXECUTION_ORDERS.title);
    expect(await texts(page.locator('.portal-top-module.is-active'))).toEqual(['订单管理']);
    const orderMenu = await texts(sideMenuItems(page));
    expect(orderMenu).toContain(EXECUTION_ORDERS.title);
    expect(orderMenu).toContain(SELF_BUILT_ORDERS.title);
    expect(orderMenu).not.toContain('工作日报');
    expect(await texts(page.locator('.portal-menu-group-title'))).not.toEqual([]);
    expect(await texts(page.locator('.portal-sidebar .portal-menu-item.is-active'))).toEqual([
      EXECUTION_ORDERS.title,
    ]);

    // A side-menu item opens its page: active entry, breadcrumb, document title, tab.
    await openFromSideMenu(page, SELF_BUILT_ORDERS);
    expect(await texts(page.locator('.portal-sidebar .portal-menu-item.is-active'))).toEqual([
      SELF_BUILT_ORDERS.title,
    ]);
    expect(await texts(breadcrumb(page))).toEqual(['订单管理', SELF_BUILT_ORDERS.title]);
    await expectTitle(page, SELF_BUILT_ORDERS.title);

    // A module under '更多' opens the same way, and lights up '更多'.
    await moreButton(page).click();
    await popupItems(page).filter({ hasText: '销售活动' }).click();
    await waitForPath(page, '/salesActivity/daily-work-report');
    await expectTitle(page, '工作日报');
    expect(await texts(breadcrumb(page))).toEqual(['销售活动', '工作日报']);
    expect(await texts(page.locator('.portal-top-module.is-active'))).toEqual(['更多']);
    expect(await texts(sideMenuItems(page))).toContain('工作日报');
    expect(await texts(sideMenuItems(page))).not.toContain(SELF_BUILT_ORDERS.title);
  });
});

describe('role menus', () => {
  it('shows the RSP agent only its modules and refuses the others in the browser and on the server', async () => {
    const page = await e2e.newPage();
    await loginAs(page, RSP);

    const labels = await moduleLabels(page);
    expect([...labels].sort()).toEqual([...RSP_MODULES].sort());
    expect(labels).not.toContain('更多');

    for (const forbidden of ['/customers/rsp-info', '/system/role-menus']) {
      await page.goto(forbidden);
      await waitForPath(page, '/401');
      await page.getByRole('heading', { name: '401', exact: true }).waitFor();
    }

    // The server does not trust the menu: a direct call outside the role's menus is refused.
    const token = await tokenOf(page);
    expect(token).toBeTruthy();
    const answer = await page.request.post(e2e.url('/portal/roleToMenu/search'), {
      headers: { 'x-token': token!, 'accept-language': 'zh-CN,zh;q=0.9' },
      data: {},
    });
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ state: false, message: '没有访问该功能的权限' });
  });
});

describe('tabs', () => {
  it('opens, closes, closes others and all, keeps 首页 pinned, and refreshes in place', async () => {
    const page = await e2e.newPage();
    await loginAs(page, ADMIN);
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    // The pinned dashboard tab has no close button.
    expect(await tab(page, '首页').locator('.portal-tab-close').count()).toBe(0);

    await openOrderPages(page, [PARTNER_CUSTOMERS, SELF_BUILT_ORDERS]);
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['首页', EXECUTION_ORDERS.title, PARTNER_CUSTOMERS.title, SELF_BUILT_ORDERS.title]);
    expect(await tabs(page).locator('.portal-tab-close').count()).toBe(3);

    // Closing the active tab with × shows its neighbour.
    await tab(page, SELF_BUILT_ORDERS.title).locator('.portal-tab-close').click();
    await waitForPath(page, PARTNER_CUSTOMERS.path);
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['首页', EXECUTION_ORDERS.title, PARTNER_CUSTOMERS.title]);
    await expect.poll(() => texts(activeTab(page))).toEqual([PARTNER_CUSTOMERS.title]);
    await expectTitle(page, PARTNER_CUSTOMERS.title);

    // Closing an inactive tab keeps the current page.
    await openFromSideMenu(page, SELF_BUILT_ORDERS);
    await tab(page, EXECUTION_ORDERS.title).locator('.portal-tab-close').click();
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['首页', PARTNER_CUSTOMERS.title, SELF_BUILT_ORDERS.title]);
    expect(pathOf(page)).toBe(SELF_BUILT_ORDERS.path);

    // 刷新 goes through /redirect and comes back to the same page.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await rightClickTab(page, SELF_BUILT_ORDERS.title);
    await contextItem(page, '刷新').click();
    await contextMenu(page).waitFor({ state: 'hidden' });
    await expect.poll(() => pathOf(page)).toBe(SELF_BUILT_ORDERS.path);
    await expect.poll(() => visited).toContain(`/redirect${SELF_BUILT_ORDERS.path}`);
    await expectTitle(page, SELF_BUILT_ORDERS.title);
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['首页', PARTNER_CUSTOMERS.title, SELF_BUILT_ORDERS.title]);
    await expect.poll(() => texts(activeTab(page))).toEqual([SELF_BUILT_ORDERS.title]);

    // 关闭其他 on an inactive tab keeps it (and 首页) and shows it.
    await openFromSideMenu(page, EXECUTION_ORDERS);
    await rightClickTab(page, PARTNER_CUSTOMERS.title);
    await contextItem(page, '关闭其他').click();
    await waitForPath(page, PARTNER_CUSTOMERS.path);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', PARTNER_CUSTOMERS.title]);
    await expect.poll(() => texts(activeTab(page))).toEqual([PARTNER_CUSTOMERS.title]);

    // 关闭所有 leaves only 首页 and shows the dashboard.
    await openFromSideMenu(page, SELF_BUILT_ORDERS);
    await rightClickTab(page, SELF_BUILT_ORDERS.title);
    await contextItem(page, '关闭所有').click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await page.getByRole('heading', { name: `欢迎，${ADMIN.lastName}` }).waitFor();
    await expectTitle(page, '首页');

    // The pinned tab's menu cannot close it.
    await rightClickTab(page, '首页');
    expect(await contextItem(page, '关闭').getAttribute('aria-disabled')).toBe('true');
    await contextItem(page, '关闭').click({ force: true });
    await page.keyboard.press('Escape');
    expect(await tabTitles(page)).toEqual(['首页']);
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('come back after a reload, and logging out closes them for the next login', async () => {
    const page = await e2e.newPage();
    await loginAs(page, ADMIN);
    await openOrderPages(page, [PARTNER_CUSTOMERS, SELF_BUILT_ORDERS]);
    const open = ['首页', EXECUTION_ORDERS.title, PARTNER_CUSTOMERS.title, SELF_BUILT_ORDERS.title];
    await expect.poll(() => tabTitles(page)).toEqual(open);
    await tab(page, PARTNER_CUSTOMERS.title).locator('> span:not(.portal-tab-close)').click();
    await waitForPath(page, PARTNER_CUSTOMERS.path);
    await expect.poll(() => texts(activeTab(page))).toEqual([PARTNER_CUSTOMERS.title]);

    await page.reload();
    await activeTab(page).filter({ hasText: PARTNER_CUSTOMERS.title }).waitFor();
    expect(pathOf(page)).toBe(PARTNER_CUSTOMERS.path);
    expect(await tabTitles(page)).toEqual(open);
    expect(await texts(activeTab(page))).toEqual([PARTNER_CUSTOMERS.title]);
    // A restored tab opens its page.
    await tab(page, SELF_BUILT_ORDERS.title).locator('> span:not(.portal-tab-close)').click();
    await waitForPath(page, SELF_BUILT_ORDERS.path);
    await expectTitle(page, SELF_BUILT_ORDERS.title);

    // SPEC §4: logging out clears every open tab.
    await chooseFromUserMenu(page, '退出登录');
    await waitForPath(page, `/login?redirect=${encodeURIComponent(SELF_BUILT_ORDERS.path)}`);
    await page.goto('/login');
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: `欢迎，${ADMIN.lastName}` }).waitFor();
    expect(await tabTitles(page)).toEqual(['首页']);
  });

  it('keep a page mounted and scrolled where it was while another tab shows', async () => {
    const page = await e2e.newPage();
    // A short window, so the page scrolls inside its tab section. The 自建订单 entry page is long
    // enough to scroll 200 px whatever the seed holds (a list's length depends on the seeded rows).
    await page.setViewportSize({ width: 1366, height: 420 });
    await loginAs(page, ADMIN);
    await openOrderPages(page, [SELF_BUILT_ORDER]);
    await activeSection(page).getByRole('heading', { name: SELF_BUILT_ORDER.title }).waitFor();
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['首页', EXECUTION_ORDERS.title, SELF_BUILT_ORDER.title]);

    // Mark both pages (section and page root), so a remount would lose the marks.
    const mark = (value: string) =>
      activeSection(page).evaluate((el, v) => {
        el.setAttribute('data-marker', v);
        el.firstElementChild?.setAttribute('data-marker', v);
      }, value);
    await mark('entry');
    const section = activeSection(page);
    // The record page grows while its lookups load; scroll once it has settled (else the browser's
    // scroll anchoring moves the position on).
    await waitForSteadyHeight(section);
    const sizes = await section.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client + 200);
    await section.evaluate((el) => {
      el.scrollTop = 200;
    });
    await twoFrames(page);
    const scrolled = await section.evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThanOrEqual(200);

    await tab(page, EXECUTION_ORDERS.title).locator('> span:not(.portal-tab-close)').click();
    await waitForPath(page, EXECUTION_ORDERS.path);
    await expectTitle(page, EXECUTION_ORDERS.title);
    await expect.poll(() => activeSection(page).getAttribute('data-marker')).toBeNull();
    await activeSection(page).locator('table').waitFor();
    await mark('list');
    // The hidden entry page is still in the document, marks and all.
    expect(await page.locator('section.portal-tab-page[hidden][data-marker="entry"]').count()).toBe(1);

    await tab(page, SELF_BUILT_ORDER.title).locator('> span:not(.portal-tab-close)').click();
    await waitForPath(page, SELF_BUILT_ORDER.path);
    await expectTitle(page, SELF_BUILT_ORDER.title);
    await twoFrames(page);

    // The same elements (not a remounted page), at the same scroll position; the list stays too.
    expect(await activeSection(page).getAttribute('data-marker')).toBe('entry');
    expect(await activeSection(page).locator('> [data-marker="entry"]').count()).toBe(1);
    expect(await activeSection(page).evaluate((el) => el.scrollTop)).toBe(scrolled);
    expect(await page.locator('section.portal-tab-page[hidden][data-marker="list"]').count()).toBe(1);
  });
});

describe('settings drawer', () => {
  it('keeps tabs, sidebar logo and size across a reload until 恢复默认设置', async () => {
    const page = await e2e.newPage();
    await loginAs(page, ADMIN);
    await page.locator('.portal-tabs').waitFor();
    await page.locator('.portal-sidebar-logo').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.size)).toBe('small');

    await openSettings(page);
    await flipSwitch(page, 'setting-tabsView');
    await page.locator('.portal-tabs').waitFor({ state: 'detached' });
    await flipSwitch(page, 'setting-sidebarLogo');
    await page.locator('.portal-sidebar-logo').waitFor({ state: 'detached' });
    await settingsDrawer(page).getByRole('button', { name: '大', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.size)).toBe('large');
    await expect
      .poll(() => preferences(page))
      .toMatchObject({ tabsView: false, sidebarLogo: false, size: 'large' });
    await closeSettings(page);

    await page.reload();
    await shell(page).waitFor();
    // The saved size is applied with the other preferences: the frame has read them before it is counted.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.size)).toBe('large');
    expect(await page.locator('.portal-tabs').count()).toBe(0);
    expect(await page.locator('.portal-sidebar-logo').count()).toBe(0);
    await openSettings(page);
    expect(await page.locator('#setting-tabsView').isChecked()).toBe(false);
    expect(await page.locator('#setting-sidebarLogo').isChecked()).toBe(false);
    expect(await page.locator('#setting-fixedHeader').isChecked()).toBe(true);

    await settingsDrawer(page).getByRole('button', { name: '恢复默认设置' }).click();
    await page.locator('.portal-tabs').waitFor();
    await page.locator('.portal-sidebar-logo').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.size)).toBe('small');
    expect(await page.locator('#setting-tabsView').isChecked()).toBe(true);
    expect(await page.locator('#setting-sidebarLogo').isChecked()).toBe(true);
    await closeSettings(page);

    await page.reload();
    await page.locator('.portal-tabs').waitFor();
    await page.locator('.portal-sidebar-logo').waitFor();
  });

  it('applies the theme colour: #409EFF by default, a saved one after a reload', async () => {
    const page = await e2e.newPage();
    await loginAs(page, ADMIN);
    await expect.poll(() => primaryColour(page)).toBe('#409eff');

    await page.evaluate(() => localStorage.setItem('portal.preferences', '{"themeColor":"#8e44ad"}'));
    await page.reload();
    await shell(page).waitFor();
    await expect.poll(() => primaryColour(page)).toBe('#8e44ad');
    // The other preferences keep their defaults.
    await page.locator('.portal-tabs').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.size)).toBe('small');
  });
});

describe('menu search', () => {
  it('finds a page by pinyin initials in Chinese only while the switch is on, and by word in English', async () => {
    const page = await e2e.newPage();
    await loginAs(page, ADMIN);

    // 自建订单查询 = Zi Jian Ding Dan Cha Xun.
    await searchInput(page).fill('zjddcx');
    // Polled: the panel may briefly show the previous query's suggestions.
    await expect.poll(() => texts(suggestions(page))).toEqual([SELF_BUILT_ORDERS.title]);
    await suggestions(page).first().click();
    await waitForPath(page, SELF_BUILT_ORDERS.path);
    await expectTitle(page, SELF_BUILT_ORDERS.title);

    // Pinyin off: the initials find nothing, the characters still do.
    await openSettings(page);
    await flipSwitch(page, 'setting-pinyinSearch');
    await closeSettings(page);
    await searchInput(page).fill('zjddcx');
    await page.waitForTimeout(800); // the AutoComplete's 300 ms delay and a render
    expect(await suggestions(page).count()).toBe(0);
    await searchInput(page).fill('自建订单');
    await expect.poll(() => texts(suggestions(page))).toContain(SELF_BUILT_ORDERS.title);
    await page.keyboard.press('Escape');
    await searchInput(page).fill('');

    // English: no pinyin switch, and a word of the title finds the page.
    await page.locator('.portal-navbar .portal-link-button').click();
    await page.locator('.portal-top-module').filter({ hasText: 'Orders' }).waitFor();
    await openSettings(page);
    expect(await page.locator('#setting-pinyinSearch').count()).toBe(0);
    await closeSettings(page);
    await searchInput(page).fill('orders');
    await expect.poll(() => texts(suggestions(page))).toContain('Self-built orders');
    const found = await texts(suggestions(page));
    for (const title of found) expect(title.toLowerCase()).toContain('orders');
    await suggestions(page).filter({ hasText: 'Self-built orders' }).click();
    await waitForPath(page, SELF_BUILT_ORDERS.path);
    await expect.poll(() => page.title()).toBe('Self-built orders - Computer Sales Management System');
  });
});

describe('sidebar', () => {
  it('is collapsed on a 390 px phone, opens over the page and closes after choosing a page', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ADMIN);
    await page.goto(EXECUTION_ORDERS.path);
    await waitForPath(page, EXECUTION_ORDERS.path);
    await page.locator('.portal-shell.is-mobile.is-sidebar-collapsed').waitFor();
    await activeSection(page).locator('table').waitFor();

    const sidebar = page.locator('.portal-sidebar');
    const offScreen = async () => {
      const box = await sidebar.boundingBox();
      return box === null || box.x + box.width <= 0;
    };
    await expect.poll(offScreen).toBe(true);
    await page.screenshot({ path: '/tmp/shell-390.png', animations: 'disabled' });

    await hamburger(page).click();
    await page.locator('.portal-shell.is-mobile.is-sidebar-open').waitFor();
    await page.locator('.portal-sidebar-mask').waitFor();
    // Over the page, not beside it: the main column keeps the full width.
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    const main = await page.locator('.portal-main-container').boundingBox();
    expect(main?.x).toBe(0);
    expect(main?.width).toBe(390);
    // The page beside the open sidebar is covered by the mask, not clickable.
    expect(await page.evaluate(() => document.elementFromPoint(300, 400)?.className)).toBe(
      'portal-sidebar-mask',
    );
    await page.screenshot({ path: '/tmp/shell-390-open.png', animations: 'disabled' });

    await sideMenuItem(page, SELF_BUILT_ORDERS.title).click();
    await waitForPath(page, SELF_BUILT_ORDERS.path);
    await page.locator('.portal-shell.is-mobile.is-sidebar-collapsed').waitFor();
    expect(await page.locator('.portal-sidebar-mask').count()).toBe(0);
    await expect.poll(offScreen).toBe(true);
  });

  it('closes on a phone after its 首页 entry too, and after a tap on the mask', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ADMIN);
    await page.locator('.portal-shell.is-mobile.is-sidebar-collapsed').waitFor();

    // A tap beside the open sidebar closes it.
    await hamburger(page).click();
    await page.locator('.portal-shell.is-mobile.is-sidebar-open').waitFor();
    await page.locator('.portal-sidebar-mask').click({ position: { x: 300, y: 400 } });
    await page.locator('.portal-shell.is-mobile.is-sidebar-collapsed').waitFor();

    // On the dashboard (no module) the side menu holds only 首页; choosing it closes the sidebar
    // like any other side-menu entry.
    await page.goto(EXECUTION_ORDERS.path);
    await waitForPath(page, EXECUTION_ORDERS.path);
    await hamburger(page).click();
    await page.locator('.portal-shell.is-mobile.is-sidebar-open').waitFor();
    await page.locator('.portal-sidebar-logo').click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => texts(sideMenuItems(page))).toEqual(['首页']);
    // On a phone the modules head the side menu, since the top bar has no room for them.
    expect(await texts(sideModules(page))).toContain('订单管理');
    await page.locator('.portal-shell.is-mobile.is-sidebar-collapsed').waitFor({ timeout: 2_000 });
    await hamburger(page).click();
    await page.locator('.portal-shell.is-mobile.is-sidebar-open').waitFor();
    await sideMenuItem(page, '首页').click();
    await page.locator('.portal-shell.is-mobile.is-sidebar-collapsed').waitFor({ timeout: 2_000 });
  });

  it('stays collapsed after a reload on a desktop (cookie sidebarStatus=0)', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await loginAs(page, ADMIN);
    await openOrderPages(page, [SELF_BUILT_ORDERS]);
    await page.locator('.portal-shell.is-sidebar-open:not(.is-mobile)').waitFor();
    await activeSection(page).locator('table').waitFor();
    await page.screenshot({ path: '/tmp/shell-desktop.png', animations: 'disabled' });

    await hamburger(page).click();
    await page.locator('.portal-shell.is-sidebar-collapsed').waitFor();
    const cookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value;
    await expect.poll(cookie).toBe('0');
    await expect.poll(async () => (await page.locator('.portal-sidebar').boundingBox())?.width ?? 0).toBe(0);

    await page.reload();
    await page.locator('.portal-shell.is-sidebar-collapsed:not(.is-mobile)').waitFor();
    await expect.poll(async () => (await page.locator('.portal-sidebar').boundingBox())?.width ?? 0).toBe(0);
    expect(await cookie()).toBe('0');

    // And open again: the cookie follows.
    await hamburger(page).click();
    await page.locator('.portal-shell.is-sidebar-open').waitFor();
    await expect.poll(cookie).toBe('1');
  });
});

describe('sidebar labels', () => {
  /** One menu page of each of admin's modules. */
  const modulePaths = modules
    .filter((m) => m.topTitleKey)
    .map(
      (m) =>
        pages.find(
          (p) => p.module === m.key && !p.hidden && !p.path.includes(':') && !placeholderPageIds.has(p.id),
        )?.path,
    )
    .filter((path): path is string => Boolean(path));

  /** Sidebar texts that do not fit their box (clipped or cut with an ellipsis). */
  const clipped = (page: Page) =>
    page
      .locator('.portal-sidebar')
      .evaluate((sidebar) =>
        [
          ...sidebar.querySelectorAll<HTMLElement>(
            '.portal-sidebar-logo, .portal-menu-group-title, .portal-menu-item',
          ),
        ]
          .filter(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 ||
              element.scrollHeight > element.clientHeight + 1 ||
              getComputedStyle(element).textOverflow === 'ellipsis',
          )
          .map((element) => element.textContent?.trim()),
      );

  for (const locale of ['zh-CN', 'en-US']) {
    it(`shows the whole title and every menu label (${locale})`, async () => {
      const page = await e2e.newPage({ locale });
      await page.setViewportSize({ width: 1366, height: 800 });
      await loginAs(page, ADMIN);
      const logo = page.locator('.portal-sidebar-logo');
      expect((await logo.innerText()).trim()).toBe(
        locale === 'en-US' ? 'Computer Sales Management' : SYSTEM_TITLE,
      );
      for (const path of modulePaths) {
        await page.evaluate((to) => window.history.pushState(null, '', to), path);
        await page.locator('.portal-side-menu .portal-menu-item.is-active').waitFor();
        expect(await clipped(page), path).toEqual([]);
      }
    });
  }
});
