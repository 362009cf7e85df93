import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessTimeZone, setBusinessTimeZone } from '../../domain/business-clock';
import { translate } from '../../server/http/i18n';
import { pickerCell } from '../../views/kit/picker-table';

const t = (key: string) => translate('zh', key);

/**
 * A picker row's time shows as a day (SPEC §3), and that day is the one the business clock reads:
 * a commitment letter made at 07:30 in Beijing is stored as 23:30 UTC the evening before.
 */
describe('a picker cell', () => {
  let before = businessTimeZone();
  beforeEach(() => {
    before = businessTimeZone();
    setBusinessTimeZone('Asia/Shanghai');
  });
  afterEach(() => setBusinessTimeZone(before));

  it('shows an instant as its Beijing day, not its UTC day', () => {
    expect(pickerCell('2031-12-04T23:30:00.000Z', t)).toBe('2031-12-05');
    expect(pickerCell('2031-12-04T15:59:59.000Z', t)).toBe('2031-12-04');
  });

  it('keeps a day, and the day of a time written without a zone, as written', () => {
    expect(pickerCell('2031-12-04', t)).toBe('2031-12-04');
    expect(pickerCell('2031-12-04T23:30:00', t)).toBe('2031-12-04');
  });

  it('says yes and no in words, and shows nothing for a missing value', () => {
    expect(pickerCell(true, t)).toBe(translate('zh', 'kitPickers.yes'));
    expect(pickerCell(false, t)).toBe(translate('zh', 'kitPickers.no'));
    expect(pickerCell(null, t)).toBe('');
    expect(pickerCell('CL-001', t)).toBe('CL-001');
  });
});
