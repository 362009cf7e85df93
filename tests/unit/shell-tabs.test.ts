import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { KEEP_ALIVE_PAGES, keptTabs, touch } from '../../machines/shell/keep-alive';
import { menuPageOf, originOf } from '../../machines/shell/origin';
import type { Tab } from '../../machines/shell/tabs.machine';

const tab = (fullPath: string, pageId: string, from?: string): Tab => ({
  fullPath,
  pageId,
  pinned: false,
  from,
});
const selfBuilt = tab('/ordersSetup/self-built-orders', 'ordersSetup.selfBuiltOrders');
const ownLine = tab('/ordersSetup/own-line-orders', 'ordersSetup.ownLineOrders');
const dashboard = { ...tab('/dashboard', 'shell.dashboard'), pinned: true };
const detailPath = '/ordersSetup/own-line-order-detail?objectID=1&action=detail';
const detailPage = pageById('ordersSetup.ownLineOrderDetail')!;

describe('the page a detail belongs to in the menu', () => {
  it('is the list it was opened from, not the catalogue parent', () => {
    const from = originOf(
      { tabs: [dashboard, selfBuilt], active: selfBuilt.fullPath },
      detailPath,
      detailPage,
    );
    expect(from).toBe('ordersSetup.selfBuiltOrders');
    expect(menuPageOf(detailPage, from)?.id).toBe('ordersSetup.selfBuiltOrders');
  });

  it('is the catalogue parent when opened from elsewhere (the dashboard, another module)', () => {
    const from = originOf({ tabs: [dashboard], active: dashboard.fullPath }, detailPath, detailPage);
    expect(from).toBeUndefined();
    expect(menuPageOf(detailPage, from)?.id).toBe('ordersSetup.ownLineOrders');
  });

  it('stays the list a tab was opened from when the tab is shown from the tab bar', () => {
    const detail = tab(detailPath, detailPage.id, 'ordersSetup.selfBuiltOrders');
    // The tab bar makes the tab active before the page follows.
    expect(originOf({ tabs: [selfBuilt, ownLine, detail], active: detailPath }, detailPath, detailPage)).toBe(
      'ordersSetup.selfBuiltOrders',
    );
    // A link from the other list opens it from that list.
    expect(
      originOf({ tabs: [selfBuilt, ownLine, detail], active: ownLine.fullPath }, detailPath, detailPage),
    ).toBe('ordersSetup.ownLineOrders');
  });

  it('is nothing for a menu page', () => {
    const list = pageById('ordersSetup.selfBuiltOrders')!;
    expect(originOf({ tabs: [ownLine], active: ownLine.fullPath }, selfBuilt.fullPath, list)).toBeUndefined();
    expect(menuPageOf(list, undefined)).toBeUndefined();
  });
});

describe('the pages kept mounted', () => {
  const open = Array.from({ length: 50 }, (_, i) => `/p${i}`);
  const recent = [...open].reverse();

  it('are the shown one and the most recently shown others, up to the limit', () => {
    const kept = keptTabs(open, recent, '/p0');
    expect(kept.size).toBe(KEEP_ALIVE_PAGES);
    expect(kept.has('/p0')).toBe(true);
    expect(kept.has('/p49')).toBe(true);
    expect(kept.has('/p1')).toBe(false);
  });

  it('always include an open edit form, whose draft lives only while it is mounted', () => {
    const form = '/ordersSetup/self-built-order?action=add';
    const kept = keptTabs([form, ...open], recent, '/p0');
    expect(kept.has(form)).toBe(true);
  });

  it('follow the order tabs are shown in, and forget closed tabs', () => {
    expect(touch(['/a', '/b', '/c'], '/c', ['/a', '/c'])).toEqual(['/c', '/a']);
  });
});
