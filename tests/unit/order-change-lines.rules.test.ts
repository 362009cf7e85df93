import { describe, expect, it } from 'vitest';
import {
  addedRow,
  changeLinesBody,
  rowsOfChange,
  rowsOfOrder,
  withoutRow,
} from '../../machines/orders/order-change-lines.rules';

const order = [
  {
    LineNo: 1,
    ProductCode: 'SRV-1',
    ProductName: 'Server',
    Quantity: 5,
    UnitPrice: '1000.00',
    ShippedQuantity: 2,
  },
  {
    LineNo: 2,
    ProductCode: 'STO-1',
    ProductName: 'Storage',
    Quantity: 1,
    UnitPrice: '500.00',
    ShippedQuantity: 0,
  },
];

describe('the rows of an order change form', () => {
  it('start from the order as it stands and send every kept line with the order line it changes', () => {
    const rows = rowsOfOrder(order);
    expect(rows.map((r) => [r.lineNo, r.quantity, r.shipped, r.removed])).toEqual([
      [1, '5', 2, false],
      [2, '1', 0, false],
    ]);
    expect(changeLinesBody(rows)).toEqual([
      { LineNo: 1, ProductCode: 'SRV-1', Quantity: '5', UnitPrice: '1000.00' },
      { LineNo: 2, ProductCode: 'STO-1', Quantity: '1', UnitPrice: '500.00' },
    ]);
  });

  it('show a saved change: changed lines, a line it leaves out as removed, and the lines it adds', () => {
    const rows = rowsOfChange(order, [
      { LineNo: 1, ProductCode: 'SRV-1', Quantity: 3, UnitPrice: '900.00' },
      { ProductCode: 'NEW-1', Quantity: 2, UnitPrice: '80.00' },
    ]);
    expect(
      rows.map((r) => [
        r.lineNo ?? null,
        r.productCode,
        r.before ?? null,
        r.quantity,
        r.unitPrice,
        r.removed,
      ]),
    ).toEqual([
      [1, 'SRV-1', 5, '3', '900.00', false],
      [2, 'STO-1', 1, '1', '500.00', true],
      [null, 'NEW-1', null, '2', '80.00', false],
    ]);
    // A removed line is not sent: the server removes it (only if nothing of it was shipped).
    expect(changeLinesBody(rows).map((l) => l.ProductCode)).toEqual(['SRV-1', 'NEW-1']);
  });

  it('add a product as a new line of one unit at the standard price; removing it drops it', () => {
    const rows = addedRow(rowsOfOrder(order), {
      ProductCode: 'NEW-1',
      ProductName: 'Switch',
      StandardPrice: '80.00',
    });
    expect(rows[2]).toMatchObject({ key: 3, productCode: 'NEW-1', quantity: '1', unitPrice: '' });
    // No price typed: the server prices the new line at the standard price.
    expect(changeLinesBody(rows)[2]).toEqual({ ProductCode: 'NEW-1', Quantity: '1' });
    const left = withoutRow(withoutRow(rows, 3), 2);
    expect(left.map((r) => [r.productCode, r.removed])).toEqual([
      ['SRV-1', false],
      ['STO-1', true],
    ]);
  });
});
