import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { startTestApp, type TestApp } from './harness';
import { effectiveOrder, enterPolicy, openCredit, orderableProduct } from './rebate-fixtures';

/**
 * A published policy's correction (docs/rebates.md "Policy announcements"): its calculation parameters
 * are frozen, so a new version is drafted — a copy linked to it — changed, approved and published, and
 * publishing it supersedes the old one; tasks set on the old one keep the terms they were set on.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let v1: { id: string; no: string };
let v2: { id: string; no: string };
const db = () => t.database.db;

const newVersion = (id: string, who = 'ops') =>
  t.post('/rebateAnnouncement/newVersion', { ObjectID: id }, tokens[who]);
const policy = async (id: string, who = 'ops') =>
  (await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens[who])).body.results?.[0];
const decide = (who: string, workflow: string, id: string, command: string, payload = {}) =>
  t.post('/workflow/decide', { workflow, ObjectID: id, command, payload }, tokens[who]);
const versions = async (id: string, who = 'ops') =>
  (await t.post('/rebateAnnouncement/versions', { ObjectID: id }, tokens[who])).body.results as {
    Versions: { AnnouncementNo: string; PolicyVersion: number; AnnouncementStatus: string }[];
    MayDraft: boolean;
  };
const setTask = (policyNo: string, period: string) =>
  t.post(
    '/rebateTask/create',
    {
      PageID: 'rebates.rebateTaskEdit',
      PolicyNo: policyNo,
      AgentName: rsp.name,
      Period: period,
      TaskAmount: '1000',
    },
    tokens.ops,
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'vp', 'rsp', 'ccp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  rsp = (
    await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db())
  ).rows[0];
  v1 = await enterPolicy({ t, tokens }, 'Quarterly rebate for regional agents', {
    publish: true,
    tiers: '80:1, 100:2',
  });
  await openCredit(t, rsp.id);
  await effectiveOrder(
    { t, tokens },
    { name: rsp.name, staff: 'rsp' },
    await orderableProduct(t),
    '2026-08-10',
    60_000,
  );
});
afterAll(() => t?.close());

/** An update of a policy's tier table through its entry page, as the desk that enters policies. */
const changeTiers = async (id: string) =>
  t.post(
    '/rebateAnnouncement/update',
    {
      PageID: 'rebates.announcementEntry',
      ObjectID: id,
      Version: (await policy(id)).Version,
      Tiers: '80:2, 100:5',
    },
    tokens.ops,
  );

