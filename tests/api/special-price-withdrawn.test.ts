import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * A withdrawn special price is final (docs/special-prices.md, States): its lines and amounts stay what
 * they were when it was taken back. Only a draft or a returned request is changed; a changed price is
 * asked for anew.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
let product: { pn: string; StandardPrice: string };

beforeAll(async () => {
  t = await startTestApp();
  tokens.rsp = await t.login('rsp', 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
  product = (await t.post('/product/getStandardPrice', { keyword: '', pageSize: 5 }, tokens.rsp)).body
    .results[0];
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown) => t.post(path, body, tokens.rsp);

async function protectedDeal() {
  const created = await post('/opportunity/create', registrationBody({ AgentName: rspName }));
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  const submitted = await post('/workflow/decide', {
    workflow: 'opportunityRegistration',
    ObjectID: id,
    command: 'submit',
    payload: {},
  });
  expect(submitted.status, submitted.body.message).toBe(200);
  return id;
}

const requestOn = (opportunityId: string, quantity: number) => ({
  OpportunityID: opportunityId,
  Brand: '101',
  ExtDueDate_SDK: '2026-12-20',
  ExtBidOpeningDate_SDK: '2030-01-10',
  ExtApplyReason_SDK: 'Competitor quoted 3 % lower',
  ExtChannelMargin_SDK: 'RSP 3 %',
  Lines: [
    {
      ProductCode: product.pn,
      Quantity: quantity,
      RequestedPrice: ((Math.round(Number(product.StandardPrice) * 100) * 0.97) / 100).toFixed(2),
    },
  ],
});

describe('a withdrawn special price', () => {
  it('keeps its lines and amounts: a save of it is refused, and nothing is written', async () => {
    const applied = await post('/specialApproval/applyApproval', requestOn(await protectedDeal(), 10));
    expect(applied.status, applied.body.message).toBe(200);
    const id = applied.body.results.ObjectID as string;
    const withdrawn = await post('/specialApproval/processApproval', {
      ObjectID: id,
      Command: 'withdraw',
      Reason: 'The customer postponed the tender',
    });
    expect(withdrawn.status, withdrawn.body.message).toBe(200);
    const before = (await post('/specialApproval/getOne', { ObjectID: id })).body.results;
    expect(before.Record.ApprovalState).toBe('withdrawn');

    const saved = await post('/specialApproval/create', {
      ...requestOn(before.Record.OpportunityID, 999),
      ObjectID: id,
      Version: before.Record.Version,
    });
    expect(saved.status).toBe(409);
    expect(saved.body.message).toContain('草稿或已退回');

    const after = (await post('/specialApproval/getOne', { ObjectID: id })).body.results;
    expect(after.Record.ExtApplyPriceTotal_SDK).toBe(before.Record.ExtApplyPriceTotal_SDK);
    expect(after.Record.Version).toBe(before.Record.Version);
    expect(after.Lines.map((l: { Quantity: number }) => l.Quantity)).toEqual([10]);
  });
});

endsWithBooksBalanced(() => t, ['specialPrices', 'system']);
