import { describe, expect, it } from 'vitest';
import { CustomerIndustry } from '../../domain/codes/opportunities.codes';
import { login, useBrowser, waitForPath } from './browser';
import { api, protectedOpportunity, tokenFor } from './portal-api';

/**
 * The bell: after the channel manager moves the RSP's opportunity to another agent, the RSP's person
 * sees an unread notice naming it in the bell's count, and reading it marks it read for them.
 */
const e2e = useBrowser();

describe('the notice bell', () => {
  it('tells the old owner that its opportunity went to another agent', async () => {
    const rsp = await tokenFor('rsp');
    const created = await protectedOpportunity(rsp, {
      Name: 'Browser bell project',
      ExtOppCustomerName_SDK: `Browser Bell Museum ${Date.now()}`,
      ExtCustomerIndustry_SDK: CustomerIndustry.government,
    });

    const channel = await tokenFor('channel');
    const [record] = await api<{ Version: number; AgentName: string }[]>(
      '/opportunity/getOne',
      { ObjectID: created.ObjectID },
      channel,
    );
    const agents = await api<{ ObjectID: string; Name: string }[]>(
      '/customerLookup/search',
      { pageSize: 10, ExtCustomerType_SDK: '111' },
      channel,
    );
    const target = agents.find((a) => a.Name !== record.AgentName)!;
    await api(
      '/opportunity/changeOwner',
      { ObjectID: created.ObjectID, Version: record.Version, AgentID: target.ObjectID, ChangeReason: '111' },
      channel,
    );

    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const bell = page.getByTestId('notice-bell');
    // Other browsers share the demo world and may tell the RSP something meanwhile: the bell counts what
    // the server holds unread, this notice among them.
    await expect
      .poll(async () => {
        const mine = await myNotices(rsp);
        const shown = await page.getByTestId('notice-count').textContent();
        return mine.movedAway.includes(created.ExtOpportunityNOText_SDK) && shown === String(mine.Unread);
      })
      .toBe(true);
    await bell.click();
    // The opportunity may have other notices (its protection ending, from the job): this one names the
    // agent it went to.
    const notice = page
      .getByTestId('notices')
      .getByRole('button', { name: created.ExtOpportunityNOText_SDK })
      .filter({ hasText: target.Name });
    await expect.poll(() => notice.count()).toBe(1);
    await notice.click();
    await expect
      .poll(async () => (await myNotices(rsp)).movedAway)
      .not.toContain(created.ExtOpportunityNOText_SDK);
  });
});

/** The caller's unread count, and the opportunity numbers of its unread notices that one went to another agent. */
async function myNotices(token: string) {
  const mine = await api<{
    Unread: number;
    Notices: { Kind: string; Params: { no?: string }; Read: boolean }[];
  }>('/notice/mine', {}, token);
  const movedAway = mine.Notices.filter((n) => !n.Read && n.Kind === 'opportunityMovedAway');
  return { Unread: mine.Unread, movedAway: movedAway.map((n) => n.Params.no) };
}
