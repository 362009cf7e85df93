import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { register } from '../../server/registration/registration.service';
import { startTestApp, type TestApp } from './harness';
import { targetKey } from './sales-task-keys';

// Two approvers acting on the same step at the same moment, round after round: the event store's
// (stream, seq) key and the resources' version check must let exactly one through, and the other
// must hear a clear 409 — never a 500, never two decisions in the history.
const ROUNDS = 100;

let t: TestApp;
const tokens: Record<string, string> = {};
let serial = 0;

/** A fresh registration awaiting the channel manager (JS010, Jiangsu), started by its own command. */
async function freshRegistration() {
  serial += 1;
  const { RegistrationNo } = await register(t.database.db, {
    ExtChannelSmallType_SDK: 'RSP',
    Name: `Race Test Company ${serial}`,
    ExtCreditCode_SDK: makeCreditCode(`91320100MA2${String(100000 + serial).slice(-6)}`),
    ExtLegalRepresentative_SDK: 'Zhou',
    ProvinceCode: '320000',
    CityCode: '320100',
    Address: 'Gulou, Nanjing',
    ContactName: 'Zhou',
    ContactPhone: '13912345678',
    Email: 'zhou@example.com',
  } as Parameters<typeof register>[1]);
  const row = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'registrationInfo' and data->>'RegistrationNo' = ${RegistrationNo}`.execute(
    t.database.db,
  );
  return row.rows[0].id;
}

async function streamEvents(registrationId: string) {
  const rows = await sql<{ seq: number; type: string }>`select e.seq, e.type from workflow_event e
    join workflow_stream s on s.stream_id = e.stream_id
    where s.subject_id = ${registrationId} order by e.seq`.execute(t.database.db);
  return rows.rows;
}

const decide = (who: string, id: string, action: string, version?: number) =>
  t.post(
    '/registrationInfo/processApproval',
    {
      ObjectID: id,
      action,
      ...(action === 'agree' ? {} : { reason: 'Documents incomplete' }),
      ...(version !== undefined ? { WorkflowVersion: version } : {}),
    },
    tokens[who],
  );

beforeAll(async () => {
  t = await startTestApp();
  // A second channel manager of the same province: both may decide the step a registration awaits.
  await sql`insert into employee (username, last_name, password_hash, first_time, role_code, province_code)
    select 'channel2', 'Second channel manager', password_hash, false, role_code, province_code
    from employee where username = 'channel'`.execute(t.database.db);
  tokens.channel = await t.login('channel', 'Demo@123456');
  tokens.channelAgain = await t.login('channel', 'Demo@123456');
  tokens.channel2 = await t.login('channel2', 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('racing decisions', () => {
  it(`lets exactly one of two approvers win the same registration step, ${ROUNDS} times over`, async () => {
    const pairs = [
      ['channel', 'channel2'],
      ['channel', 'channelAgain'],
    ] as const;
    const actions = ['agree', 'reject', 'return'];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await freshRegistration();
      const seen = await t.post('/registrationInfo/reviewOptions', { ObjectID: id }, tokens.channel);
      const version = seen.body.results.WorkflowVersion as number;
      const before = (await streamEvents(id)).length;
      expect(before).toBe(version);

      const [first, second] = pairs[round % pairs.length];
      const answers = await Promise.all([
        decide(first, id, actions[round % 3], version),
        decide(second, id, actions[(round + 1) % 3], version),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}: ${JSON.stringify(answers.map((a) => a.body))}`).toEqual([200, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.state).toBe(false);
      expect(loser.body.message).toBe('该申请刚刚已被他人处理，请刷新后查看最新状态');
      const after = await streamEvents(id);
      expect(after).toHaveLength(before + 1);
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    }
  });

  it('without a version, the second of two racing approvers is refused with a 4xx, never a 500', async () => {
    for (let round = 0; round < 20; round++) {
      const id = await freshRegistration();
      const before = (await streamEvents(id)).length;
      const answers = await Promise.all([decide('channel', id, 'agree'), decide('channel2', id, 'agree')]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      // Whoever comes second meets either the taken sequence number (409) or a step that is no
      // longer theirs (403): both say so in words, and only one decision is recorded.
      expect([403, 409], `round ${round}: ${JSON.stringify(answers[1].body)}`).toContain(statuses[1]);
      expect(await streamEvents(id)).toHaveLength(before + 1);
    }
  });
});

describe('racing decisions on an agent application', () => {
  it('lets exactly one of two approvers reject the same renewal, round after round on one agent', async () => {
    // An active CCP moved to Jiangsu, where both channel managers may decide its applications. Each
    // round's winning rejection ends the application, so the agent may apply again in the next.
    const agent = await sql<{ id: string }>`select object_id::text as id from customer
      where channel_type = 'CCP' and status = '161'
        and not exists (select 1 from workflow_stream s where s.subject_id = customer.object_id)
      order by account_id limit 1`.execute(t.database.db);
    const id = agent.rows[0].id;
    await sql`update customer set province_code = '320000' where object_id = ${id}`.execute(t.database.db);
    const ops = await t.login('ops', 'Demo@123456');
    for (let round = 0; round < 30; round++) {
      const applied = await t.post('/customer/renewal', { ObjectID: id, termMonths: 12 }, ops);
      expect(applied.body.state, applied.body.message).toBe(true);
      const version = applied.body.results.WorkflowVersion as number;
      const [first, second] = round % 2 ? ['channel', 'channel2'] : ['channel', 'channelAgain'];
      const answers = await Promise.all(
        [first, second].map((who) =>
          t.post(
            '/customer/processApproval',
            { ObjectID: id, action: 'reject', reason: 'Targets missed', WorkflowVersion: version },
            tokens[who],
          ),
        ),
      );
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 409]);
      const list = await t.post('/customer/applications', { ObjectID: id }, ops);
      const newest = list.body.results.Applications[0];
      expect([newest.State, newest.WorkflowVersion]).toEqual(['rejected', version + 1]);
    }
  });
});

describe('racing resource updates', () => {
  it(`lets exactly one of two updates on the same Version win, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await t.post(
        '/provinceTask/create',
        {
          ...targetKey(round),
          AnnualTask: '1000.00',
          Q1Task: '250.00',
          Q2Task: '250.00',
          Q3Task: '250.00',
          Q4Task: '250.00',
        },
        tokens.admin,
      );
      expect(created.body.state, created.body.message).toBe(true);
      const id = created.body.results.ObjectID;
      const answers = await Promise.all(
        ['first', 'second'].map((remark) =>
          t.post('/provinceTask/update', { ObjectID: id, Version: 1, Remark: remark }, tokens.admin),
        ),
      );
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const stored = (await t.post('/provinceTask/getOne', { ObjectID: id }, tokens.admin)).body.results[0];
      expect([stored.Remark, stored.Version]).toEqual([['first', 'second'][winner], 2]);
    }
  });
});
