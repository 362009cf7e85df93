import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportType } from '../../domain/codes/reports.codes';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { DAY_MS, useReportStates } from './report-states.kit';

/**
 * A late-report request is for a report the agent owes (domain/reporting.ts OWED_REPORTS): the
 * general distributor and the RSP file every type, a CCP reports to its RSP and files none, so it has
 * nothing to report late — whoever asks, for whichever type.
 */
const { kit, controlDate, askLate } = useReportStates();
const db = () => kit.t.database.db;
/** A CCP the RSP supplies (in the RSP's reach), and the demo CCP account's own company. */
let suppliedCcp = '';
let ownCcp = '';

const requestsOf = async (agent: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from late_report_request where agent_name = ${agent}`.execute(db())
  ).rows[0].n;

beforeAll(async () => {
  // Every type of March 2029 is past its control date in Jiangsu.
  for (const type of Object.values(ReportType))
    await controlDate('2029-03', type, new Date(Date.now() - DAY_MS));
  kit.tokens.ccp = await kit.t.login('ccp', 'Demo@123456');
  const ccps = await sql<{ name: string; own: boolean }>`select c.name, e.object_id is not null as own
    from customer c join customer r on r.object_id = c.parent_id
      join employee s on s.username = 'rsp' and s.company_id = r.object_id
      left join employee e on e.username = 'ccp' and e.company_id = c.object_id
    order by own desc, c.name`.execute(db());
  ownCcp = ccps.rows.find((c) => c.own)?.name ?? '';
  suppliedCcp = ccps.rows.find((c) => !c.own)?.name ?? '';
  expect([ownCcp, suppliedCcp].every(Boolean)).toBe(true);
});

describe('a late-report request for a report the agent does not file', () => {
  it('is refused for a CCP its RSP supplies, naming the report type in words, and nothing is asked', async () => {
    const answer = await askLate('2029-03', ReportType.purchases, 'rsp', suppliedCcp);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('ReportType');
    expect(answer.body.message).toBe(
      `${zh.field.lateReportRequest.ReportType}：${zh.reportStates.problems.notOwed}`,
    );
    expect(await requestsOf(suppliedCcp)).toBe(0);
  });

  it('is refused when the sales operations desk asks for a CCP, whatever the type, in English too', async () => {
    for (const type of Object.values(ReportType)) {
      const answer = await kit.t.post(
        '/lateReportRequest/create',
        {
          PageID: 'report.lateReportRequestEdit',
          AgentName: suppliedCcp,
          Period: '2029-03',
          ReportType: type,
          Reason: 'The warehouse system was down at month end',
        },
        kit.tokens.ops,
        { 'accept-language': 'en' },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        `${en.field.lateReportRequest.ReportType}: ${en.reportStates.problems.notOwed}`,
      );
    }
    expect(await requestsOf(suppliedCcp)).toBe(0);
  });

  it("is refused when a CCP's own staff ask for their company: their menu offers no such request", async () => {
    const answer = await askLate('2029-03', ReportType.stock, 'ccp', ownCcp);
    expect(answer.status).toBe(403);
    expect(await requestsOf(ownCcp)).toBe(0);
  });

  it('is refused for a report type that is none, before anything is asked', async () => {
    const before = await requestsOf(kit.rspName);
    const answer = await askLate('2029-03', '999', 'rsp', kit.rspName);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('ReportType');
    expect(await requestsOf(kit.rspName)).toBe(before);
  });
});

describe('a late-report request for a report the agent files', () => {
  it('is asked by the RSP for its own shipments and by the desk for the distributor’s sales', async () => {
    const own = await askLate('2029-03', ReportType.shipments, 'rsp', kit.rspName);
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.results).toMatchObject({ AgentName: kit.rspName, ReportType: ReportType.shipments });
    const forGd = await askLate('2029-03', ReportType.sales, 'ops', kit.gdName);
    expect(forGd.status, forGd.body.message).toBe(200);
    expect(forGd.body.results).toMatchObject({ AgentName: kit.gdName, RequestStatus: '101' });
  });
});
