import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { jobHandler, runJobOnce } from '../../server/jobs/job-handlers';
import { DAY_MS, PURCHASE, type Row, SALES, STOCK, useReportStates } from './report-states.kit';

/**
 * Report states (docs/imports.md "Report states"): one report per agent × period × type, opened by
 * the import as a draft, submitted by the agent, approved or returned by the channel manager; the
 * deadline job opens what a control date asks for and marks what was not submitted by it.
 */
const { kit, call, upload, sale, purchase, reportOf, linesOf, decide, controlDate, runDeadlines } =
  useReportStates();

describe('a report of an agent, period and type', () => {
  it('is opened as a draft by the import, numbers its lines and counts them', async () => {
    const stock = {
      AgentName: kit.gdName,
      Period: '2028-01',
      ProductModel: kit.model,
      OpeningQuantity: 4,
      PurchaseQuantity: 6,
      SalesQuantity: 3,
      ClosingQuantity: 7,
    };
    expect((await upload(STOCK, [stock], 'gd')).status).toBe(200);
    const report = await reportOf('2028-01', '121');
    expect(report).toMatchObject({
      AgentName: kit.gdName,
      ReportStatus: '111',
      LineCount: 1,
      TotalQuantity: '7',
    });
    expect(String(report?.ReportNo)).toMatch(/^JX\d{12}$/);
    const [line] = await linesOf('stockReport', '2028-01');
    expect(line).toMatchObject({ ReportStatus: '111', ReportNo: report?.ReportNo });
    // Another agent sees neither the report nor its lines; out of its scope the report is not found.
    expect(await reportOf('2028-01', '121', 'rsp')).toBeUndefined();
    expect((await decide('agentReport', report?.ObjectID, 'submit', 'rsp')).status).toBe(404);
  });

  it('is written only by those who report: the reviewing channel manager may not import', async () => {
    const refused = await upload(SALES, [sale('2028-02')], 'channel');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(zh.reportStates.errors.notReporter);
  });

  it('is read by the reviewing channel manager, who is told so when he would write a line or ask late', async () => {
    const reads = (page: string) => zh.server.readOnlyForRole.replace('{{page}}', page);
    const line = await call('/salesReport/create', { AgentName: kit.gdName, Period: '2028-02' }, 'channel');
    const late = await call(
      '/lateReportRequest/create',
      { AgentName: kit.gdName, Period: '2028-02' },
      'channel',
    );
    expect([line.status, line.body.message, late.status, late.body.message]).toEqual([
      403,
      reads('总代销售报表'),
      403,
      reads('补报申请'),
    ]);
    expect(await linesOf('salesReport', '2028-02')).toEqual([]);
  });

  it('is submitted, returned with an opinion, corrected as a draft, resubmitted and approved; then locked', async () => {
    expect((await upload(SALES, [sale('2028-02')], 'gd')).status).toBe(200);
    const report = (await reportOf('2028-02', '111'))!;
    const submitted = await decide('agentReport', report.ObjectID, 'submit', 'gd');
    expect(submitted.status).toBe(200);
    expect(submitted.body.results).toMatchObject({ State: 'submitted', ReportStatus: '121' });
    expect((await linesOf('salesReport', '2028-02'))[0]).toMatchObject({ ReportStatus: '121' });

    // Under review the lines are locked: neither an import nor an edit changes them.
    const again = await upload(SALES, [sale('2028-02', 5, '09')], 'gd');
    expect(again.status).toBe(422);
    expect(again.body.results.Rejected[0].Reasons[0]).toContain('2028-02');
    const [line] = await linesOf('salesReport', '2028-02');
    const edit = await call(
      '/salesReport/update',
      {
        ObjectID: line.ObjectID,
        Version: line.Version,
        PageID: 'report.distributorSalesReportCreate',
        Quantity: 4,
      },
      'gd',
    );
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('2028-02');

    // The channel manager finds it in the to-do lens; only a channel manager decides, with an opinion to return.
    const inbox = await call('/agentReport/search', { AwaitingMe: 1, Period: '2028-02' }, 'channel');
    expect(inbox.body.results.map((r: Row) => r.ObjectID)).toContain(report.ObjectID);
    expect((await decide('agentReport', report.ObjectID, 'approve', 'province')).status).toBe(403);
    expect((await decide('agentReport', report.ObjectID, 'return', 'channel', { reason: ' ' })).status).toBe(
      400,
    );
    const returned = await decide('agentReport', report.ObjectID, 'return', 'channel', {
      reason: 'Customer credit code missing on one line',
    });
    expect(returned.body.results).toMatchObject({ State: 'returned', ReportStatus: '141' });
    expect(await reportOf('2028-02', '111')).toMatchObject({
      ReviewOpinion: 'Customer credit code missing on one line',
      ReviewerName: expect.any(String),
    });

    // A corrected import makes it a draft again; resubmitted, it is approved and locked for good.
    expect((await upload(SALES, [sale('2028-02', 5, '09')], 'gd')).status).toBe(200);
    expect(await reportOf('2028-02', '111')).toMatchObject({
      ReportStatus: '111',
      LineCount: 2,
      TotalQuantity: '8',
    });
    expect((await decide('agentReport', report.ObjectID, 'submit', 'gd')).status).toBe(200);
    const approved = await decide('agentReport', report.ObjectID, 'approve', 'channel');
    expect(approved.body.results).toMatchObject({ State: 'approved', ReportStatus: '131', Commands: [] });
    expect((await linesOf('salesReport', '2028-02')).every((l) => l.ReportStatus === '131')).toBe(true);
    const late = await upload(SALES, [sale('2028-02', 1, '20')], 'gd');
    expect(late.status).toBe(422);
    expect(late.body.results.Rejected[0].Reasons[0]).toBe(
      zh.imports.reasons.reportApproved.replace('{{period}}', '2028-02'),
    );
    expect((await decide('agentReport', report.ObjectID, 'withdraw', 'gd')).status).toBe(409);
  });

  it('may be taken back before its review to change its lines', async () => {
    expect((await upload(SALES, [sale('2028-03')], 'gd')).status).toBe(200);
    const report = (await reportOf('2028-03', '111'))!;
    await decide('agentReport', report.ObjectID, 'submit', 'gd');
    const recalled = await decide('agentReport', report.ObjectID, 'withdraw', 'gd');
    expect(recalled.body.results).toMatchObject({ State: 'draft' });
    expect((await upload(SALES, [sale('2028-03', 2, '11')], 'gd')).status).toBe(200);
  });
});

