import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * A visit's evidence (docs/activity.md "Site" and "Check-in"): the site is the customer's address as
 * its owner placed it, never typed by the visitor; the check-in position is the browser's, with its
 * accuracy, and the distance is the server's; both are frozen once the visitor has checked in.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const call = (path: string, body: unknown, who = 'city') => t.post(path, body, tokens[who]);
const decide = (id: string, command: string, payload: Record<string, unknown> = {}, who = 'city') =>
  call('/workflow/decide', { workflow: 'visit', ObjectID: id, command, payload }, who);
const getOne = async (id: string, who = 'city') =>
  (await call('/visit/getOne', { ObjectID: id }, who)).body.results?.[0];
const SITE = { Latitude: 32.0123, Longitude: 118.7456 };

/** An agent the Nanjing city manager sees, with a default delivery address placed on the map by sales operations. */
let agent: { name: string; addressId: string };

/** The address as its owner reads it. */
async function address() {
  const { body } = await call('/address/getOne', { ObjectID: agent.addressId }, 'ops');
  return (Array.isArray(body.results) ? body.results[0] : body.results) as Record<string, unknown>;
}

async function placeAddress(position: { Latitude: number; Longitude: number }) {
  const saved = await call(
    '/address/update',
    { ObjectID: agent.addressId, Version: (await address()).Version, ...position },
    'ops',
  );
  expect(saved.status, saved.body.message).toBe(200);
}

async function plan(extra: Record<string, unknown> = {}) {
  const { status, body } = await call('/visit/create', {
    PageID: 'salesActivity.visitForm',
    VisitTargetType: '111',
    VisitType: '111',
    CustomerName: agent.name,
    PlannedStart: new Date(Date.now() + 3_600_000).toISOString(),
    ...extra,
  });
  if (status !== 200) throw new Error(`plan: ${body.message}`);
  return body.results as { ObjectID: string; Version: number };
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['city', 'province', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const row = (
    await sql<{ name: string; id: string }>`select c.name, a.object_id::text as id
      from customer c join customer_address a on a.customer_id = c.object_id and a.is_default
      where c.city_code = '320100' and (select count(*) from customer d where d.name = c.name) = 1
      order by c.account_id limit 1`.execute(t.database.db)
  ).rows[0];
  expect(row, 'a Nanjing agent with a default address').toBeTruthy();
  agent = { name: row.name, addressId: row.id };
  await placeAddress(SITE);
});
afterAll(() => t?.close());

