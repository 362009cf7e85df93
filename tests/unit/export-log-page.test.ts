import { describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { exportConfigDictionary } from '../../server/export/export-dictionary';
import { translate } from '../../server/http/i18n';

/**
 * The export log (基础管理 › 导出日志) names an export by the title of the page it exports. Its
 * internal code (OwnLineOrderExport) is neither a column nor typed into a filter: the filter offers
 * the exports by title.
 */
describe('the export log page', () => {
  const page = pageById('baseManage.exportLog');

  it('shows the export by its title, with no column of its code', () => {
    const columns = page?.columns?.map((c) => c.field) ?? [];
    expect(columns).toContain('configName');
    expect(columns).not.toContain('configCode');
  });

  it('filters by a choice of the exports, worded by the ExportConfig dictionary', () => {
    expect(page?.filters?.find((f) => f.field === 'configCode')).toMatchObject({
      kind: 'dict',
      dict: 'ExportConfig',
    });
  });

  it('words every export of the catalogue by its page title, in Chinese and English', () => {
    const options = new Map(exportConfigDictionary().map(([, , code, zh, en]) => [code, { zh, en }]));
    const exported = pages.filter((p) => p.export && p.resource);
    expect(exported.length).toBeGreaterThan(50);
    for (const p of exported) {
      const option = options.get(p.export?.configCode ?? '');
      expect(option?.zh, p.id).toContain(translate('zh', p.titleKey));
      expect(option?.en, p.id).toContain(translate('en', p.titleKey));
    }
    expect(options.get('OwnLineOrderExport')).toEqual({
      zh: '自有品牌订单查询',
      en: translate('en', 'page.ordersSetup.ownLineOrders'),
    });
  });
});