describe('the control date and the deadline job', () => {
  it('opens the reports a control date asks for and marks those not submitted overdue', async () => {
    await controlDate('2028-04', '101', new Date(Date.now() - DAY_MS));
    await controlDate('2028-05', '101', new Date(Date.now() + 30 * DAY_MS));
    // The registered job's run reports what it did, in the reader's language.
    const run = await runJobOnce(kit.t.database.db, jobHandler('reportDeadlines')!);
    expect(run).toMatchObject({
      key: 'server.jobs.messages.reportDeadlines',
      params: { opened: expect.any(Number), overdue: expect.any(Number) },
    });
    expect('params' in run && Number(run.params?.overdue)).toBeGreaterThan(0);
    // Past its control date: overdue; before it: expected, not reported yet.
    expect(await reportOf('2028-04', '101')).toMatchObject({ ReportStatus: '151', LineCount: 0 });
    expect(await reportOf('2028-05', '101')).toMatchObject({ ReportStatus: '101' });
    // Nothing to report before the control date: submitted with no lines, a nil report.
    const nil = (await reportOf('2028-05', '101'))!;
    const submitted = await decide('agentReport', nil.ObjectID, 'submit', 'gd');
    expect(submitted.body.results).toMatchObject({ State: 'submitted', ReportStatus: '121' });
    expect(await reportOf('2028-05', '101')).toMatchObject({ ReportStatus: '121', LineCount: 0 });
    // The RSP of the province is expected too; the job's second run finds nothing new.
    expect(await reportOf('2028-04', '101', 'rsp')).toMatchObject({
      AgentName: kit.rspName,
      ReportStatus: '151',
    });
    expect(await runDeadlines()).toEqual({ opened: 0, overdue: 0 });
  });

  it('leaves an overdue report locked to the import', async () => {
    const refused = await upload(PURCHASE, [purchase('2028-04', '10')], 'gd');
    expect(refused.status).toBe(422);
    expect(refused.body.results.Rejected[0].Reasons[0]).toContain('2028-04');
    const report = (await reportOf('2028-04', '101'))!;
    expect((await decide('agentReport', report.ObjectID, 'submit', 'gd')).status).toBe(409);
  });
});

describe('the demo', () => {
  it('has reports waiting for the Jiangsu channel manager and the RSP’s late October stock asked for', async () => {
    const waiting = await call('/agentReport/search', { AwaitingMe: 1, Period: '2026-10' }, 'channel');
    expect(waiting.body.totalSize).toBeGreaterThan(0);
    expect(await reportOf('2026-10', '121', 'rsp')).toMatchObject({ ReportStatus: '151' });
    const asked = await call('/lateReportRequest/search', { AwaitingMe: 1, Period: '2026-10' }, 'channel');
    expect(asked.body.results).toEqual([
      expect.objectContaining({ AgentName: kit.rspName, ReportType: '121', RequestStatus: '101' }),
    ]);
    // Every demo report's lines show its status and number.
    const stray = await sql<{ n: number }>`select count(*)::int as n from record l
      join agent_report r on r.company_id = l.company_id and r.period = l.data->>'Period'
      where l.resource = 'stockReport' and r.report_type = '121'
        and (l.data->>'ReportStatus' <> r.report_status or l.data->>'ReportNo' <> r.report_no)`.execute(
      kit.t.database.db,
    );
    expect(stray.rows[0].n).toBe(0);
  });
});
