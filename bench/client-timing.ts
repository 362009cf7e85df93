// The client as a person meets it, measured in headless Chromium against a real server on a fresh
// demo database: what /login costs on the wire, how soon its form is in the page, and how fast a
// page switch is with 50 tabs open. Used by `npm run bench` (bench/run.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/seed/seed';
import { menuPagesOf } from '../tests/e2e/menu-pages';

const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
};
const ADMIN = { username: 'admin', password: 'Admin@123456' };
const COLD_LOADS = 5;
const TABS = 50;
const SWITCHES = 60;

export interface WireFile {
  file: string;
  raw: number;
  brotli: number;
}

export interface ClientTimings {
  js: WireFile[];
  css: WireFile[];
  /** ms from navigation start until the password field is in the DOM, one per cold load. */
  formInDom: number[];
  /** ms from navigation start until the load event ended, same loads: the form's wait after it. */
  loadEvent: number[];
  /** ms from a click on a tab until the next frame after it became the active tab. */
  tabSwitch: number[];
  tabsOpen: number;
}

export const median = (values: number[]) => percentile(values, 50);

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Raw and brotli bytes of a served file, as the server sends them (content-length of each answer).
 * Files under the build's compression threshold travel raw, so their raw size is what goes on the wire.
 */
async function wireSize(baseURL: string, file: string): Promise<WireFile> {
  const length = async (encoding: string) => {
    const response = await fetch(new URL(file, baseURL), { headers: { 'accept-encoding': encoding } });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (encoding === 'br' && response.headers.get('content-encoding') !== 'br' && bytes >= 1024)
      throw new Error(`${file} is not served brotli-compressed`);
    return Number(response.headers.get('content-length') ?? bytes);
  };
  return { file, raw: await length('identity'), brotli: await length('br') };
}

/** The scripts and stylesheets a cold load of /login fetches, in the order the browser asked for them. */
async function loginFiles(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  const files: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && /\.(js|css)$/.test(path)) files.push(path);
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.locator('#login-password').waitFor();
  await context.close();
  return files;
}

/** A fresh context (empty cache) per load; the page notes when the password field joins the DOM. */
async function formInDom(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  await context.addInitScript(`
    const observer = new MutationObserver(() => {
      if (!document.getElementById('login-password')) return;
      window.formAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  await page.goto('/login');
  await page.waitForFunction(() => (window as unknown as { formAt?: number }).formAt !== undefined);
  await page.waitForLoadState('load');
  const at = await page.evaluate(() => ({
    form: (window as unknown as { formAt: number }).formAt,
    load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  await context.close();
  return at;
}

/** Waits until no request has been in flight for a while: the opened page has its data. */
async function settled(page: Page, inflight: { count: number }) {
  let quietSince = Date.now();
  while (Date.now() - quietSince < 250) {
    if (inflight.count > 0) quietSince = Date.now();
    await page.waitForTimeout(25);
  }
}

/** Opens TABS menu pages as admin, then clicks tabs in the tab bar and times each switch. */
async function tabSwitches(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  const page = await context.newPage();
  const inflight = { count: 0 };
  page.on('request', () => inflight.count++);
  page.on('requestfinished', () => inflight.count--);
  page.on('requestfailed', () => inflight.count--);
  await page.goto('/login');
  await page.locator('#login-username').fill(ADMIN.username);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.locator('.portal-tab').first().waitFor();

  const paths = (await menuPagesOf(baseURL, ADMIN.username, ADMIN.password)).map((p) => p.path);

  for (const path of paths) {
    if ((await page.locator('.portal-tab').count()) >= TABS) break;
    const before = await page.locator('.portal-tab').count();
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction((n) => document.querySelectorAll('.portal-tab').length > n, before);
    await settled(page, inflight);
  }
  const tabsOpen = await page.locator('.portal-tab').count();

  const times: number[] = [];
  for (let i = 0; i < SWITCHES; i++) {
    // Far-apart tabs in turn, never the active one: every click is a real switch.
    const index = (i * 17 + 7) % tabsOpen;
    const ms: number = await page.evaluate(`(async () => {
      const n = ${index};
      const tab = document.querySelectorAll('.portal-tab')[n];
      if (tab.getAttribute('aria-selected') === 'true') return -1;
      const start = performance.now();
      tab.click();
      await new Promise((resolve) => {
        const check = () =>
          document.querySelectorAll('.portal-tab')[n]?.getAttribute('aria-selected') === 'true'
            ? resolve()
            : requestAnimationFrame(check);
        check();
      });
      // The switch is done when the frame showing the new page has been drawn.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - start;
    })()`);
    if (ms >= 0) times.push(ms);
    await settled(page, inflight);
  }
  await context.close();
  return { tabSwitch: times, tabsOpen };
}

export async function measureClient(distDir = 'dist'): Promise<ClientTimings> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-client-'));
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await seed(database.db, 'demo');
  const app = await buildApp({ db: database.db, clientDir: join(process.cwd(), distDir) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch(LAUNCH);
  try {
    const files = await loginFiles(browser, baseURL);
    const sizes = await Promise.all(files.map((file) => wireSize(baseURL, file)));
    const loads: { form: number; load: number }[] = [];
    // One load first so the server and the disk cache of the machine are warm; the browser is cold each time.
    await formInDom(browser, baseURL);
    for (let i = 0; i < COLD_LOADS; i++) loads.push(await formInDom(browser, baseURL));
    const switches = await tabSwitches(browser, baseURL);
    return {
      js: sizes.filter((f) => f.file.endsWith('.js')),
      css: sizes.filter((f) => f.file.endsWith('.css')),
      formInDom: loads.map((l) => l.form),
      loadEvent: loads.map((l) => l.load),
      ...switches,
    };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
