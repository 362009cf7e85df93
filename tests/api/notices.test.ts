import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Both owners of an opportunity are told when it changes hands: each person of the old owner reads
 * that it went, each of the new owner that it came (opening the opportunity); read or unread is kept
 * on the server, per person.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Mine = {
  Unread: number;
  Notices: {
    ObjectID: string;
    Kind: string;
    Params: Record<string, string>;
    PageID: string;
    RecordID: string;
  }[];
};
const mine = async (token: string) => (await t.post('/notice/mine', {}, token)).body.results as Mine;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'channel']) tokens[user] = await t.login(user, 'Demo@123456');
}, 120_000);
afterAll(() => t.close());

describe('an owner change', () => {
  it('tells the people of the old and of the new owner, each with their own read mark', async () => {
    const { rows } = await sql<{ name: string }>`select c.name from customer c
      join employee e on e.company_id = c.object_id where e.username = 'rsp'`.execute(t.database.db);
    const created = await t.post(
      '/opportunity/create',
      {
        PageID: 'business.opportunityInfo',
        ExtOpportunitySource_SDK: '101',
        AgentName: rows[0].name,
        Name: 'Notice test deal',
        ExtOppCustomerName_SDK: 'Notice Test Library',
        ExtCustomerIndustry_SDK: '111',
        ProvinceName: 'Jiangsu',
        ProductLine: '101',
        ExtOpportunityStage_SDK: '101',
        ExtBudgetAmount_SDK: '300000.00',
        ExtEstimatedSalesAmountcontent_SDK: '250000.00',
        ExtEstimatedBidDate_SDK: '2027-01-20',
        ExtRequirementDesc_SDK: 'Servers',
      },
      tokens.rsp,
    );
    const id = created.body.results.ObjectID as string;
    const no = created.body.results.ExtOpportunityNOText_SDK as string;
    await t.post(
      '/workflow/decide',
      { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
      tokens.rsp,
    );
    // Another active RSP of the province, with a login of its own (its staff as the RSP's, by copy).
    const other = await sql<{
      id: string;
      name: string;
    }>`select c.object_id::text as id, c.name from customer c
      where c.customer_type = '111' and c.status = '161' and c.province_code = '320000'
        and c.object_id <> (select company_id from employee where username = 'rsp')
      order by c.name limit 1`.execute(t.database.db);
    const target = { ...other.rows[0], username: 'notice-rsp-2' };
    await sql`insert into employee (username, last_name, password_hash, first_time, role_code, province_code, company_id)
      select ${target.username}, 'Notice staff', password_hash, false, role_code, province_code, ${target.id}::uuid
      from employee where username = 'rsp'`.execute(t.database.db);
    tokens.target = await t.login(target.username, 'Demo@123456');
    const before = { rsp: await mine(tokens.rsp), target: await mine(tokens.target) };

    const record = (await t.post('/opportunity/getOne', { ObjectID: id }, tokens.channel)).body.results[0];
    const changed = await t.post(
      '/opportunity/changeOwner',
      { ObjectID: id, Version: record.Version, AgentID: target.id, ChangeReason: '111' },
      tokens.channel,
    );
    expect(changed.status, changed.body.message).toBe(200);

    const gone = await mine(tokens.rsp);
    expect(gone.Unread).toBe(before.rsp.Unread + 1);
    expect(gone.Notices[0]).toMatchObject({
      Kind: 'opportunityMovedAway',
      Params: { no, from: rows[0].name, to: target.name },
      RecordID: null,
    });
    const came = await mine(tokens.target);
    expect(came.Unread).toBe(before.target.Unread + 1);
    expect(came.Notices[0]).toMatchObject({
      Kind: 'opportunityMovedHere',
      Params: { no, to: target.name },
      PageID: 'business.opportunityInfo',
      RecordID: id,
    });
    // The notice opens a record the new owner may read.
    expect((await t.post('/opportunity/getOne', { ObjectID: id }, tokens.target)).status).toBe(200);

    // Marking another person's notice changes nothing; marking one's own clears it for that person only.
    const foreign = await t.post('/notice/read', { ObjectIDs: [came.Notices[0].ObjectID] }, tokens.rsp);
    expect(foreign.body.results.Unread).toBe(gone.Unread);
    const read = await t.post('/notice/read', { ObjectIDs: [came.Notices[0].ObjectID] }, tokens.target);
    expect(read.body.results.Unread).toBe(before.target.Unread);
    expect((await mine(tokens.rsp)).Unread).toBe(gone.Unread);
    expect((await t.post('/notice/read', { ObjectIDs: ['not-an-id'] }, tokens.target)).status).toBe(400);
  });
});
