import { describe, expect, it } from 'vitest';
import { portalBaseURL } from './portal-url';

/**
 * How the built client travels (issue: compressed assets): brotli or gzip chosen by the browser's
 * Accept-Encoding from copies made at build time, hashed files cached for good, index.html revalidated.
 */
const baseURL = portalBaseURL();

async function get(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  // Node's fetch would decode the body; the length of the raw bytes is read from the header instead.
  return fetch(new URL(path, baseURL), { headers });
}

/**
 * The scripts index.html names (the entry and the chunks it preloads) and its stylesheet. The entry
 * itself is a few hundred bytes that import the boot chunk, too small to be worth compressing, so the
 * script checked is the largest named: the one whose bytes the first screen waits for.
 */
async function entryAssets() {
  const html = await (await get('/login')).text();
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const style = html.match(/<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (scripts.length === 0 || !style)
    throw new Error(`index.html names no entry script or stylesheet:\n${html}`);
  const sizes = await Promise.all(
    scripts.map(async (path) => Number((await get(path, 'identity')).headers.get('content-length'))),
  );
  const script = scripts[sizes.indexOf(Math.max(...sizes))];
  return { script, style };
}

describe('built assets', () => {
  it("sends the first screen's JavaScript brotli-compressed to a browser that accepts it, and caches it for good", async () => {
    const { script } = await entryAssets();
    const response = await get(script, 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await get(script, 'identity');
    expect(Number(response.headers.get('content-length'))).toBeLessThan(
      Number(plain.headers.get('content-length')) / 3,
    );
  });

  it('falls back to gzip, then to the plain file, as the browser accepts less', async () => {
    const { script, style } = await entryAssets();
    const gzip = await get(style, 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('content-type')).toMatch(/text\/css/);
    const plain = await get(script, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('import');
  });

  it('never caches index.html, so a new build is picked up at the next load', async () => {
    for (const path of ['/', '/login', '/dashboard']) {
      const response = await get(path, 'gzip, deflate, br');
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });
});
