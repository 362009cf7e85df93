import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';
import { orderForm } from './order-desk';

/**
 * A special-price line may be a configured product (CPQ, notes §2.3): the line is the configuration,
 * its standard price the CPQ price info's, its parts inheriting the requested and approved prices by one
 * ratio; a part alone is refused. The approved configuration is drawn by an execution order and
 * ordered like any product. The CPU dialog reads the same catalogue.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
type Row = Record<string, unknown>;
const fen = (yuan: unknown) => Math.round(Number(yuan) * 100);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'province', 'region', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e join customer c
    on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, who = 'rsp') => t.post(path, body, tokens[who]);

async function protectedOpportunity() {
  const created = await post(
    '/opportunity/create',
    registrationBody({
      AgentName: rspName,
      Name: 'Configured servers project',
      ExtBudgetAmount_SDK: '900000.00',
      ExtEstimatedSalesAmountcontent_SDK: '800000.00',
      ExtRequirementDesc_SDK: 'Configured rack servers',
    }),
  );
  const id = created.body.results.ObjectID as string;
  await post('/workflow/decide', { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit' });
  return id;
}

const request = (opportunityId: string, lines: Row[]) => ({
  OpportunityID: opportunityId,
  Brand: '101',
  ExtDueDate_SDK: '2026-12-20',
  ExtBidOpeningDate_SDK: '2030-01-10',
  ExtApplyReason_SDK: 'Competitor quoted lower',
  ExtChannelMargin_SDK: 'RSP 3 %',
  Lines: lines,
});

describe('a configuration on a special price', () => {
  it('is priced at the configuration level from its CPQ price info, its parts inheriting the ratio', async () => {
    const [config] = (await post('/opportunityConfiguration/searchAll', { model: 'SR2200G6' })).body
      .results as Row[];
    const [info] = (await post('/opportunity/cpq/priceinfo', { pn: config.pn, quantity: 1 })).body
      .results as (Row & { children: Row[] })[];
    // The form's standard price of the code is the CPQ one, with the parts beside it.
    const [standard] = (await post('/product/getStandardPrice', { ProductCodes: [config.pn] })).body
      .results as (Row & { Children: Row[] })[];
    expect(standard).toMatchObject({ pn: config.pn, StandardPrice: info.standardPrice, Configuration: true });
    expect(standard.Children.map((c) => c.pn)).toEqual(info.children.map((c) => c.pn));

    const requested = Math.floor(fen(info.standardPrice) * 0.92);
    const applied = await post(
      '/specialApproval/applyApproval',
      request(await protectedOpportunity(), [
        { ProductCode: config.pn, Quantity: 3, RequestedPrice: (requested / 100).toFixed(2) },
      ]),
    );
    expect(applied.status, applied.body.message).toBe(200);
    const id = applied.body.results.ObjectID as string;
    const view = async () => (await post('/specialApproval/getOne', { ObjectID: id })).body.results;
    const [line] = (await view()).Lines as (Row & { Children: Row[] })[];
    expect(line).toMatchObject({ pn: config.pn, Configuration: true, StandardPrice: info.standardPrice });
    expect(line.Children).toHaveLength(info.children.length);
    // Each column of the parts adds up to the configuration's own price, to the fen.
    const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + fen(r[key]), 0);
    expect(sum(line.Children, 'StandardPrice')).toBe(fen(info.standardPrice));
    expect(sum(line.Children, 'ApplyPrice')).toBe(requested);
    expect((await view()).Chain).toEqual(['JS011', 'JS019']);

    expect(
      (await post('/specialApproval/processApproval', { ObjectID: id, Command: 'agree' }, 'province')).status,
    ).toBe(200);
    expect(
      (await post('/specialApproval/processApproval', { ObjectID: id, Command: 'agree' }, 'region')).status,
    ).toBe(200);
    const [approved] = (await view()).Lines as (Row & { Children: Row[] })[];
    expect(fen(approved.ApprovedPrice)).toBe(requested);
    expect(sum(approved.Children, 'ApprovedPrice')).toBe(requested);

    // Won, drawn by an execution order and ordered at the approved price, like any product.
    expect((await post('/specialApproval/processApproval', { ObjectID: id, Command: 'win' })).status).toBe(
      200,
    );
    const execution = await post('/specialApproval/createExecutionOrder', {
      SpecialPriceID: id,
      Lines: [{ ProductCode: config.pn, ExecuteQuantity: 2 }],
    });
    expect(execution.status, execution.body.message).toBe(200);
    const order = await post('/order/create', {
      ...orderForm('ordersSetup.specialAdd', rspName, String(config.pn)),
      ExecutionOrderNo: execution.body.results.ExecutionOrderNo,
      ContractNo: 'HT2026120101',
    });
    expect(order.status, order.body.message).toBe(200);
    const items = await sql<{ unit: string; standard: string }>`select unit_price::text as unit,
        standard_price::text as standard from order_item where order_id = ${order.body.results.ObjectID}`.execute(
      t.database.db,
    );
    expect(items.rows).toEqual([{ unit: approved.ApprovedPrice, standard: info.standardPrice }]);
  });

  it('refuses a part of a configuration asked for alone, naming the product code', async () => {
    const [config] = (await post('/opportunityConfiguration/searchAll', { model: 'ST5000' })).body
      .results as Row[];
    const [info] = (await post('/opportunity/cpq/priceinfo', { pn: config.pn })).body.results as (Row & {
      children: Row[];
    })[];
    const part = info.children[0];
    const refused = await post(
      '/specialApproval/applyApproval',
      request(await protectedOpportunity(), [{ ProductCode: part.pn, Quantity: 1, RequestedPrice: '1.00' }]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('ProductCode');
    expect(refused.body.message).toContain(String(part.pn));
    expect(refused.body.message).toContain('配置');
  });
});

describe('the CPU dialog', () => {
  it('reads the processors of the selected model’s platform from the CPQ catalogue, 50 a page', async () => {
    const [config] = (await post('/opportunityConfiguration/searchAll', { model: 'SR2200G6' })).body
      .results as Row[];
    const answer = await post('/oppProductComponent/searchPage', {
      searchType: '2',
      platform: config.platform,
      model: 'SR2200G6',
      currentPage: 1,
      pageSize: 50,
    });
    expect(answer.status).toBe(200);
    const records = answer.body.records as Row[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.platform === config.platform && r.cpu && r.cpuShort)).toBe(true);
    expect(records.map((r) => r.cpu)).toContain(config.cpu);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
