import { describe, expect, it } from 'vitest';
import {
  type DraftLine,
  draftOf,
  linesBody,
  previewTotal,
  previewYuan,
  savedTotal,
} from '../../machines/orders/order-lines.rules';

const line = (quantity: string, unitPrice = '', standard = '1234.56'): DraftLine => ({
  key: 1,
  product: { ProductCode: 'P1', ProductName: 'Server', StandardPrice: standard },
  quantity,
  unitPrice,
});

describe('order line previews', () => {
  it('price a line at the standard price unless another is typed, exactly in fen', () => {
    expect(previewYuan(line('3'))).toBe('3703.68');
    expect(previewYuan(line('3', '0.10'))).toBe('0.30');
    expect(previewTotal([line('3', '0.10'), line('7', '0.20')])).toBe('1.70');
  });

  it('preview nothing for an incomplete or impossible line', () => {
    expect(previewYuan(line(''))).toBeUndefined();
    expect(previewYuan(line('2', '1.234'))).toBeUndefined();
    expect(previewTotal([line('1'), line('x')])).toBeUndefined();
  });

  it('send a price only where one was typed, and add saved amounts in fen', () => {
    expect(linesBody([line(' 2 '), line('1', ' 9.90 ')])).toEqual([
      { ProductCode: 'P1', Quantity: '2' },
      { ProductCode: 'P1', Quantity: '1', UnitPrice: '9.90' },
    ]);
    expect(savedTotal(['0.10', '0.20'])).toBe('0.30');
  });

  it('open a saved line as a typed one, its price typed only where it is not the standard one', () => {
    const saved = {
      ObjectID: 'l-1',
      LineNo: 1,
      ProductCode: 'P1',
      ProductName: 'Server',
      Quantity: 3,
      StandardPrice: '1234.56',
      LineAmount: '3703.68',
    };
    expect(draftOf({ ...saved, UnitPrice: '1234.56' }, 1)).toEqual(line('3'));
    expect(draftOf({ ...saved, UnitPrice: '1200.00' }, 4).unitPrice).toBe('1200.00');
    expect(linesBody([draftOf({ ...saved, UnitPrice: '1234.560' }, 1)])).toEqual([
      { ProductCode: 'P1', Quantity: '3' },
    ]);
  });
});
