import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;

interface Row {
  StreamID: string;
  Workflow: string;
  Status: string;
  SubjectResource: string;
  SubjectID: string;
  SubjectLabel: string | null;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

/** Every stream of the demo database, read through the viewer's list a page at a time. */
async function everyStream(body: Record<string, unknown> = {}) {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { body: envelope } = await t.post(
      '/workflowStream/search',
      { currentPage: page, pageSize: 100, ...body },
      admin,
    );
    expect(envelope.state).toBe(true);
    rows.push(...envelope.results);
    if (rows.length >= envelope.totalSize || !envelope.results.length) return rows;
  }
}

describe('the viewer’s list of streams on the demo database', () => {
  it('names every stream’s record, in every workflow', async () => {
    const rows = await everyStream();
    expect(rows.length).toBeGreaterThan(100);
    const unnamed = rows.filter((r) => !r.SubjectLabel?.trim());
    const byWorkflow = new Map<string, number>();
    for (const r of unnamed) {
      const key = `${r.Workflow} (${r.SubjectResource})`;
      byWorkflow.set(key, (byWorkflow.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(byWorkflow)).toEqual({});
  });

  it('names a record by its business number and its name or title', async () => {
    const label = async (workflow: string) => (await everyStream({ workflow }))[0]?.SubjectLabel ?? '';
    expect(await label('orderApproval')).toMatch(/^DD\d+ \S/);
    expect(await label('rebatePolicy')).toMatch(/^GG\d+ .*政策/);
    expect(await label('opportunityRegistration')).toMatch(/^BB\d+ \S/);
    expect(await label('rebateSettlement')).toMatch(/^FL\d+ \S/);
    expect(await label('registration')).toMatch(/^ZR\d+ \S/);
  });
});

describe('searching streams', () => {
  it('finds a stream by its record’s business number', async () => {
    const [order] = await everyStream({ workflow: 'orderApproval' });
    const number = order.SubjectLabel!.split(' ')[0];
    const found = await everyStream({ search: number.toLowerCase() });
    expect(found.map((r) => r.StreamID)).toContain(order.StreamID);
    for (const r of found) expect(`${r.SubjectLabel} ${r.StreamID}`.toUpperCase()).toContain(number);
  });

  it('finds streams by a part of their record’s name, within a workflow', async () => {
    const registrations = await everyStream({ workflow: 'registration' });
    const name = registrations[0].SubjectLabel!.split(' ')[1];
    const found = await everyStream({ workflow: 'registration', search: name.slice(0, 4) });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(registrations.length);
    for (const r of found) expect(r.SubjectLabel).toContain(name.slice(0, 4));
  });

  it('still finds a stream by its id, and nothing for text no record has', async () => {
    const [stream] = await everyStream({ workflow: 'visit' });
    expect((await everyStream({ search: stream.StreamID })).map((r) => r.StreamID)).toEqual([
      stream.StreamID,
    ]);
    expect(await everyStream({ search: '不存在的编号%_' })).toEqual([]);
  });
});

describe('the history in words', () => {
  it('names the applicant and the system as roles in the caller’s language, never by their code', async () => {
    const roles = new Map<string, Set<string>>();
    for (const lang of ['zh', 'en']) {
      const streams = [
        ...(await everyStream({ workflow: 'registration' })).slice(0, 3),
        ...(await everyStream({ workflow: 'visit' })).slice(0, 5),
        ...(await everyStream({ workflow: 'opportunityRegistration' })).slice(0, 5),
      ];
      for (const stream of streams) {
        const { body } = await t.post('/processHistory/searchAll', { streamId: stream.StreamID }, admin, {
          'accept-language': lang,
        });
        for (const e of body.results as { Role: string; RoleName: string; ActorName: string }[]) {
          expect(e.RoleName, `${stream.StreamID} ${e.Role}`).not.toBe(e.Role);
          if (e.Role === 'system') expect(e.ActorName).toBe(e.RoleName);
          roles.set(`${lang} ${e.Role}`, (roles.get(`${lang} ${e.Role}`) ?? new Set()).add(e.RoleName));
        }
      }
    }
    expect([...(roles.get('zh applicant') ?? [])]).toEqual(['申请人']);
    expect([...(roles.get('en applicant') ?? [])]).toEqual(['Applicant']);
    expect([...(roles.get('zh system') ?? [])]).toEqual(['系统']);
  });
});
