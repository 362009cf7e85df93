import { inject } from 'vitest';

/**
 * Where this test file's portal listens: the server of its worker (tests/e2e/global-setup.ts starts
 * one per worker), so files that run side by side never share a database.
 */
export function portalBaseURL(): string {
  const servers = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers[(worker - 1) % servers.length];
}
