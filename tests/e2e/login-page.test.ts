import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

/**
 * The first screen (issue: login form late, registration links): /login draws its form from the entry
 * with a small stylesheet of its own, and its links look like the kit's, not like browser defaults.
 */
const e2e = useBrowser();

describe('the login page', () => {
  it('loads only its own small stylesheet, not the component theme or the icon font', async () => {
    const page = await e2e.newPage();
    const styles: string[] = [];
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') styles.push(request.url());
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.locator('#login-password').waitFor();
    expect(styles).toHaveLength(1);
    expect(styles[0]).not.toMatch(/portal-theme/);
    const bytes = await page.evaluate(
      async (url) => (await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text()).length,
      styles[0],
    );
    expect(bytes).toBeLessThan(20_000);
    expect(fonts).toEqual([]);
  });

  it('draws the registration links in the kit colour, without the default underline', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const links = page.locator('.portal-login-links a');
    await links.first().waitFor();
    expect(await links.count()).toBe(2);
    for (const link of await links.all()) {
      const style = await link.evaluate((a) => {
        const computed = getComputedStyle(a);
        return { color: computed.color, underline: computed.textDecorationLine };
      });
      expect(style.color).not.toBe('rgb(0, 0, 238)');
      expect(style.underline).toBe('none');
    }
  });
});
