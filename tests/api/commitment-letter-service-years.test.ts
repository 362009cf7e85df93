import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * A letter's 承诺服务年限 is a number of years the letter commits to: at least one, or left blank when the
 * letter commits to none. A negative or zero term is refused naming the field, and no letter is made.
 */
let t: TestApp;
let token = '';
let opportunityNo = '';

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('rsp', 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  const created = await t.post(
    '/opportunity/create',
    registrationBody({ AgentName: agent.rows[0].name }),
    token,
  );
  expect(created.status, created.body.message).toBe(200);
  const submitted = await t.post(
    '/workflow/decide',
    {
      workflow: 'opportunityRegistration',
      ObjectID: created.body.results.ObjectID,
      command: 'submit',
      payload: {},
    },
    token,
  );
  expect(submitted.status, submitted.body.message).toBe(200);
  opportunityNo = created.body.results.ExtOpportunityNOText_SDK;
}, 120_000);
afterAll(() => t.close());

let serial = 0;
const request = (serviceYears: unknown) => {
  serial += 1;
  return t.post(
    '/commitmentLetter/create',
    {
      PageID: 'business.commitmentLetterCreate',
      opportunityNo,
      type: '101',
      brand: '101',
      tenderNo: `ZB-YEARS-${Date.now()}-${serial}`,
      estimatedBidOpeningDate: '2026-12-20',
      serviceYears,
    },
    token,
  );
};
const letters = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from commitment_letter`.execute(t.database.db)).rows[0]
    .n;

describe('the service years of a letter', () => {
  it('refuse a negative or zero term naming the field, and make no letter', async () => {
    const before = await letters();
    for (const years of [-4, 0]) {
      const refused = await request(years);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('承诺服务年限');
    }
    expect(await letters()).toBe(before);
  });

  it('take a term of years, or none', async () => {
    const three = await request(3);
    expect(three.status, three.body.message).toBe(200);
    expect(three.body.results.serviceYears).toBe(3);
    expect((await request(null)).status).toBe(200);
  });
});
