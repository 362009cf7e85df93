import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The embedded database decodes each text value of a row in place (scripts/patch-pglite.mjs, run after
 * every install): without the patch each value is first copied into an ArrayBuffer of its own, which
 * was most of the time a 100-row list took.
 */
describe('PGlite reads row values without copying each one', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('reads 2,000 text values, Chinese among them, with far fewer buffer copies than values', async () => {
    await db.query('select 1');
    const slice = ArrayBuffer.prototype.slice;
    let copies = 0;
    ArrayBuffer.prototype.slice = function (this: ArrayBuffer, ...args: [number?, number?]) {
      copies++;
      return slice.apply(this, args);
    };
    try {
      const result = await db.query<{ name: string; no: string }>(
        `select '销售订单 ' || i as name, 'DD' || lpad(i::text, 6, '0') as no from generate_series(1, 1000) i`,
      );
      expect(result.rows).toHaveLength(1000);
      expect(result.rows[0]).toEqual({ name: '销售订单 1', no: 'DD000001' });
      expect(result.rows[999]).toEqual({ name: '销售订单 1000', no: 'DD001000' });
    } finally {
      ArrayBuffer.prototype.slice = slice;
    }
    expect(copies).toBeLessThan(100);
  }, 60_000); // starting an embedded database takes seconds on a busy machine
});
