import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { PROJECT_ROOT } from './source-imports';

/**
 * A message key written in the code reaches a person only as its words: every key the server answers
 * with (a refusal, a field's problem, a success message) and every key a screen translates by name
 * is found in both languages, so nobody reads `rebate.adjusted` instead of what happened.
 */
const FOLDERS = ['server', 'services', 'machines', 'views', 'domain'];
const KEY = String.raw`'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)'`;
const PATTERNS = [
  new RegExp(String.raw`new PortalError\(\s*\d+,\s*${KEY}`, 'g'),
  new RegExp(String.raw`fieldError\([^()]*?,[^()]*?,\s*${KEY}`, 'g'),
  new RegExp(String.raw`\bmessage(?:Key)?:\s*${KEY}`, 'g'),
  new RegExp(String.raw`\bt\(\s*${KEY}`, 'g'),
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));
}

const written = FOLDERS.flatMap(sourceFiles).flatMap((file) => {
  const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
  return PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => ({ file, key: m[1] })));
});

describe('message keys in the code', () => {
  it('are many (the scan reads the code)', () => {
    expect(written.length).toBeGreaterThan(500);
  });

  it('have words in Chinese and English', () => {
    const i18n = rosetta({ zh, en });
    const missing = written.filter(
      ({ key }) =>
        !['zh', 'en'].every(
          (lang) => typeof i18n.t(key, {}, lang) === 'string' && i18n.t(key, {}, lang) !== '',
        ),
    );
    expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });
});
