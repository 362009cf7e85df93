import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDeadlines } from '../../server/activity/activity-deadlines.job';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { startTestApp, type TestApp } from './harness';

/**
 * Visits (server/activity, machines/workflows/visit.workflow.ts): planned by the visitor, checked in
 * with a position (far from the site is flagged), checked out (under 10 minutes is flagged), recorded
 * with minutes (the linked opportunity gets a progress record) and reviewed by the province manager;
 * each step refused to whoever may not take it, and a planned visit whose day passed marked missed.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const SITE = { lat: 32.0415, lon: 118.7781 };
const call = (path: string, body: unknown, who = 'city') => t.post(path, body, tokens[who]);
const decide = (id: string, command: string, payload: Record<string, unknown> = {}, who = 'city') =>
  call('/workflow/decide', { workflow: 'visit', ObjectID: id, command, payload }, who);
const getOne = async (id: string, who = 'city') =>
  (await call('/visit/getOne', { ObjectID: id }, who)).body.results?.[0];

/** A Nanjing agent whose default address sales operations placed at SITE: the visits' site. */
let agentName = '';

async function plan(extra: Record<string, unknown> = {}) {
  const { status, body } = await call('/visit/create', {
    PageID: 'salesActivity.visitForm',
    VisitTargetType: '111',
    VisitType: '111',
    CustomerName: agentName,
    PlannedStart: new Date(Date.now() + 3_600_000).toISOString(),
    ...extra,
  });
  if (status !== 200) throw new Error(`plan: ${body.message}`);
  return body.results as { ObjectID: string; VisitNo: string; Version: number; VisitStatus: string };
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['city', 'province', 'cm320500', 'ops'])
    tokens[user] = await t.login(user, 'Demo@123456');
  const agent = (
    await sql<{ name: string; id: string; version: number }>`select c.name, a.object_id::text as id, a.version
      from customer c join customer_address a on a.customer_id = c.object_id and a.is_default
      where c.city_code = '320100' and (select count(*) from customer d where d.name = c.name) = 1
      order by c.account_id desc limit 1`.execute(t.database.db)
  ).rows[0];
  agentName = agent.name;
  const placed = await call(
    '/address/update',
    { ObjectID: agent.id, Version: agent.version, Latitude: SITE.lat, Longitude: SITE.lon },
    'ops',
  );
  expect(placed.status).toBe(200);
});
afterAll(() => t?.close());

describe('a visit from plan to review', () => {
  it('is planned, checked in far away, checked out short, recorded with its opportunity and reviewed', async () => {
    const db = t.database.db;
    const opportunity = (
      await sql<{
        no: string;
        id: string;
      }>`select r.data->>'ExtOpportunityNOText_SDK' as no, r.object_id::text as id
        from record r join workflow_stream s on s.subject_id = r.object_id and s.workflow = 'opportunityRegistration'
        where r.resource = 'opportunity' and s.status in ('protected', 'atRisk') and r.city_code = '320100'
        order by 1 limit 1`.execute(db)
    ).rows[0];
    expect(opportunity, 'a protected opportunity in Nanjing').toBeTruthy();
    const progressBefore = (
      await call(
        '/oppMainProgress/search',
        { ExtOpportunityNOText_SDK: opportunity.no, pageSize: 100 },
        'province',
      )
    ).body.totalSize;

    const visit = await plan({ ExtOpportunityNOText_SDK: opportunity.no });
    expect(visit.VisitNo).toMatch(/^BF\d{12}$/);
    expect(visit.VisitStatus).toBe('101');

    // Someone else may not check in, and a check-in needs a position.
    const byOther = await decide(
      visit.ObjectID,
      'checkIn',
      { latitude: SITE.lat, longitude: SITE.lon, accuracy: 20 },
      'province',
    );
    expect(byOther.status).toBe(403);
    const nowhere = await decide(visit.ObjectID, 'checkIn');
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.field).toBe('CheckInLatitude');

    // About 2.2 km north of the site: checked in, flagged far from it.
    const checkedIn = await decide(visit.ObjectID, 'checkIn', {
      latitude: SITE.lat + 0.02,
      longitude: SITE.lon,
      accuracy: 20,
    });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.results.State).toBe('inProgress');
    const inProgress = await getOne(visit.ObjectID);
    expect(inProgress.VisitStatus).toBe('111');
    expect(inProgress.LocationAbnormal).toBe(true);
    expect(inProgress.CheckInDistance).toBeGreaterThan(2000);
    expect(inProgress.CheckInTime).toBeTruthy();

    // Checked out at once: under ten minutes, flagged short.
    expect((await decide(visit.ObjectID, 'checkOut')).status).toBe(200);
    const toRecord = await getOne(visit.ObjectID);
    expect(toRecord.VisitStatus).toBe('121');
    expect(toRecord.DurationMinutes).toBe(0);
    expect(toRecord.DurationAbnormal).toBe(true);

    // No minutes, no record; with them the visit is completed and the opportunity gets its progress.
    const bare = await decide(visit.ObjectID, 'record');
    expect(bare.status).toBe(400);
    expect(bare.body.field).toBe('CommunicationContent');
    const minutes = await call('/visit/update', {
      PageID: 'salesActivity.visitForm',
      ObjectID: visit.ObjectID,
      Version: toRecord.Version,
      CommunicationContent: 'Walked through the storage proposal',
      VisitResult: 'A technical session is agreed',
    });
    expect(minutes.status).toBe(200);
    expect((await decide(visit.ObjectID, 'record')).body.results.State).toBe('completed');
    const progress = await call(
      '/oppMainProgress/search',
      { ExtOpportunityNOText_SDK: opportunity.no, pageSize: 100 },
      'province',
    );
    expect(progress.body.totalSize).toBe(progressBefore + 1);
    expect(JSON.stringify(progress.body.results)).toContain('Walked through the storage proposal');

    // Only a province manager reviews, and with a comment.
    expect((await decide(visit.ObjectID, 'reviewVisit', { reason: 'Good' })).status).toBe(403);
    expect((await decide(visit.ObjectID, 'reviewVisit', { reason: ' ' }, 'province')).status).toBe(400);
    const reviewed = await decide(visit.ObjectID, 'reviewVisit', { reason: 'Push the session' }, 'province');
    expect(reviewed.status).toBe(200);
    const done = await getOne(visit.ObjectID);
    expect(done.VisitStatus).toBe('141');
    expect(done.ReviewComment).toBe('Push the session');

    // A reviewed visit is history: the visitor may no longer edit it.
    const late = await call('/visit/update', {
      ObjectID: visit.ObjectID,
      Version: done.Version,
      NextStep: 'x',
    });
    expect(late.status).toBe(409);
  });
});

