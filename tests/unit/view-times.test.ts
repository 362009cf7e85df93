import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessTimeZone, setBusinessTimeZone } from '../../domain/business-clock';
import { formatDateTime } from '../../domain/format';
import { PROJECT_ROOT } from './source-imports';

/**
 * The server sends an instant as UTC ISO text ('2031-12-04T23:30:00.000Z'). Cutting that text — its
 * first 10 or 19 characters, its T made a space — shows the UTC day and hour, eight hours behind the
 * business clock; a screen reads it through formatDate or formatDateTime instead.
 */
const CUTS = [/\.replace\(\s*'T'\s*,\s*' '\s*\)/, /\.slice\(\s*0\s*,\s*(10|19)\s*\)/];

const viewFiles = () =>
  readdirSync(join(PROJECT_ROOT, 'views'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));

describe('times on screen', () => {
  let before = businessTimeZone();
  beforeEach(() => {
    before = businessTimeZone();
    setBusinessTimeZone('Asia/Shanghai');
  });
  afterEach(() => setBusinessTimeZone(before));

  it('no view cuts the text of a time instead of reading it on the business clock', () => {
    const files = viewFiles();
    expect(files.length).toBeGreaterThan(50);
    const cuts = files.flatMap((file) =>
      readFileSync(join(PROJECT_ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => CUTS.some((cut) => cut.test(line)))
        .map(({ line, at }) => `${at} ${line.trim()}`),
    );
    expect(cuts).toEqual([]);
  });

  // A workflow step taken at 07:30 in Beijing: the history's wire says 23:30 the evening before.
  it('a workflow history time sent in UTC reads as the Beijing time it happened', () => {
    expect(formatDateTime('2031-12-04T23:30:05.000Z')).toBe('2031-12-05 07:30:05');
    expect(formatDateTime(null)).toBe('');
  });
});
