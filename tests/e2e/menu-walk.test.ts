import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PageEntry } from '../../catalogue/types';
import { ROLE } from '../../domain/roles';
import { zh } from '../../locales/zh/messages';
import { demoEmployees, roleAccounts } from '../../server/seed/employees.seed';
import { seriousViolations } from './axe';
import { login, useBrowser } from './browser';
import { menuPagesOf } from './menu-pages';

/**
 * Every page of every demo role's side menu, as that role meets it, for what a person would notice:
 * no console error, no refused or failed /portal call, no raw locale key, no value a program failed to
 * put in words (NaN, undefined, Invalid Date), no page that shows only its title, and no serious or
 * critical accessibility violation. The menus are read from the server when the test runs, so a role
 * whose menu changes is walked as it is now.
 */
const e2e = useBrowser();

/** A message key shown instead of its text, e.g. `app.login.title` or `fields.order.Amount`. */
const RAW_KEY = new RegExp(`(?<![\\w@/.:-])(?:${Object.keys(zh).join('|')})\\.[A-Za-z_]\\w*(?:\\.\\w+)*`);
/** What a view prints when it formats a value it does not have: never meant for a person. */
const UNFORMATTED = /\bNaN\b|\bundefined\b|Invalid Date|\[object Object\]/;
const ACTIVE_PAGE = '[data-testid=tab-page]:not([hidden])';
/** What makes a page more than its title: a table, a form, a tree, a chart, a list of cards. */
const CONTENT =
  'table, form, input, textarea, select, button, a[href], ul, ol, dl, [role=grid], [role=tree], [role=table], [role=list], [role=listbox], canvas, svg, .p-datatable, .p-card, .portal-card';
const WALK_MS = 240_000;
/** Pages whose own area axe has checked in this run. */
const axeChecked = new Set<string>();

interface Problem {
  path: string;
  what: string;
}

/** Opens a page the way a menu click does: the app's own navigation, no reload. */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((to) => location.pathname === to, path);
}

/** Closes every tab but the shown one, so tabs do not pile up over a hundred pages. */
async function closeOtherTabs(page: Page) {
  await page.evaluate(() => {
    for (const close of document.querySelectorAll<HTMLElement>(
      '.portal-tab:not([aria-selected=true]) .portal-tab-close',
    ))
      close.click();
  });
}

/** Waits until the page shows content beyond its title and no request of the app is in flight. */
async function settle(page: Page, inflight: () => number) {
  await page
    .locator(ACTIVE_PAGE)
    .locator(CONTENT)
    .first()
    .waitFor({ state: 'attached', timeout: 8_000 })
    .catch(() => undefined);
  await page.waitForFunction(
    () => !document.querySelector('.p-datatable-loading-overlay, .portal-loading'),
    null,
    {
      timeout: 8_000,
    },
  );
  const deadline = Date.now() + 8_000;
  while (inflight() > 0 && Date.now() < deadline) await page.waitForTimeout(20);
}

async function walk(role: { username: string; password: string }, menu: PageEntry[]) {
  const page = await e2e.newPage();
  const problems: Problem[] = [];
  let current = '/login';
  let requests = 0;
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push({ path: current, what: `console error: ${message.text()}` });
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/portal/')) requests++;
  });
  page.on('requestfinished', async (request) => {
    if (!new URL(request.url()).pathname.startsWith('/portal/')) return;
    requests--;
    const response = await request.response();
    if (response && response.status() >= 400)
      problems.push({ path: current, what: `${request.url()} answered ${response.status()}` });
  });
  page.on('requestfailed', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/portal/')) return;
    requests--;
    problems.push({ path: current, what: `${request.url()} failed: ${request.failure()?.errorText}` });
  });

  let checkedChrome = false;
  await login(page, role.username, role.password);
  await page.locator('.portal-tab').first().waitFor();
  for (const entry of menu) {
    current = entry.path;
    await open(page, entry.path);
    await settle(page, () => requests);
    await closeOtherTabs(page);

    const shown = page.locator(ACTIVE_PAGE);
    if ((await shown.locator(CONTENT).count()) === 0)
      problems.push({ path: entry.path, what: 'shows only its title: no table, form or content' });
    const texts = await page.evaluate(() => [
      document.body.innerText,
      ...[...document.querySelectorAll('[placeholder], [aria-label], [title]')].flatMap((element) =>
        ['placeholder', 'aria-label', 'title'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ]);
    for (const text of texts) {
      const raw = text.match(RAW_KEY);
      if (raw) problems.push({ path: entry.path, what: `raw message key on the page: ${raw[0]}` });
      const unformatted = text.match(UNFORMATTED);
      if (unformatted)
        problems.push({ path: entry.path, what: `unformatted value on the page: ${unformatted[0]}` });
    }
    // The chrome is checked once per role, each page's own area once per run: the same page looks
    // the same to the next role, and axe over a hundred pages per role would take minutes.
    const withChrome = !checkedChrome;
    checkedChrome = true;
    if (!withChrome && axeChecked.has(entry.id)) continue;
    axeChecked.add(entry.id);
    for (const violation of await seriousViolations(page, withChrome ? 'body' : ACTIVE_PAGE))
      problems.push({
        path: entry.path,
        what: `axe ${violation.impact} ${violation.id}: ${violation.help} at ${violation.targets.join(' | ')}`,
      });
  }
  return problems;
}

/** The administrator holds every page; each is walked as the roles that use it meet it. */
const ADMIN = demoEmployees.find((e) => e.roleCode === ROLE.systemAdmin)?.username;

/**
 * The pages a role is walked through: its whole menu, but for the administrator only the pages no
 * other demo role holds (the system's own). Every other page is walked by the roles whose work it is,
 * whose scope and actions are the ones that can go wrong; the administrator sees them as any
 * all-scope role does.
 */
async function pagesToWalk(role: { username: string; password: string }) {
  const menu = await menuPagesOf(e2e.baseURL, role.username, role.password);
  if (role.username !== ADMIN) return menu;
  const others = roleAccounts.filter((r) => r.username !== ADMIN);
  const held = new Set<string>();
  for (const other of others)
    for (const entry of await menuPagesOf(e2e.baseURL, other.username, other.password)) held.add(entry.id);
  return menu.filter((entry) => !held.has(entry.id));
}

const report = (problems: Problem[]) => [...new Set(problems.map((p) => `${p.path}: ${p.what}`))].join('\n');

describe('every page of every demo role menu', () => {
  for (const role of roleAccounts) {
    it(
      `${role.username}: each menu page shows its content without errors, raw keys or serious accessibility problems`,
      async () => {
        const menu = await pagesToWalk(role);
        expect(menu.length).toBeGreaterThan(0);
        const problems = await walk(role, menu);
        expect(report(problems)).toBe('');
      },
      WALK_MS,
    );
  }
});
