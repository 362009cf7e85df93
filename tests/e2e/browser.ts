import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { portalBaseURL } from './portal-url';

/**
 * Debian's old headless shell of Chromium (package chromium-headless-shell), the same Blink as
 * /usr/bin/chromium without a browser's windows and their processes around each page: a test's pages
 * cost the two cores less than half as much. Debian's Chromium where the shell is not installed; never
 * a downloaded browser (ARCHITECTURE.md §8).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const LAUNCH = {
  executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The cookie the app keeps its session token in (services/session.service.ts). */
const TOKEN_COOKIE = 'Admin-Token';

/** How long a single wait (a URL, an element) may take before the test fails. */
const WAIT_MS = 10_000;

export interface PageOptions {
  /** The browser's language; 'zh-CN' gives the Chinese interface when no language cookie is set. */
  locale?: string;
  /** Install Playwright's fake clock before the first navigation (session idle time-out). */
  clock?: boolean;
  /** The browser's own time zone (a business time must not follow it); the machine's when absent. */
  timezoneId?: string;
  /** The window's size; Playwright's 1280×720 when absent. */
  viewport?: { width: number; height: number };
  /** Signed in as the token's person from the start (useToken), for a test about another page. */
  token?: string;
}

export interface E2E {
  baseURL: string;
  /** A fresh browser context (own cookies and storage) with one page; closed after the test. */
  newPage(options?: PageOptions): Promise<Page>;
  /** Absolute URL of a path on the portal under test. */
  url(path: string): string;
}

/**
 * The worker's Chromium, launched by its first test file and used by the next ones (a worker's files
 * share their modules: vitest.config.ts): a launch costs a second or two of both cores, and a test
 * never shares more than the process with another, as each page has a browser context of its own.
 * Launched again if it went away; Playwright ends it when the worker's process exits.
 */
let workerBrowser: Promise<Browser> | undefined;
function launchedBrowser(): Promise<Browser> {
  workerBrowser ??= chromium.launch(LAUNCH).then((browser) => {
    browser.on('disconnected', () => {
      workerBrowser = undefined;
    });
    return browser;
  });
  return workerBrowser;
}

/**
 * Registers the hooks of one test file: the worker's Chromium, a fresh context per page, and a
 * failing test for every uncaught error the page threw.
 */
export function useBrowser(): E2E {
  const baseURL = portalBaseURL();
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchedBrowser();
  });

  afterAll(() => {
    browser = undefined;
  });

  afterEach(async () => {
    const open = contexts;
    const errors = pageErrors;
    contexts = [];
    pageErrors = [];
    await Promise.all(open.map((context) => context.close()));
    if (errors.length > 0) throw new Error(`Uncaught error(s) in the page:\n${errors.join('\n')}`);
  });

  return {
    baseURL,
    url: (path) => new URL(path, baseURL).toString(),
    async newPage({ locale = 'zh-CN', clock = false, timezoneId, viewport, token }: PageOptions = {}) {
      if (!browser) throw new Error('newPage() is for tests, after the browser started');
      const context = await browser.newContext({
        locale,
        baseURL,
        ...(timezoneId ? { timezoneId } : {}),
        ...(viewport ? { viewport } : {}),
      });
      contexts.push(context);
      context.setDefaultTimeout(WAIT_MS);
      context.setDefaultNavigationTimeout(WAIT_MS * 2);
      if (clock) await context.clock.install();
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
      if (token) await useToken(page, token);
      return page;
    },
  };
}

/** Path and query of the page's URL, e.g. '/login?redirect=%2Fdashboard'. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page shows exactly this path and query. */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** Fills the login form and submits it; the caller waits for what should happen next. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type=submit]').click();
}

/**
 * Opens /login (unless the page is already there), logs in on the form and waits until the app left
 * the login page, i.e. the route guard accepted the session.
 */
export async function loginOnForm(page: Page, username: string, password: string) {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  await submitLogin(page, username, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Signs in for a test that is about something else and opens `path` (the dashboard unless told):
 * the token comes from the login call and goes where the app keeps it, so the app starts once, on
 * that page, as it does for a returning user. A page already on /login (sent there by the route guard)
 * logs in on the form, so the guard's redirect is followed.
 */
export async function login(page: Page, username: string, password: string, path = '/dashboard') {
  if (new URL(page.url(), 'http://x').pathname === '/login') return loginOnForm(page, username, password);
  const response = await page.request.post('/portal/user/login', { data: { username, password } });
  const answer = await response.json();
  if (!answer.state) throw new Error(`${username} could not sign in: ${answer.message}`);
  await useToken(page, answer.results.token);
  await page.goto(path);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs the page's context in as the token's person, the way the app keeps a session between visits. */
export async function useToken(page: Page, token: string) {
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: token, url: portalBaseURL() }]);
}

/** The value of the login-token cookie, or undefined. */
export async function tokenOf(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === TOKEN_COOKIE)?.value;
}

/**
 * The rows of the tables inside `scope` that hold records: a table still loading (or empty) draws one
 * row of its own with the words 加载中… (or 暂无数据), which a test must not read as a record.
 */
export function dataRows(scope: Page | Locator): Locator {
  return scope.locator('tbody tr:not(.p-datatable-emptymessage)');
}