describe('refusals', () => {
  it('hides a visit from a city manager of another city (404) and refuses an impossible position', async () => {
    const visit = await plan();
    expect((await call('/visit/getOne', { ObjectID: visit.ObjectID }, 'cm320500')).status).toBe(404);
    expect(
      (await decide(visit.ObjectID, 'checkIn', { latitude: 32, longitude: 118, accuracy: 20 }, 'cm320500'))
        .status,
    ).toBe(404);
    const bad = await call('/visit/create', {
      PageID: 'salesActivity.visitForm',
      VisitTargetType: '101',
      VisitType: '111',
      CustomerName: 'Nowhere',
      PlannedStart: new Date().toISOString(),
      SiteLatitude: '95',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('SiteLatitude');
    // Only the visitor edits the plan.
    const edit = await call(
      '/visit/update',
      { ObjectID: visit.ObjectID, Version: visit.Version, ContactName: 'x' },
      'province',
    );
    expect(edit.status).toBe(403);
  });

  it('takes a position the visitor typed, without accuracy, only when it says it was typed', async () => {
    const visit = await plan();
    // Located by the browser, a position comes with its accuracy.
    const located = await decide(visit.ObjectID, 'checkIn', { latitude: SITE.lat, longitude: SITE.lon });
    expect(located.status).toBe(400);
    expect(located.body.field).toBe('CheckInAccuracy');
    const typed = await decide(visit.ObjectID, 'checkIn', {
      latitude: SITE.lat,
      longitude: SITE.lon,
      typed: true,
    });
    expect(typed.status).toBe(200);
    const checkedIn = await getOne(visit.ObjectID);
    expect(checkedIn).toMatchObject({ VisitStatus: '111', CheckInLatitude: SITE.lat, CheckInAccuracy: null });
    expect(checkedIn.CheckInLongitude).toBe(SITE.lon);
  });

  it('marks a planned visit whose day has passed missed, by the daily job', async () => {
    const visit = await plan({ PlannedStart: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    const kept = await plan();
    await runJobOnce(t.database.db, activityDeadlines);
    expect((await getOne(visit.ObjectID)).VisitStatus).toBe('161');
    expect((await getOne(kept.ObjectID)).VisitStatus).toBe('101');
    expect(
      (await decide(visit.ObjectID, 'checkIn', { latitude: SITE.lat, longitude: SITE.lon, accuracy: 20 }))
        .status,
    ).toBe(409);
  });
});
