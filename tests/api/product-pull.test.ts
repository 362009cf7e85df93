import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartnerServer, productLine, startPartnerServer } from '../../scripts/partner-server';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { productPull } from '../../server/partner/product-pull.job';
import { pullProducts } from '../../server/partner/product-pull.service';
import { startTestApp, type TestApp } from './harness';

/** The product files pulled from the product source: created, updated, refused, and a source that fails. */
let t: TestApp;
let source: PartnerServer;
let admin: string;

const SERVER = {
  pn: 'TEST-SRV-0001',
  name: 'Rack server T1',
  category: '101',
  standardPrice: '45000.00',
  brand: 'Own brand',
  pattern: '101',
  model: 'T1',
  description: '1U server',
};
const STORAGE = { pn: 'TEST-STO-0001', name: 'Storage T2', category: '111', standardPrice: '99000.50' };

const product = async (pn: string) =>
  (
    await sql<{
      name: string;
      price: string;
      data: Record<string, unknown>;
    }>`select name, standard_price::text as price, data
      from product where product_code = ${pn}`.execute(t.database.db)
  ).rows[0];
const productCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from product`.execute(t.database.db)).rows[0].n;
const pull = (timeoutMs = 5_000) => pullProducts(t.database.db, { url: source.url, pageSize: 2, timeoutMs });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  source = await startPartnerServer({ lines: [] });
});
afterAll(async () => {
  await source.close();
  await t.close();
});

describe('the product pull', () => {
  it('shows the demo seed’s real run on the product pull log', async () => {
    const log = await t.post('/productPullLog/search', { pageSize: 10 }, admin);
    expect(log.body.state).toBe(true);
    expect(log.body.results).toHaveLength(1);
    const [run] = log.body.results;
    expect([run.SynchState, run.NewCount, run.UpdatedCount, run.FailCount]).toEqual(['SUCCESS', 2, 1, 2]);
    expect(run.Message).toContain('PRJ-4K-01');
    expect((await product('SRV-R5300-G6'))?.price).toBe('58800.00');
  });

  it('creates unknown part numbers, leaves unchanged ones alone and updates changed ones', async () => {
    source.setProductLines([productLine(SERVER), productLine(STORAGE)]);
    const first = await pull();
    expect([first.state, first.total, first.created, first.updated, first.fail]).toEqual([
      'SUCCESS',
      2,
      2,
      0,
      0,
    ]);
    const created = await product(SERVER.pn);
    expect([created.name, created.price, created.data.ProductModel, created.data.Enabled]).toEqual([
      'Rack server T1',
      '45000.00',
      'T1',
      true,
    ]);
    const again = await pull();
    expect([again.created, again.updated]).toEqual([0, 0]);

    source.setProductLines([
      productLine({ ...SERVER, standardPrice: '43999.99', enabled: false }),
      productLine(STORAGE),
    ]);
    const changed = await pull();
    expect([changed.created, changed.updated]).toEqual([0, 1]);
    const updated = await product(SERVER.pn);
    expect([updated.price, updated.data.Enabled]).toEqual(['43999.99', false]);
  });

  it('refuses rows it cannot take with their reasons, and takes the rest', async () => {
    const before = await productCount();
    source.setProductLines([
      productLine({ ...STORAGE, pn: 'TEST-STO-0002' }),
      productLine({ ...SERVER, pn: 'TEST-BAD-CAT', category: '999' }),
      productLine({ ...SERVER, pn: 'TEST-BAD-PRICE', standardPrice: '12.345' }),
      productLine({ ...SERVER, pn: 'bad pn with spaces' }),
      '{"pn":"TEST-CUT","name":"Cut sh',
      productLine({ ...STORAGE, pn: 'TEST-STO-0002', name: 'Twice' }),
    ]);
    const run = await pull();
    expect([run.state, run.total, run.created, run.fail]).toEqual(['SUCCESS', 6, 1, 5]);
    expect(await productCount()).toBe(before + 1);
    expect((await product('TEST-STO-0002')).name).toBe('Storage T2');
    for (const named of [
      'TEST-BAD-CAT',
      '999',
      'TEST-BAD-PRICE',
      '12.345',
      'bad pn with spaces',
      'TEST-STO-0002',
    ])
      expect(run.message).toContain(named);
    expect(await product('TEST-BAD-CAT')).toBeUndefined();
  });

  it('changes nothing when the source does not answer in time, and logs the failed run', async () => {
    source.setProductLines([productLine({ ...SERVER, standardPrice: '1.00' })]);
    source.setDelay(1_500);
    try {
      const run = await pull(300);
      expect(run.state).toBe('FAIL');
      expect(run.message).toContain('0.3');
    } finally {
      source.setDelay(0);
    }
    expect((await product(SERVER.pn)).price).toBe('43999.99');
    const log = await t.post('/productPullLog/search', { pageSize: 1, sort: '-PullTime' }, admin);
    expect(log.body.results[0].SynchState).toBe('FAIL');
  });

  it('runs as a scheduled job against the configured source, and says so when there is none', async () => {
    source.setProductLines([productLine({ ...SERVER, pn: 'TEST-JOB-0001' })]);
    const ran = await runJobOnce(t.database.db, productPull, new Date(), { url: source.url });
    expect(ran).toMatchObject({ params: { created: 1, fail: 0 } });
    const previous = process.env.PARTNER_URL;
    delete process.env.PARTNER_URL;
    try {
      const idle = await runJobOnce(t.database.db, productPull);
      expect(idle).toEqual({ key: 'partner.products.job.notConfigured' });
    } finally {
      if (previous !== undefined) process.env.PARTNER_URL = previous;
    }
  });
});
