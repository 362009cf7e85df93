import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { AnnouncementStatus } from '../../domain/codes/rebates.codes';
import { POLICY_OFFICE } from '../../machines/workflows/rebate-policy.workflow';
import { up as grantPolicyPages } from '../../server/db/migrations/094-policy-office-pages.migration';
import { ROLE } from '../../server/identity/roles';
import { GRANTED_PAGES } from '../../server/reference/roles.data';
import { startTestApp, type TestApp } from './harness';
import { enterPolicy } from './rebate-fixtures';

/**
 * The rebate policy's chart is the rule (docs/rebates.md "Policy announcements"): the roles its guard
 * names for publishing, putting into effect, ending and voiding hold the policy's pages, so the server
 * takes those commands from them — the channel management department as much as the sales operations
 * desk — and refuses them to the province's channel manager, whom the chart does not name.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

const decide = (who: string, id: string, command: string, payload: Record<string, unknown> = {}) =>
  t.post('/workflow/decide', { workflow: 'rebatePolicy', ObjectID: id, command, payload }, tokens[who]);
const offered = async (id: string, who: string) => {
  const answer = await t.post('/workflow/options', { workflow: 'rebatePolicy', ObjectID: id }, tokens[who]);
  return answer.status === 200 ? answer.body.results.Commands.map((c: { Name: string }) => c.Name) : [];
};
const status = async (id: string) =>
  (await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens.ops)).body.results?.[0]
    ?.AnnouncementStatus;
const policyPages = pages.filter((p) => p.resource === 'rebateAnnouncement').map((p) => p.id);
const menusOf = async (role: string) =>
  (
    await sql<{ path: string }>`select path from role_menu where role_code = ${role}`.execute(t.database.db)
  ).rows.map((r) => r.path);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'vp', 'channeldept', 'channel'])
    tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(() => t?.close());

describe('who moves a rebate policy', () => {
  it('gives every role of the chart’s policy office a page of the policy', async () => {
    for (const role of POLICY_OFFICE.filter((r) => r !== ROLE.systemAdmin)) {
      const held = await menusOf(role);
      expect(
        policyPages.filter((id) => held.includes(id)),
        role,
      ).not.toEqual([]);
    }
  });

  it('lets the channel management department publish, put into effect and end a policy', async () => {
    const { id } = await enterPolicy({ t, tokens }, 'Published by the channel department', {
      publish: false,
      start: '2026-01-01',
      end: '2026-12-31',
    });
    expect((await decide('ops', id, 'submit')).status).toBe(200);
    expect((await decide('vp', id, 'agree')).status).toBe(200);
    expect(await offered(id, 'channeldept')).toEqual(expect.arrayContaining(['publish', 'void']));
    const published = await decide('channeldept', id, 'publish');
    expect(published.status, published.body.message).toBe(200);
    expect(await status(id)).toBe(AnnouncementStatus.published);
    expect(await offered(id, 'channeldept')).toContain('takeEffect');
    const effective = await decide('channeldept', id, 'takeEffect');
    expect(effective.status, effective.body.message).toBe(200);
    expect(await status(id)).toBe(AnnouncementStatus.inEffect);
    const ended = await decide('channeldept', id, 'end');
    expect(ended.status, ended.body.message).toBe(200);
    expect(await status(id)).toBe(AnnouncementStatus.ended);
  });

  it('lets the channel management department void a policy with a reason', async () => {
    const { id } = await enterPolicy({ t, tokens }, 'Voided by the channel department', { publish: true });
    const voided = await decide('channeldept', id, 'void', { reason: '政策条款有误，重新起草' });
    expect(voided.status, voided.body.message).toBe(200);
    expect(await status(id)).toBe(AnnouncementStatus.void);
  });

  it('neither offers nor takes a policy’s commands from the province’s channel manager', async () => {
    const { id } = await enterPolicy({ t, tokens }, 'Not the channel manager’s', { publish: true });
    expect(await offered(id, 'channel')).toEqual([]);
    expect((await decide('channel', id, 'takeEffect')).status).toBe(403);
    expect((await decide('channel', id, 'void', { reason: '不是本人的政策' })).status).toBe(403);
    expect(await status(id)).toBe(AnnouncementStatus.published);
  });

  it('gives a database seeded before the channel department’s policy pages, once', async () => {
    const db = t.database.db;
    const granted = Object.keys(GRANTED_PAGES).filter((id) =>
      GRANTED_PAGES[id].includes(ROLE.channelDepartment),
    );
    await sql`delete from role_menu where role_code = ${ROLE.channelDepartment}
      and path in (${sql.join(granted)})`.execute(db);
    await grantPolicyPages(db as never);
    await grantPolicyPages(db as never);
    const held = await menusOf(ROLE.channelDepartment);
    expect(granted.filter((id) => held.includes(id)).sort()).toEqual([...granted].sort());
    expect(granted.length).toBeGreaterThan(0);
  });
});
