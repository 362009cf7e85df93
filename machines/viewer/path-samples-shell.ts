import type { AnyEventObject } from 'xstate';
import type { Tab } from '../shell/tabs.machine';
import type { PathSample } from './test-paths';

/**
 * The shell's and the export button's samples: the inputs and events their model tests walk
 * (tests/model) and the viewer's path plans draw, the same list for both.
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
const ctx = (s: unknown) => (s as { context: Record<string, any> }).context;

const dashboard: Tab = { fullPath: '/dashboard', pageId: 'shell.dashboard', pinned: true };
const orders: Tab = {
  fullPath: '/ordersSetup/self-built-orders',
  pageId: 'ordersSetup.selfBuiltOrders',
  pinned: false,
};
const detail: Tab = {
  fullPath: '/customers/rsp-detail?objectID=7',
  pageId: 'customers.rspDetail',
  pinned: false,
};

const tabs: PathSample = {
  input: { tabs: [dashboard] },
  events: [
    { type: 'tab.open', tab: orders },
    { type: 'tab.open', tab: detail },
    { type: 'tab.open', tab: dashboard },
    { type: 'tab.show', fullPath: detail.fullPath },
    { type: 'tab.close', fullPath: orders.fullPath },
    { type: 'tab.close', fullPath: dashboard.fullPath },
    { type: 'menu.open', fullPath: orders.fullPath },
    { type: 'menu.open', fullPath: dashboard.fullPath },
    { type: 'menu.close' },
    { type: 'menu.refresh' },
    { type: 'menu.close.tab' },
    { type: 'menu.close.others' },
    { type: 'menu.close.all' },
    { type: 'tabs.reset', tabs: [dashboard] },
  ],
  contextKey: (s) => [ctx(s).tabs.map((t: Tab) => t.fullPath), ctx(s).active, ctx(s).menuFor],
};

const settings: PathSample = {
  input: { preferences: {}, sidebarOpened: true, viewportWidth: 1280 },
  events: [
    { type: 'drawer.open' },
    { type: 'drawer.close' },
    { type: 'preference.change', preferences: { tabsView: false } },
    { type: 'preference.change', preferences: { themeColor: '#8e44ad' } },
    { type: 'preference.change', preferences: { themeColor: 'red; background: url(x)' } },
    { type: 'preferences.reset' },
    { type: 'sidebar.toggle' },
    { type: 'viewport.resize', width: 390 },
    { type: 'viewport.resize', width: 1280 },
    { type: 'page.open' },
  ],
  contextKey: (s) => [ctx(s).preferences.tabsView, ctx(s).preferences.themeColor, ctx(s).sidebarPreferred],
};

/** What the export button sends for an export. */
export const EXPORT_PARAMS = { OrderNo: 'DD2026' };

// Every event the button can meet: the person's click, the server's answers and the countdown's ticks.
// A two-second cooldown keeps the countdown's states few; the 30 s of SPEC §9 is a unit test.
const exportButton: PathSample = {
  input: { configCode: 'ProductFileExport', mode: 'sync', cooldownSeconds: 2 },
  events: [
    { type: 'export.request', params: EXPORT_PARAMS },
    { type: 'xstate.done.actor.runExport', output: '/portal/excelExport/download/9?token=k' },
    { type: 'xstate.done.actor.runExport', output: '' },
    { type: 'xstate.error.actor.runExport', error: new Error('refused') },
    { type: 'xstate.after.1000.export.coolingDown' },
    // A job export's follower: how far its file is, and its end.
    { type: 'export.progress', percent: 40 },
    { type: 'export.finished', ok: true },
    { type: 'export.finished', ok: false },
  ] satisfies AnyEventObject[],
  contextKey: (s) => ctx(s).remaining,
};

export const shellPathSamples: Record<'tabs' | 'settings' | 'export', PathSample> = {
  tabs,
  settings,
  export: exportButton,
};
