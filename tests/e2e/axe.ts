import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations of WCAG 2 A/AA on what the page shows now. The script
 * goes in through evaluate, which the portal's Content-Security-Policy does not block (a script tag
 * would be); hidden tabs are left out, as a person never meets them.
 */
export async function seriousViolations(page: Page, within = 'body'): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        // For contrast, the colours axe saw: enough to fix it without opening the page.
        targets: v.nodes.slice(0, 5).map((n) => {
          const data = n.any[0]?.data as {
            fgColor?: string;
            bgColor?: string;
            contrastRatio?: number;
          } | null;
          const colours = data?.fgColor
            ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)`
            : '';
          return `${n.target.join(' ')}${colours}`;
        }),
      }));
  }, within);
}

export const describeViolations = (problems: AxeProblem[]) =>
  problems.map((p) => `${p.impact} ${p.id} (${p.help}): ${p.targets.join(' | ')}`).join('\n');
