import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LossReason, WinOrNot } from '../../domain/codes/opportunities.codes';
import { endsWithBooksBalanced } from './books-kit';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * A deal is won for an amount and lost for a reason, and the opportunity report separates the
 * pipeline, the won (with the amounts won), the lost and the void; a rejected or withdrawn
 * registration is in none of its figures.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const WORKFLOW = 'opportunityRegistration';
// Firewalls: the line the figures below are read from.
const LINE = '161';
let serial = 0;
let agentName: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'province', 'channel', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const { rows } = await sql<{ name: string }>`select c.name from customer c
    join employee e on e.company_id = c.object_id where e.username = 'rsp'`.execute(t.database.db);
  agentName = rows[0].name;
}, 120_000);
afterAll(() => t.close());

async function create(amount: string, customer?: string) {
  serial += 1;
  const { status, body } = await t.post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: agentName,
      Name: `Firewall refresh ${serial}`,
      ExtOppCustomerName_SDK: customer ?? `Outcome Test Bureau ${serial}`,
      ExtCustomerIndustry_SDK: '101',
      ProvinceName: 'Jiangsu',
      ProductLine: LINE,
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '900000.00',
      ExtEstimatedSalesAmountcontent_SDK: amount,
      ExtEstimatedBidDate_SDK: '2027-01-20',
      ExtRequirementDesc_SDK: 'Two firewall clusters',
    },
    tokens.rsp,
  );
  expect(status, body.message).toBe(200);
  return body.results.ObjectID as string;
}
const decide = (user: string, id: string, command: string, payload: Record<string, unknown> = {}) =>
  t.post('/workflow/decide', { workflow: WORKFLOW, ObjectID: id, command, payload }, tokens[user]);
async function registered(amount: string, customer?: string) {
  const id = await create(amount, customer);
  const submitted = await decide('rsp', id, 'submit');
  expect(submitted.status, submitted.body.message).toBe(200);
  return id;
}
const getOne = async (id: string) =>
  (await t.post('/opportunity/getOne', { ObjectID: id }, tokens.rsp)).body.results[0] as Record<string, any>;
const lineFigures = async () => {
  const { body } = await t.post('/opportunityReport/summary', { ProductLine: LINE }, tokens.ops);
  expect(body.state, body.message).toBe(true);
  return (
    body.results.byProductLine.find((r: { key: string }) => r.key === LINE) ?? {
      count: 0,
      amount: '0',
      pipelineCount: 0,
      pipelineAmount: '0',
      wonCount: 0,
      wonAmount: '0',
      lostCount: 0,
      voidCount: 0,
    }
  );
};

describe('winning and losing a deal', () => {
  it('asks for the amount won, refuses none or a wrong one by its name, and keeps it', async () => {
    const id = await registered('200000.00');
    const options = await t.post('/workflow/options', { workflow: WORKFLOW, ObjectID: id }, tokens.rsp);
    const asks = Object.fromEntries(
      options.body.results.Commands.map((c: { Name: string; Asks: string }) => [c.Name, c.Asks]),
    );
    expect(asks).toMatchObject({ win: 'winning', close: 'loss' });

    for (const payload of [{}, { amount: '0' }, { amount: '12.345' }, { amount: 'a lot' }]) {
      const refused = await decide('rsp', id, 'win', payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message).toContain(labelFor('amount'));
    }
    expect((await getOne(id)).ExtOpportunityStatus_SDK).toBe('141');

    const won = await decide('rsp', id, 'win', { amount: '180000.50', comment: 'Signed on Friday' });
    expect(won.status, won.body.message).toBe(200);
    expect(await getOne(id)).toMatchObject({
      ExtOpportunityStatus_SDK: '191',
      ExtOpportunityStage_SDK: '151',
      ExtWinningAmount_SDK: '180000.50',
      ExtWinOrNot_SDK: WinOrNot.won,
    });
  });

  it('asks for the loss reason from its dictionary and the words on it', async () => {
    const id = await registered('300000.00');
    const noReason = await decide('rsp', id, 'close', { reason: 'Lost on price' });
    expect([noReason.status, noReason.body.message]).toEqual([
      400,
      expect.stringContaining(labelFor('lossReason')),
    ]);
    const unknown = await decide('rsp', id, 'close', { reason: 'Lost on price', lossReason: '999' });
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      expect.stringContaining(labelFor('lossReason')),
    ]);
    const noWords = await decide('rsp', id, 'close', { reason: ' ', lossReason: LossReason.price });
    expect(noWords.status).toBe(400);

    const lost = await decide('rsp', id, 'close', {
      reason: 'Competitor 8% lower',
      lossReason: LossReason.price,
    });
    expect(lost.status, lost.body.message).toBe(200);
    expect(await getOne(id)).toMatchObject({
      ExtOpportunityStatus_SDK: '201',
      ExtOpportunityStage_SDK: '161',
      ExtLossReason_SDK: LossReason.price,
      ExtWinOrNot_SDK: WinOrNot.lost,
    });
  });
});

describe('the opportunity report', () => {
  it('counts pipeline, won with its amount, lost and void, and no rejected or withdrawn registration', async () => {
    const before = await lineFigures();

    const open = await registered('100000.00', 'Outcome Test Holder');
    const won = await registered('200000.00');
    expect((await decide('rsp', won, 'win', { amount: '180000.50' })).status).toBe(200);
    const lost = await registered('300000.00');
    expect(
      (
        await decide('rsp', lost, 'close', {
          reason: 'Budget moved',
          lossReason: LossReason.projectCancelled,
        })
      ).status,
    ).toBe(200);
    const released = await registered('400000.00');
    expect((await decide('channel', released, 'release', { reason: 'No progress' })).status).toBe(200);
    const withdrawn = await create('500000.00');
    expect((await decide('rsp', withdrawn, 'withdraw', { reason: 'Entered twice' })).status).toBe(200);
    // The same customer and line as the open one: a conflict, kept for the first registrant.
    const second = await registered('600000.00', 'Outcome Test Holder');
    expect((await getOne(second)).ExtOpportunityStatus_SDK).toBe('131');
    expect((await decide('province', second, 'keepFirst', { reason: 'Registered first' })).status).toBe(200);
    expect((await getOne(open)).ExtOpportunityStatus_SDK).toBe('141');

    const after = await lineFigures();
    const delta = (field: string) => Number(after[field]) - Number(before[field]);
    // By hand: four deals (open 100,000 + won 200,000 + lost 300,000 + released 400,000); the withdrawn
    // 500,000 and the rejected 600,000 are in no figure.
    expect({
      count: delta('count'),
      amount: delta('amount'),
      pipelineCount: delta('pipelineCount'),
      pipelineAmount: delta('pipelineAmount'),
      wonCount: delta('wonCount'),
      wonAmount: Math.round(delta('wonAmount') * 100) / 100,
      lostCount: delta('lostCount'),
      voidCount: delta('voidCount'),
    }).toEqual({
      count: 4,
      amount: 1_000_000,
      pipelineCount: 1,
      pipelineAmount: 100_000,
      wonCount: 1,
      wonAmount: 180_000.5,
      lostCount: 1,
      voidCount: 1,
    });
    // Each group's figures add up: every deal is in exactly one of pipeline, won, lost and void.
    const { body } = await t.post('/opportunityReport/summary', {}, tokens.ops);
    for (const group of ['byStage', 'byProvince', 'byProductLine'])
      for (const row of body.results[group])
        expect(row.pipelineCount + row.wonCount + row.lostCount + row.voidCount, `${group} ${row.key}`).toBe(
          row.count,
        );
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
