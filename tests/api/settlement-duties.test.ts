import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RebateSettlementStatus } from '../../domain/codes/rebates.codes';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Two people to a rebate settlement (docs/rebates.md "Who calculates and who reviews"): whoever
 * calculated the figures, or recalculated them after an objection, is not offered the review and is
 * refused it by name; a colleague of the desk reviews.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

const settle = (who: string, id: string, command: string, payload = {}, lang = 'zh') =>
  t.post('/workflow/decide', { workflow: 'rebateSettlement', ObjectID: id, command, payload }, tokens[who], {
    'accept-language': lang,
  });
const offered = async (who: string, id: string): Promise<string[]> =>
  (
    await t.post('/workflow/options', { workflow: 'rebateSettlement', ObjectID: id }, tokens[who])
  ).body.results.Commands.map((c: { Name: string }) => c.Name);
const statusOf = async (id: string) =>
  (await t.post('/rebateTask/getOne', { ObjectID: id }, tokens.ops)).body.results[0].SettlementStatus;

/** A demo task of the closed third quarter whose settlement stands at `status`. */
async function taskAt(status: string, period = '2026-Q3') {
  const found = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'rebateTask' and data->>'SettlementStatus' = ${status} and data->>'Period' = ${period}
    order by data->>'RebateTaskNo' limit 1`.execute(t.database.db);
  expect(found.rows[0], `a demo settlement at ${status}`).toBeDefined();
  return found.rows[0].id;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const first = await t.login('newstaff', 'Welcome@2026');
  await t.post(
    '/user/updatePassword',
    { oldPassword: 'Welcome@2026', newPassword: 'Quartz-Ledger-47x' },
    first,
  );
  tokens.colleague = await t.login('newstaff', 'Quartz-Ledger-47x');
});
afterAll(async () => {
  await t.close();
});

describe('who calculates and who reviews a settlement', () => {
  it('refuses the review to the desk member who calculated it, and a colleague reviews', async () => {
    const id = await taskAt(RebateSettlementStatus.calculating);
    const calculated = await settle('ops', id, 'calculate');
    expect(calculated.status, calculated.body.message).toBe(200);
    expect(calculated.body.results.State).toBe('vendorReview');

    // The calculator is offered neither verdict, and sending one is refused with the reason.
    const own = await offered('ops', id);
    expect(own).not.toContain('agree');
    expect(own).not.toContain('return');
    const agreed = await settle('ops', id, 'agree');
    expect(agreed.status).toBe(403);
    expect(agreed.body.message).toBe('该结算由您计算（或重新计算），须由另一位商务同事审核');
    const returned = await settle('ops', id, 'return', { reason: 'Looks right to me' }, 'en');
    expect(returned.status).toBe(403);
    expect(returned.body.message).toBe(
      'You calculated (or recalculated) this settlement: another sales operations colleague reviews it',
    );
    expect(await statusOf(id), 'nothing moved').toBe(RebateSettlementStatus.vendorReview);

    // A colleague of the desk is offered the review and agrees.
    expect(await offered('colleague', id)).toEqual(expect.arrayContaining(['agree', 'return']));
    const reviewed = await settle('colleague', id, 'agree');
    expect(reviewed.status, reviewed.body.message).toBe(200);
    expect(reviewed.body.results.State).toBe('awaitingAgent');
  });

  it('lets the desk review what a colleague calculated', async () => {
    // A demo settlement calculated by a colleague of the desk and waiting for its review.
    const id = await taskAt(RebateSettlementStatus.vendorReview);
    expect(await offered('ops', id)).toContain('agree');
    expect((await settle('ops', id, 'agree')).body.results.State).toBe('awaitingAgent');
  });

  it('refuses the review of a recalculation to whoever recalculated it', async () => {
    // The demo RSP's second quarter: objected to, recalculated by a desk colleague, awaiting review.
    const id = await taskAt(RebateSettlementStatus.vendorReview, '2026-Q2');
    expect(await offered('colleague', id)).not.toContain('agree');
    const refused = await settle('colleague', id, 'agree');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('另一位商务同事');
    expect(await statusOf(id)).toBe(RebateSettlementStatus.vendorReview);
    expect(await offered('ops', id)).toContain('agree');
    expect((await settle('ops', id, 'agree')).body.results.State).toBe('awaitingAgent');
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
