import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * An execution order's 销售渠道 is a channel of its dictionary (ExecutionOrderSalesChannel), which the
 * execution order list shows in words; a code it does not have is refused naming the field, and no
 * execution order is made nor any approved unit taken.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
let product: { pn: string; StandardPrice: string };

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
  product = (await t.post('/product/getStandardPrice', { keyword: '', pageSize: 5 }, tokens.rsp)).body
    .results[0];
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user = 'rsp') => t.post(path, body, tokens[user]);

/** A special price of the RSP's, approved and won: execution orders may be drawn from it. */
async function wonPrice() {
  const created = await post('/opportunity/create', registrationBody({ AgentName: rspName }));
  const opportunityId = created.body.results.ObjectID as string;
  const submit = {
    workflow: 'opportunityRegistration',
    ObjectID: opportunityId,
    command: 'submit',
    payload: {},
  };
  expect((await post('/workflow/decide', submit)).status).toBe(200);
  const applied = await post('/specialApproval/applyApproval', {
    OpportunityID: opportunityId,
    Brand: '101',
    ExtDueDate_SDK: '2026-12-20',
    ExtBidOpeningDate_SDK: '2030-01-10',
    ExtApplyReason_SDK: 'Competitor quoted 3 % lower',
    ExtChannelMargin_SDK: 'RSP 3 %',
    Lines: [
      {
        ProductCode: product.pn,
        Quantity: 10,
        RequestedPrice: ((Math.round(Number(product.StandardPrice) * 100) * 0.97) / 100).toFixed(2),
      },
    ],
  });
  expect(applied.status, applied.body.message).toBe(200);
  const id = applied.body.results.ObjectID as string;
  expect(
    (await post('/specialApproval/processApproval', { ObjectID: id, Command: 'agree' }, 'province')).status,
  ).toBe(200);
  expect((await post('/specialApproval/processApproval', { ObjectID: id, Command: 'win' })).status).toBe(200);
  return id;
}

describe('the sales channel of an execution order', () => {
  it('is a channel of its dictionary; another code is refused and nothing is drawn', async () => {
    const id = await wonPrice();
    const draw = (SalesChannel: unknown) =>
      post('/specialApproval/createExecutionOrder', {
        SpecialPriceID: id,
        SalesChannel,
        Lines: [{ ProductCode: product.pn, ExecuteQuantity: 4 }],
      });
    const invented = await draw('ZZZ');
    expect(invented.status).toBe(400);
    expect(invented.body.message).toContain('销售渠道');
    const left = (await post('/specialApproval/getOne', { ObjectID: id })).body.results;
    expect(left.Lines[0].RemainingQuantity).toBe(10);
    expect(left.ExecutionOrders).toEqual([]);

    const drawn = await draw('111');
    expect(drawn.status, drawn.body.message).toBe(200);
    expect(drawn.body.results.SalesChannel).toBe('111');
  });
});

endsWithBooksBalanced(() => t, ['specialPrices', 'system']);