describe('a new version of a published policy', () => {
  it('is refused for a draft, for staff who do not enter policies, and outside the caller’s scope', async () => {
    const draft = await enterPolicy({ t, tokens }, 'A draft is corrected in place', { publish: false });
    const refused = await newVersion(draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(draft.no);
    expect((await newVersion(v1.id, 'rsp')).status).toBe(403);
    expect((await newVersion('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('copies the policy into a draft of the next version, linked to it, one open draft at a time', async () => {
    const drafted = await newVersion(v1.id);
    expect(drafted.status, drafted.body.message).toBe(200);
    const copy = drafted.body.results;
    v2 = { id: copy.ObjectID, no: copy.AnnouncementNo };
    const old = await policy(v1.id);
    expect(copy.AnnouncementNo).toMatch(/^GG\d{12}$/);
    expect(copy.AnnouncementNo).not.toBe(old.AnnouncementNo);
    expect(copy).toMatchObject({
      PolicyVersion: 2,
      PreviousVersionNo: v1.no,
      AnnouncementStatus: '101',
      Title: old.Title,
      Tiers: old.Tiers,
      PeriodType: old.PeriodType,
      ChannelTier: old.ChannelTier,
    });
    const again = await newVersion(v1.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(v2.no);
    // The old one is still in force and still frozen; the draft takes the correction.
    expect(old.AnnouncementStatus).toBe('121');
    const frozen = await t.post(
      '/rebateAnnouncement/update',
      { PageID: 'rebates.announcementEntry', ObjectID: v1.id, Version: old.Version, Tiers: '80:3, 100:4' },
      tokens.ops,
    );
    expect(frozen.status).toBe(409);
    // The refusal names the locked field and state, and says how to correct it.
    expect(frozen.body.message).toContain('不可修改');
    expect(frozen.body.message).toContain(zh.rebate.policy.frozenAfterPublish);
    const corrected = await t.post(
      '/rebateAnnouncement/update',
      {
        PageID: 'rebates.announcementEntry',
        ObjectID: v2.id,
        Version: (await policy(v2.id)).Version,
        Tiers: '80:3, 100:4',
      },
      tokens.ops,
    );
    expect(corrected.status, corrected.body.message).toBe(200);
    const listed = await versions(v1.id);
    expect(listed.Versions.map((v) => [v.PolicyVersion, v.AnnouncementNo])).toEqual([
      [1, v1.no],
      [2, v2.no],
    ]);
    expect(listed.MayDraft).toBe(false);
  });

  it('supersedes the old one once published; tasks set on the old one keep its terms', async () => {
    const onOld = await setTask(v1.no, '2026-Q3');
    expect(onOld.status, onOld.body.message).toBe(200);
    expect(onOld.body.results.RebateRate).toBe('2.00');
    expect((await decide('ops', 'rebatePolicy', v2.id, 'submit')).status).toBe(200);
    // In approval, then approved, a change is refused with what to do in that state, not after publication.
    expect((await changeTiers(v2.id)).body.message).toContain(zh.rebate.policy.lockedInApproval);
    expect((await decide('vp', 'rebatePolicy', v2.id, 'agree')).status).toBe(200);
    const approved = await changeTiers(v2.id);
    expect([approved.status, approved.body.message]).toEqual([
      409,
      expect.stringContaining(zh.rebate.policy.lockedApproved),
    ]);
    const published = await decide('ops', 'rebatePolicy', v2.id, 'publish');
    expect(published.body.results.State).toBe('published');

    expect(await policy(v1.id)).toMatchObject({ AnnouncementStatus: '161', SupersededByNo: v2.no });
    const old = await t.post('/workflow/options', { workflow: 'rebatePolicy', ObjectID: v1.id }, tokens.ops);
    expect([old.body.results.State, old.body.results.Commands]).toEqual(['superseded', []]);
    const history = await sql<{
      type: string;
      actor: string;
    }>`select type, actor_id as actor from workflow_event
      where stream_id = ${`rebatePolicy-${v1.id}`} order by seq desc limit 1`.execute(db());
    expect(history.rows[0]).toEqual({ type: 'policy.supersede', actor: 'system' });

    // New tasks go on the new version; the task set on the old one still settles on the old tiers.
    const refused = await setTask(v1.no, '2026-Q2');
    expect([refused.status, refused.body.field]).toEqual([409, 'PolicyNo']);
    const onNew = await setTask(v2.no, '2026-Q3');
    expect(onNew.status, onNew.body.message).toBe(200);
    expect(onNew.body.results.RebateRate).toBe('4.00');
    const calculated = await decide('ops', 'rebateSettlement', onOld.body.results.ObjectID, 'calculate');
    expect(calculated.status, calculated.body.message).toBe(200);
    const settled = (
      await t.post('/rebateTask/getOne', { ObjectID: onOld.body.results.ObjectID }, tokens.ops)
    ).body.results[0];
    expect(settled.RebateRate).toBe('2.00');
  });

  it('shows the agents both versions, and drafts the next one from the version in force', async () => {
    const seen = await t.post('/rebateAnnouncement/search', { pageSize: 100 }, tokens.rsp);
    const numbers = seen.body.results.map((p: { AnnouncementNo: string }) => p.AnnouncementNo);
    expect(numbers).toEqual(expect.arrayContaining([v1.no, v2.no]));
    const asAgent = await versions(v2.id, 'rsp');
    expect(asAgent.Versions.map((v) => v.AnnouncementStatus)).toEqual(['161', '121']);
    expect(asAgent.MayDraft).toBe(false);
    expect((await versions(v2.id)).MayDraft).toBe(true);
    // A withdrawn draft leaves room for another.
    const third = await newVersion(v2.id);
    expect(third.body.results.PolicyVersion).toBe(3);
    expect((await decide('ops', 'rebatePolicy', third.body.results.ObjectID, 'withdraw')).status).toBe(200);
    expect((await newVersion(v2.id)).status).toBe(200);
  });
});

describe('settlement announcement lines', () => {
  it('live in the shared record table only: the table migration 031 made for them and never used is gone', async () => {
    const table = await sql<{
      name: string | null;
    }>`select to_regclass('rebate_settlement_line')::text as name`.execute(db());
    expect(table.rows[0].name).toBeNull();
  });
});
