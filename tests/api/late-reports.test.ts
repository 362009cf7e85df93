import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { LATE_REPORT_WINDOW_DAYS } from '../../machines/workflows/late-report.workflow';
import { DAY_MS, PURCHASE, type Row, SALES, useReportStates } from './report-states.kit';

/**
 * Late-report requests (docs/imports.md "Late-report requests"): past its control date a period is
 * locked; the agent asks with a reason, the channel manager approves — the report opens for seven
 * days and the lines written then are flagged late — rejects, or returns it for a better reason.
 */
const { kit, call, upload, sale, purchase, reportOf, linesOf, decide, controlDate, runDeadlines, askLate } =
  useReportStates();

beforeAll(async () => {
  // April's purchases are past their control date (overdue), May's still open.
  await controlDate('2028-04', '101', new Date(Date.now() - DAY_MS));
  await controlDate('2028-05', '101', new Date(Date.now() + 30 * DAY_MS));
  await runDeadlines();
});

describe('a late-report request', () => {
  it('is asked only for a locked period, by who reports for an agent in scope, one at a time', async () => {
    const open = await askLate('2028-05', '101');
    expect(open.status).toBe(409);
    expect(open.body.message).toContain('2028-05');
    expect((await askLate('2028-04', '101', 'channel')).status).toBe(403);
    const foreign = await askLate('2028-04', '101', 'rsp');
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(zh.field.lateReportRequest.AgentName);
    const asked = await askLate('2028-04', '101');
    expect(asked.status).toBe(200);
    expect(asked.body.results).toMatchObject({ RequestStatus: '101', AgentName: kit.gdName });
    expect(String(asked.body.results.RequestNo)).toMatch(/^YQ\d{12}$/);
    expect((await askLate('2028-04', '101')).status).toBe(409);
  });

  it('approved by the channel manager, opens the period until its window ends and flags the lines late', async () => {
    const [request] = (
      await call('/lateReportRequest/search', { AwaitingMe: 1, Period: '2028-04' }, 'channel')
    ).body.results as Row[];
    expect(request.AgentName).toBe(kit.gdName);
    expect((await decide('lateReportRequest', request.ObjectID, 'agree', 'province')).status).toBe(403);
    const before = Date.now();
    const agreed = await decide('lateReportRequest', request.ObjectID, 'agree', 'channel', {
      windowEnd: '2099-01-01T00:00:00.000Z',
    });
    expect(agreed.body.results).toMatchObject({ State: 'approved', RequestStatus: '121' });
    const windowEnd = Date.parse(String(agreed.body.results.WindowEnd));
    expect(windowEnd - before).toBeGreaterThanOrEqual(LATE_REPORT_WINDOW_DAYS * DAY_MS - 1000);
    expect(windowEnd - before).toBeLessThan(LATE_REPORT_WINDOW_DAYS * DAY_MS + 60_000);
    expect(await reportOf('2028-04', '101')).toMatchObject({ ReportStatus: '161', LateReport: true });

    expect((await upload(PURCHASE, [purchase('2028-04', '10')], 'gd')).status).toBe(200);
    const [line] = await linesOf('purchaseReport', '2028-04');
    expect(line).toMatchObject({ LateReport: true, ReportStatus: '161' });
    // The job leaves a report its window keeps open alone.
    await runDeadlines();
    const report = (await reportOf('2028-04', '101'))!;
    expect(report).toMatchObject({ ReportStatus: '161', LineCount: 1 });
    expect((await decide('agentReport', report.ObjectID, 'submit', 'gd')).status).toBe(200);
  });

  it('once its window has ended, a report still in draft is overdue again', async () => {
    await controlDate('2028-06', '111', new Date(Date.now() - DAY_MS));
    const asked = await askLate('2028-06', '111');
    const id = asked.body.results.ObjectID;
    expect((await decide('lateReportRequest', id, 'agree', 'channel')).status).toBe(200);
    expect((await upload(SALES, [sale('2028-06')], 'gd')).status).toBe(200);
    await runDeadlines(new Date(Date.now() + (LATE_REPORT_WINDOW_DAYS + 1) * DAY_MS));
    expect(await reportOf('2028-06', '111')).toMatchObject({ ReportStatus: '151', LateReport: true });
  });

  it('rejected, leaves the period locked', async () => {
    await controlDate('2028-07', '111', new Date(Date.now() - DAY_MS));
    const id = (await askLate('2028-07', '111')).body.results.ObjectID;
    expect((await decide('lateReportRequest', id, 'reject', 'channel', { reason: '' })).status).toBe(400);
    const rejected = await decide('lateReportRequest', id, 'reject', 'channel', {
      reason: 'Reported too late for the rebate run',
    });
    expect(rejected.body.results).toMatchObject({ State: 'rejected', RequestStatus: '131' });
    expect((await upload(SALES, [sale('2028-07')], 'gd')).status).toBe(422);
    // A rejected request stands no more: the agent may ask again.
    expect((await askLate('2028-07', '111')).status).toBe(200);
  });

  it('returned, is corrected by its applicant only, and asked again', async () => {
    await controlDate('2028-08', '111', new Date(Date.now() - DAY_MS));
    const asked = (await askLate('2028-08', '111')).body.results;
    const update = (who: string, fields: Record<string, unknown>, version: unknown) =>
      call(
        '/lateReportRequest/update',
        { ObjectID: asked.ObjectID, Version: version, PageID: 'report.lateReportRequestEdit', ...fields },
        who,
      );
    expect((await update('gd', { Reason: 'More detail' }, asked.Version)).status).toBe(409);
    await decide('lateReportRequest', asked.ObjectID, 'return', 'channel', { reason: 'Say which lines' });
    const fresh = (await call('/lateReportRequest/getOne', { ObjectID: asked.ObjectID }, 'gd')).body
      .results[0];
    expect((await update('ops', { Reason: 'Ops says so' }, fresh.Version)).status).toBe(409);
    expect((await update('gd', { Period: '2028-09' }, fresh.Version)).status).toBe(400);
    const corrected = await update('gd', { Reason: 'Three sales lines of the 30th' }, fresh.Version);
    expect(corrected.status).toBe(200);
    const resubmitted = await decide('lateReportRequest', asked.ObjectID, 'resubmit', 'gd');
    expect(resubmitted.body.results).toMatchObject({ State: 'inApproval', RequestStatus: '101' });
  });

  it('is read by the agent only for its own company', async () => {
    const mine = (await call('/lateReportRequest/search', { pageSize: 100 }, 'gd')).body.results as Row[];
    const stored = await sql<{ n: number }>`select count(*)::int as n from late_report_request
      where company_id = ${kit.gdId}`.execute(kit.t.database.db);
    expect(mine).toHaveLength(stored.rows[0].n);
    const theirs = ((await call('/lateReportRequest/search', { pageSize: 100 }, 'rsp')).body.results ??
      []) as Row[];
    expect(theirs.filter((r) => r.AgentName === kit.gdName)).toEqual([]);
  });
});
