import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Beside its chart, a workflow shows the approval chains its configuration holds now: when each
 * applies, each step's role in words and who holds it — read from the same configuration the server
 * starts a stream with, so a change of the configuration shows at once.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('demo');
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

interface Chain {
  When: string;
  Steps: { Role: string; Person: string | null; People: string[]; More: number }[];
}
const chainsOf = async (workflow: string, lang = 'zh', token = admin) => {
  const answer = await t.post('/workflowStream/chains', { workflow }, token, { 'accept-language': lang });
  return { status: answer.status, chains: answer.body.results?.Chains as Chain[] | null, body: answer.body };
};

describe('the approval chains beside a chart', () => {
  it('shows every enabled order band with its steps in words and the people who decide', async () => {
    const { status, chains } = await chainsOf('orderApproval');
    expect(status).toBe(200);
    expect(chains?.length).toBeGreaterThan(1);
    const first = chains![0];
    expect(first.When).toMatch(/^标准订单，金额高于 0\.00/);
    for (const chain of chains!) {
      expect(chain.Steps.length).toBeGreaterThan(0);
      for (const step of chain.Steps) expect(step.Role).not.toMatch(/^[a-z]+[A-Z]?[a-zA-Z]*$/);
    }
    const people = chains!.flatMap((c) => c.Steps.flatMap((s) => s.People));
    expect(people).toContain('钱商务(ops)');
  });

  it('follows the configuration: a band disabled disappears from the chart’s chains', async () => {
    const before = (await chainsOf('loanOrder')).chains!;
    expect(before.map((c) => c.When)).toContain('借货金额高于 0.00 至 300,000.00（含）');
    const bands = await t.post(
      '/loanApprovalConfig/search',
      { PageID: 'ordersSetup.loanApprovalConfig', pageSize: 50 },
      admin,
    );
    const top = (bands.body.results as Record<string, unknown>[]).find(
      (b) => b.Enabled === true && (b.MaxAmount === null || b.MaxAmount === undefined || b.MaxAmount === ''),
    );
    expect(top).toBeDefined();
    const saved = await t.post(
      '/loanApprovalConfig/update',
      {
        PageID: 'ordersSetup.loanApprovalConfigEdit',
        ObjectID: top!.ObjectID,
        Version: top!.Version,
        Enabled: false,
      },
      admin,
    );
    expect(saved.status, saved.body.message).toBe(200);
    expect((await chainsOf('loanOrder')).chains!.length).toBe(before.length - 1);
  });

  it('words the depth bands, the registration rows and the fixed chains, in English too', async () => {
    const price = (await chainsOf('specialPrice', 'en')).chains!;
    expect(price[0].When).toMatch(/^Discount depth at least \d+\.\d\d%/);
    const registration = (await chainsOf('registration')).chains!;
    expect(registration.map((c) => c.When).join('|')).toMatch(/RSP注册准入/);
    const payment = (await chainsOf('paymentApproval', 'en')).chains!;
    expect(payment).toEqual([
      {
        When: 'Every application',
        Steps: [expect.objectContaining({ Role: expect.stringMatching(/Finance/i) })],
      },
    ]);
    expect((await chainsOf('visit')).chains).toBeNull();
  });

  it('is refused for a workflow that does not exist and for a role without the viewer', async () => {
    expect((await chainsOf('noSuchWorkflow')).status).toBe(404);
    const rsp = await t.login('rsp', 'Demo@123456');
    expect((await chainsOf('orderApproval', 'zh', rsp)).status).toBe(403);
  });
});
