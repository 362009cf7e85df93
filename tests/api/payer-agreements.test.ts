import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useReceiptDesk } from './receipt-desk';

/**
 * Third-party payment agreements (第三方代付协议, docs/workflows.md "Payment approval"): an agreement is
 * kept for the one agent its form names within the writer's scope, and only that agent's receipts may
 * name its payer. An agent of another province, or a name no agent has, is refused naming the field,
 * in words that tell nothing of other companies, and nothing is written.
 */
const { desk, post, one, receipt, register } = useReceiptDesk();

const agreement = (extra: Record<string, unknown> = {}) => ({
  PageID: 'ordersSetup.payerAgreementEdit',
  AgentName: desk.rspName,
  PayerName: '诚信代付有限公司',
  ValidFrom: '2026-01-01',
  ValidTo: '2026-11-30',
  Enabled: true,
  ...extra,
});

const agreements = async () =>
  await one(sql<{ n: number; rows: string }>`select count(*)::int as n,
        coalesce(string_agg(object_id::text || version || data::text, ',' order by object_id), '') as rows
      from record where resource = 'payerAgreement'`);

describe('a third-party payment agreement', () => {
  it('is kept for the agent it names, and lets that agent alone be paid by its payer', async () => {
    const { status, body } = await post('/payerAgreement/create', agreement(), 'province');
    expect(status, body.message).toBe(200);
    const kept = await one(sql<{ company: string; province: string }>`select company_id::text as company,
        province_code as province from record where object_id = ${body.results.ObjectID}`);
    const agent = await one(sql<{ province: string }>`select province_code as province from customer
      where object_id = ${desk.rspId}`);
    expect(kept).toEqual({ company: desk.rspId, province: agent.province });
    expect((await register({ PayerName: '诚信代付有限公司' })).ThirdPartyPayment).toBe(true);
    // Another agent's receipt cannot name the payer of this agent's agreement.
    const other = await post(
      '/payment/create',
      receipt({ AgentName: desk.otherAgent, PayerName: '诚信代付有限公司' }),
    );
    expect([other.status, other.body.message]).toEqual([
      400,
      expect.stringMatching(/^付款单位：须为代理商本身/),
    ]);
  });

  it('refuses an agent out of the writer’s scope exactly as a name no agent has, and writes nothing', async () => {
    const before = await agreements();
    const farAway = await post(
      '/payerAgreement/create',
      agreement({ AgentName: desk.farAgent, PayerName: '远方代付有限公司' }),
      'province',
    );
    const nobody = await post(
      '/payerAgreement/create',
      agreement({ AgentName: '不存在的公司', PayerName: '远方代付有限公司' }),
      'province',
    );
    expect([farAway.status, farAway.body.message]).toEqual([
      400,
      '代理商名称：没有找到该代理商，请从代理商列表中选择',
    ]);
    expect([nobody.status, nobody.body.message]).toEqual([farAway.status, farAway.body.message]);
    expect(await agreements()).toEqual(before);
    // So finance cannot book the far agent's money from that payer either.
    const paid = await post(
      '/payment/create',
      receipt({ AgentName: desk.farAgent, PayerName: '远方代付有限公司' }),
    );
    expect(paid.status).toBe(400);
  });

  it('refuses an end before its start and malformed values by their labels, and writes nothing', async () => {
    const before = await agreements();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ValidFrom: '2026-06-01', ValidTo: '2026-05-31' }, '失效日期：不能早于 生效日期'],
      [{ ValidFrom: '2026-02-30' }, /^生效日期：/],
      [{ ValidTo: 'tomorrow' }, /^失效日期：/],
      [{ AgentName: ['a'] }, /^代理商名称：/],
      [{ AgentName: '' }, '代理商名称必填'],
      [{ Enabled: 'yes' }, /^启用：/],
    ];
    for (const [extra, message] of cases) {
      const { status, body } = await post('/payerAgreement/create', agreement(extra), 'province');
      expect([status, body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await agreements()).toEqual(before);
  });

  it('cannot be moved to an agent of another province by an update', async () => {
    const created = await post(
      '/payerAgreement/create',
      agreement({ PayerName: '移交代付有限公司' }),
      'province',
    );
    expect(created.status, created.body.message).toBe(200);
    const before = await agreements();
    const { ObjectID, Version } = created.body.results;
    const moved = await post(
      '/payerAgreement/update',
      { PageID: 'ordersSetup.payerAgreementEdit', ObjectID, Version, AgentName: desk.farAgent },
      'province',
    );
    expect([moved.status, moved.body.message]).toEqual([
      400,
      '代理商名称：没有找到该代理商，请从代理商列表中选择',
    ]);
    const backwards = await post(
      '/payerAgreement/update',
      { PageID: 'ordersSetup.payerAgreementEdit', ObjectID, Version, ValidTo: '2025-12-31' },
      'province',
    );
    expect([backwards.status, backwards.body.message]).toEqual([400, '失效日期：不能早于 生效日期']);
    expect(await agreements()).toEqual(before);
  });
});
