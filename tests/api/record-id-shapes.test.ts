import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { startTestApp, type TestApp } from './harness';

/**
 * Commands that name records by id (the rebate ledger's, the rebate task's, the partner error logs'
 * retries), sent ids of a uuid's length that are no uuid: each is refused as a 400 naming the id, as
 * a user's typo or an attacker's probe, never a 500 from the database, and nothing is written.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
let agentId: string;
let policyId: string;

/** 36 characters of hex digits and hyphens, none of them a uuid. */
const NOT_UUIDS = [
  'ffffffffffffffffffffffffffffffffffff',
  '-'.repeat(36),
  'ffffffff-ffff-ffff-ffff-ffff-fffffff',
  '0000000000000000000000000000-0000000',
];
const objectIdWords = zh.server.input.problems.objectId;

/** The rows a refused command must leave as they were. */
async function fingerprint() {
  const { rows } = await sql<{ n: string }>`select concat_ws(' ',
      (select count(*) from rebate_flow), (select count(*) from record where resource = 'rebateTask'),
      (select coalesce(max(xmin::text::bigint), 0) from number_sequence),
      (select coalesce(max(xmin::text::bigint), 0) from partner_order_error),
      (select coalesce(max(xmin::text::bigint), 0) from partner_shipping_error)) as n`.execute(db());
  return rows[0].n;
}

async function refused(path: string, body: Record<string, unknown>, who: string, field: string) {
  const before = await fingerprint();
  const answer = await t.post(path, body, tokens[who]);
  expect([answer.status, answer.body.field], `${who} ${path} ${JSON.stringify(body)}`).toEqual([400, field]);
  expect(answer.body.message).toContain(objectIdWords);
  expect(await fingerprint()).toBe(before);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'finance', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  agentId = (
    await sql<{ id: string }>`select company_id::text as id from employee where username = 'rsp'`.execute(
      db(),
    )
  ).rows[0].id;
  policyId = (
    await sql<{ id: string }>`select object_id::text as id from record where resource = 'rebateAnnouncement'
      order by object_id limit 1`.execute(db())
  ).rows[0].id;
});
afterAll(() => t?.close());

describe('an id that is no uuid', () => {
  it('is refused naming the agent when asking for an order’s usable rebate, by the agent and by the desk', async () => {
    for (const AgentID of NOT_UUIDS)
      for (const who of ['rsp', 'admin'])
        await refused(
          '/rebateSummary/usable',
          { AgentID, Brand: '111', EligibleAmount: '1000' },
          who,
          'AgentID',
        );
  });

  it('is refused naming the agent on a ledger adjustment, and the adjustment is not posted', async () => {
    const adjustment = { AccountType: '101', Brand: '101', Amount: '10.00', Remark: 'Correction' };
    for (const AgentID of NOT_UUIDS)
      await refused('/rebateFlow/adjust', { ...adjustment, AgentID }, 'finance', 'AgentID');
    // Left out, the agent is missing, named as such.
    const missing = await t.post('/rebateFlow/adjust', adjustment, tokens.finance);
    expect([missing.status, missing.body.field]).toEqual([400, 'AgentID']);
    // An agent's staff may not adjust at all, whatever the id.
    const agent = await t.post('/rebateFlow/adjust', { ...adjustment, AgentID: NOT_UUIDS[0] }, tokens.rsp);
    expect(agent.status).toBe(403);
  });

  it('is refused naming the policy or the agent when a rebate task is assigned, and no task is set', async () => {
    const task = { Period: '2026-Q4', TaskAmount: '1000' };
    for (const id of NOT_UUIDS) {
      await refused('/rebateTask/assign', { ...task, PolicyID: id, AgentID: agentId }, 'ops', 'PolicyID');
      await refused('/rebateTask/assign', { ...task, PolicyID: policyId, AgentID: id }, 'ops', 'AgentID');
    }
    const agent = await t.post(
      '/rebateTask/assign',
      { ...task, PolicyID: NOT_UUIDS[0], AgentID: agentId },
      tokens.rsp,
    );
    expect(agent.status).toBe(403);
  });

  it('is refused naming the row when a partner error is retried', async () => {
    for (const ObjectID of NOT_UUIDS)
      for (const path of ['/partnerOrderError/retry', '/partnerShippingError/retry'])
        await refused(path, { ObjectID }, 'admin', 'ObjectID');
  });
});
