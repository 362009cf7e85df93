import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';

/**
 * 总代库存报表（旧） (SPEC §2 lists the distributor stock report "new and old") is the old format's
 * month-end snapshot of the stock lines: per agent, month and model the closing stock and its amount,
 * read-only and exported as shown; the reconciliation (opening, purchased, sold, adjusted, closing)
 * and the import are the current report's (docs/reports.md "The old stock report").
 */
describe('the old stock report', () => {
  const old = pageById('report.distributorStockReportOld')!;
  const current = pageById('report.distributorStockReport')!;
  const fields = () => (old.columns ?? []).map((c) => c.field);

  it('shows the month-end snapshot of the same stock lines, no reconciliation', () => {
    expect(old.resource).toBe(current.resource);
    expect(fields()).toEqual([
      'AgentName',
      'Period',
      'ProductModel',
      'ClosingQuantity',
      'StockAmount',
      'ReportStatus',
      'CreationOn',
    ]);
    for (const field of ['OpeningQuantity', 'PurchaseQuantity', 'SalesQuantity', 'AdjustQuantity'])
      expect(fields()).not.toContain(field);
  });

  it('is read-only: it exports, and lines come in through the current report only', () => {
    expect(old.toolbar).toEqual(['export']);
    expect(old.import).toBeUndefined();
    expect(current.import?.reportType).toBeDefined();
  });
});
