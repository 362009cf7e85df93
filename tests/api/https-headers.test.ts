import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestApp, type TestApp } from './harness';

/**
 * Hole 11 of the security review: HSTS and `upgrade-insecure-requests` went out over plain HTTP, where
 * they pin a browser to an HTTPS address the server may not have. They belong to HTTPS answers only.
 */
let t: TestApp;
let behindProxy: FastifyInstance;
let publicHttps: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  behindProxy = await buildApp({ db: t.database.db, trustProxy: '1', publicUrl: '' });
  publicHttps = await buildApp({
    db: t.database.db,
    trustProxy: '',
    publicUrl: 'https://portal.example.com',
  });
});
afterAll(async () => {
  await behindProxy.close();
  await publicHttps.close();
  await t.close();
});

const headersOf = async (app: FastifyInstance, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'POST', url: '/portal/user/getInfo', payload: {}, headers });
  return response.headers;
};

describe('hole 11: HTTPS-only headers', () => {
  it('are not sent over plain HTTP, even when a client claims HTTPS without a trusted proxy', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const answer = await headersOf(t.app, headers);
      expect(answer['strict-transport-security']).toBeUndefined();
      expect(String(answer['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      // The rest of the baseline stays.
      expect(String(answer['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('are sent when a trusted proxy (TRUST_PROXY) says the request came over HTTPS', async () => {
    const plain = await headersOf(behindProxy, { 'x-forwarded-proto': 'http' });
    expect(plain['strict-transport-security']).toBeUndefined();
    const secure = await headersOf(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(secure['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(String(secure['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('are sent when the public address (PUBLIC_URL) is an https one', async () => {
    const answer = await headersOf(publicHttps);
    expect(answer['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(String(answer['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
