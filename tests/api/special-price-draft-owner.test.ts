import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentColleague } from './agent-colleague';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * A special price's draft is its applicant's (docs/special-prices.md "Ask"): the person who saved it
 * first changes and submits it. A colleague of the same company, or the sales operations desk, reads
 * it where their scope allows but is refused (403) a save over it, naming the applicant, and nothing
 * of the draft changes.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
let product: { pn: string; StandardPrice: string };

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name
    from employee e join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(
    t.database.db,
  );
  rspName = agent.rows[0].name;
  // A second person of the RSP's staff, past the first sign-in.
  tokens.colleague = await agentColleague(t, agent.rows[0].id, {
    username: 'zhou.peer',
    lastName: '周同事',
    phone: '13812345679',
    password: 'Quartz-Ledger-47x',
  });
  product = (await t.post('/product/getStandardPrice', { keyword: '', pageSize: 5 }, tokens.rsp)).body
    .results[0];
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user = 'rsp') => t.post(path, body, tokens[user]);

async function protectedDeal() {
  const created = await post('/opportunity/create', registrationBody({ AgentName: rspName }));
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  const submit = { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} };
  expect((await post('/workflow/decide', submit)).status).toBe(200);
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

/** The draft as its page shows it to `user`. */
const page = async (id: string, user = 'rsp') => {
  const read = await post('/specialApproval/getOne', { ObjectID: id }, user);
  expect(read.status, read.body.message).toBe(200);
  return read.body.results as {
    Record: Record<string, any>;
    Lines: { Quantity: number }[];
    Approval: { Commands: { Name: string }[] };
  };
};

async function draft() {
  const saved = await post('/specialApproval/create', requestOn(await protectedDeal(), 10));
  expect(saved.status, saved.body.message).toBe(200);
  return saved.body.results.ObjectID as string;
}

describe('a special price’s draft', () => {
  it('is changed and submitted by its applicant', async () => {
    const id = await draft();
    const { Record: before } = await page(id);
    expect(before.ExtApplicantUserName_SDK).toBe('rsp');
    const changed = await post('/specialApproval/create', {
      ...requestOn(before.OpportunityID, 12),
      ObjectID: id,
      Version: before.Version,
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect((await page(id)).Lines.map((l) => l.Quantity)).toEqual([12]);
    const submitted = await post('/specialApproval/applyApproval', {
      ObjectID: id,
      Version: changed.body.results.Version,
    });
    expect(submitted.status, submitted.body.message).toBe(200);
    expect((await page(id)).Record.ApprovalState).toBe('inApproval');
  });

  it('is read by a colleague of the same company, who may neither save nor submit it', async () => {
    const id = await draft();
    const seen = await page(id, 'colleague');
    expect(seen.Record.ExtApplicantUserName_SDK).toBe('rsp');
    // The page offers the colleague no edit (its submit is the applicant's).
    expect(seen.Approval.Commands.map((c) => c.Name)).not.toContain('submit');
    const before = seen.Record;
    const attempts = [
      [
        '/specialApproval/create',
        { ...requestOn(before.OpportunityID, 999), ObjectID: id, Version: before.Version },
      ],
      [
        '/specialApproval/applyApproval',
        { ...requestOn(before.OpportunityID, 999), ObjectID: id, Version: before.Version },
      ],
      ['/specialApproval/applyApproval', { ObjectID: id, Version: before.Version }],
    ] as const;
    for (const [path, body] of attempts) {
      const refused = await post(path, body, 'colleague');
      expect([refused.status, refused.body.message], path).toEqual([
        403,
        `特价申请 ${before.ExtSpecialApprovalNo_SDK} 由 ${before.ExtApplicantName_SDK} 申请，只有申请人本人可以修改或提交`,
      ]);
    }
    const english = await t.post(
      '/specialApproval/create',
      { ...requestOn(before.OpportunityID, 999), ObjectID: id, Version: before.Version },
      tokens.colleague,
      { 'accept-language': 'en' },
    );
    expect(english.body.message).toBe(
      `Special price ${before.ExtSpecialApprovalNo_SDK} was asked for by ${before.ExtApplicantName_SDK}: only its applicant changes or submits it`,
    );
    const after = await page(id);
    expect([after.Record.Version, after.Record.ApprovalState, after.Record.ExtApplyPriceTotal_SDK]).toEqual([
      before.Version,
      'draft',
      before.ExtApplyPriceTotal_SDK,
    ]);
    expect(after.Lines.map((l) => l.Quantity)).toEqual([10]);
  });

  it('is not saved over by the sales operations desk, which asks on an agent’s behalf only in its own name', async () => {
    const id = await draft();
    const { Record: before } = await page(id, 'ops');
    const refused = await post(
      '/specialApproval/create',
      { ...requestOn(before.OpportunityID, 999), ObjectID: id, Version: before.Version },
      'ops',
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('只有申请人本人');
    expect((await page(id)).Lines.map((l) => l.Quantity)).toEqual([10]);
  });
});

endsWithBooksBalanced(() => t, ['specialPrices', 'system']);