describe("the site is the customer's address", () => {
  it('keeps a position on the address, both coordinates or neither', async () => {
    const found = await address();
    expect(found.Latitude).toBe(SITE.Latitude);
    expect(found.Longitude).toBe(SITE.Longitude);
    const half = await call(
      '/address/update',
      { ObjectID: agent.addressId, Version: found.Version, Latitude: null },
      'ops',
    );
    expect(half.status).toBe(400);
    expect(half.body.message).toContain('纬度');
    const outOfRange = await call(
      '/address/update',
      { ObjectID: agent.addressId, Version: found.Version, Longitude: 181 },
      'ops',
    );
    expect(outOfRange.status).toBe(400);
  });

  it("takes the site from the customer's address, and refuses one typed by the visitor", async () => {
    const visit = await plan();
    const planned = await getOne(visit.ObjectID);
    expect(Number(planned.SiteLatitude)).toBe(SITE.Latitude);
    expect(Number(planned.SiteLongitude)).toBe(SITE.Longitude);
    expect(planned.SiteAddress).toBeTruthy();

    const typed = await call('/visit/create', {
      PageID: 'salesActivity.visitForm',
      VisitTargetType: '111',
      VisitType: '111',
      CustomerName: agent.name,
      PlannedStart: new Date(Date.now() + 3_600_000).toISOString(),
      SiteLatitude: '31.5',
      SiteLongitude: '118.5',
    });
    expect(typed.status).toBe(400);
    expect(typed.body.field).toBe('SiteLatitude');

    const moved = await call('/visit/update', {
      PageID: 'salesActivity.visitForm',
      ObjectID: visit.ObjectID,
      Version: planned.Version,
      SiteLongitude: '118.5',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.field).toBe('SiteLongitude');
    expect(Number((await getOne(visit.ObjectID)).SiteLongitude)).toBe(SITE.Longitude);
  });

  it('has no site for a customer without a placed address: no distance, nothing flagged', async () => {
    const visit = await plan({ VisitTargetType: '101', CustomerName: `No such customer ${Date.now()}` });
    expect((await getOne(visit.ObjectID)).SiteLatitude ?? null).toBeNull();
    expect(
      (await decide(visit.ObjectID, 'checkIn', { latitude: 32, longitude: 118, accuracy: 15 })).status,
    ).toBe(200);
    const checkedIn = await getOne(visit.ObjectID);
    expect(checkedIn.CheckInDistance ?? null).toBeNull();
    expect(checkedIn.LocationAbnormal).toBe(false);
  });
});

describe("the check-in is the browser's position", () => {
  it('needs latitude, longitude and accuracy in the command; a position typed on the form is not evidence', async () => {
    const visit = await plan();
    const current = await getOne(visit.ObjectID);
    const typed = await call('/visit/update', {
      PageID: 'salesActivity.visitForm',
      ObjectID: visit.ObjectID,
      Version: current.Version,
      CheckInLatitude: String(SITE.Latitude),
      CheckInLongitude: String(SITE.Longitude),
    });
    expect(typed.status).toBe(400);
    expect(typed.body.field).toBe('CheckInLatitude');

    const nothing = await decide(visit.ObjectID, 'checkIn');
    expect(nothing.status).toBe(400);
    expect(nothing.body.field).toBe('CheckInLatitude');
    const noAccuracy = await decide(visit.ObjectID, 'checkIn', {
      latitude: SITE.Latitude,
      longitude: SITE.Longitude,
    });
    expect(noAccuracy.status).toBe(400);
    expect(noAccuracy.body.field).toBe('CheckInAccuracy');
    expect((await getOne(visit.ObjectID)).VisitStatus).toBe('101');
  });

  it('keeps the position and its accuracy with the time, and measures the distance on the server', async () => {
    const visit = await plan();
    // About 2.2 km north of the address; the distance and the flag the payload sends are not taken.
    const checkedIn = await decide(visit.ObjectID, 'checkIn', {
      latitude: SITE.Latitude + 0.02,
      longitude: SITE.Longitude,
      accuracy: 35.4,
      distanceMeters: 0,
    });
    expect(checkedIn.status).toBe(200);
    const record = await getOne(visit.ObjectID);
    expect(record.CheckInLatitude).toBe(SITE.Latitude + 0.02);
    expect(record.CheckInLongitude).toBe(SITE.Longitude);
    expect(record.CheckInAccuracy).toBe(35);
    expect(record.CheckInTime).toBeTruthy();
    expect(record.CheckInDistance).toBeGreaterThan(2100);
    expect(record.CheckInDistance).toBeLessThan(2300);
    expect(record.LocationAbnormal).toBe(true);
  });
});

describe('site and check-in are frozen at check-in', () => {
  it('refuses changing them afterwards to everyone, and an address moved later does not move the visit', async () => {
    const visit = await plan();
    expect(
      (
        await decide(visit.ObjectID, 'checkIn', {
          latitude: SITE.Latitude,
          longitude: SITE.Longitude,
          accuracy: 10,
        })
      ).status,
    ).toBe(200);
    const checkedIn = await getOne(visit.ObjectID);
    expect(checkedIn.CheckInDistance).toBe(0);

    const update = (fields: Record<string, unknown>, who = 'city') =>
      call(
        '/visit/update',
        {
          PageID: 'salesActivity.visitForm',
          ObjectID: visit.ObjectID,
          Version: checkedIn.Version,
          ...fields,
        },
        who,
      );
    const customer = await update({ CustomerName: `${agent.name} 2` });
    expect(customer.status).toBe(409);
    expect(customer.body.field).toBe('CustomerName');
    for (const field of ['SiteLatitude', 'SiteLongitude', 'CheckInLatitude', 'CheckInLongitude']) {
      const refused = await update({ [field]: '31.9' });
      expect(refused.status, field).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    expect((await update({ CustomerName: agent.name }, 'province')).status).toBe(403);
    // A second check-in is not offered: the first one stands.
    expect(
      (await decide(visit.ObjectID, 'checkIn', { latitude: 31.9, longitude: 118.7, accuracy: 5 })).status,
    ).toBe(409);

    await placeAddress({ Latitude: SITE.Latitude + 0.1, Longitude: SITE.Longitude });
    try {
      const after = await getOne(visit.ObjectID);
      expect(Number(after.SiteLatitude)).toBe(SITE.Latitude);
      expect(after.CheckInLatitude).toBe(SITE.Latitude);
      expect(after.CheckInDistance).toBe(0);
      expect(after.CustomerName).toBe(agent.name);
    } finally {
      await placeAddress(SITE);
    }
  });
});
