import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Hole 9 of the security review: the login lock could be raced (parallel guesses all read the count
 * before any was recorded) and stepped past with a made-up X-Forwarded-For, and the old password of
 * the change form could be guessed without limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A login from a client address of the test's own, so each test's address count starts at zero. */
async function login(
  username: string,
  password: string,
  { headers = {}, from = '127.0.0.1' }: { headers?: Record<string, string>; from?: string } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/user/login',
    payload: { username, password },
    headers,
    remoteAddress: from,
  });
  return { status: response.statusCode, body: response.json() };
}

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe('hole 9: at most five password verifications per account, whatever the parallelism', () => {
  it('40 parallel wrong passwords get five verifications and 35 refusals, no 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('finance', `wrong-guess-${i}`, { from: '10.0.0.1' })),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts).toEqual({ 401: 5, 429: 35 });
    // Locked now: even the right password is refused.
    expect((await login('finance', 'Demo@123456', { from: '10.0.0.1' })).status).toBe(429);
  });

  it('29 wrong and 1 right in parallel: no 500, and the right one gets in only before the lock', async () => {
    const passwords = Array.from({ length: 30 }, (_, i) => (i === 14 ? 'Demo@123456' : `wrong-guess-${i}`));
    const answers = await Promise.all(passwords.map((p) => login('channeldept', p, { from: '10.0.0.2' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    const verified = statuses.filter((s) => s === 200 || s === 401).length;
    expect(verified).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    if (statuses[14] === 429) {
      // The right password came after the lock: it stays refused.
      expect((await login('channeldept', 'Demo@123456', { from: '10.0.0.2' })).status).toBe(429);
    }
  });

  it('a right password resets the count, so a user who mistypes a few times is not locked', async () => {
    const from = { from: '10.0.0.3' };
    for (let i = 0; i < 4; i++) expect((await login('city', `typo-${i}`, from)).status).toBe(401);
    expect((await login('city', 'Demo@123456', from)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('city', `typo-again-${i}`, from)).status).toBe(401);
    expect((await login('city', 'Demo@123456', from)).status).toBe(200);
  });
});

describe('hole 9: old-password guesses on the change form are throttled like logins', () => {
  it('five wrong old passwords lock the account; the right one is then refused too', async () => {
    const token = await t.login('province', 'Demo@123456');
    const change = (oldPassword: string) =>
      t.post('/user/updatePassword', { oldPassword, newPassword: 'Harbour2026tide' }, token);
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    const locked = await change('Demo@123456');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/登录失败次数过多/);
    expect((await login('province', 'Demo@123456')).status).toBe(429);
  });
});

describe('hole 9: X-Forwarded-For from a client is not believed', () => {
  it('rotating the header does not step past the per-address lock', async () => {
    const statuses: number[] = [];
    // Different accounts, so only the address lock (30) can stop them; every try claims a new address.
    for (let i = 0; i < 40; i++) {
      const answer = await login(`sprayed-${i}`, 'Spring2026', {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        from: '10.0.0.4',
      });
      statuses.push(answer.status);
      if (answer.status === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    const next = await login('sprayed-last', 'Spring2026', {
      headers: { 'x-forwarded-for': '198.51.100.7' },
      from: '10.0.0.4',
    });
    expect(next.status).toBe(429);
  });

  it('rotating the header does not step past the public rate limits either', async () => {
    const statuses: number[] = [];
    // discardLicence allows 30 calls per address in ten minutes; the body does not matter for the count.
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/portal/public/discardLicence',
        payload: {},
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        remoteAddress: '10.0.0.5',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429 && s < 500)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
