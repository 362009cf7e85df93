import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { fieldWords, labelOf } from '../../server/http/field-words';
import type { Lang } from '../../server/http/i18n';
import { importsOfSource, PROJECT_ROOT } from './source-imports';

/**
 * A refused request names its field by its on-screen label in the caller's language, never by the
 * name the request uses (`provinceCode`, `searchKey`, `WorkflowVersion`). The fields a request schema
 * can refuse are enumerated from the schemas themselves: zod's object constructors are watched while
 * the modules that call parseBody load, so every object schema they (or the modules they take their
 * schemas from) build is seen with its keys, however its shape was spread together. Shapes a module
 * exports for later use (a picker's filters) are read from its exports. A schema first built inside a
 * handler is seen only through the module-level parts it is made of.
 */
const built: { file: string; keys: string[] }[] = [];

vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>();
  const watched = <F extends (shape: Record<string, unknown>, ...rest: never[]) => unknown>(make: F) =>
    ((shape: Record<string, unknown>, ...rest: never[]) => {
      // The frame after this wrapper is the line that built the schema.
      const frame = (new Error().stack ?? '').split('\n')[2] ?? '';
      const path = /\((.+?):\d+:\d+\)$|at (.+?):\d+:\d+$/.exec(frame);
      built.push({
        file: relative(PROJECT_ROOT, path?.[1] ?? path?.[2] ?? ''),
        keys: Object.keys(shape ?? {}),
      });
      return make(shape, ...rest);
    }) as F;
  const z = {
    ...actual.z,
    object: watched(actual.z.object),
    looseObject: watched(actual.z.looseObject),
    strictObject: watched(actual.z.strictObject),
  };
  return { ...actual, z };
});

const serverFiles = readdirSync(join(PROJECT_ROOT, 'server'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));
const textOf = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');

/** The modules that read a request body with a schema. */
const requestFiles = serverFiles.filter((file) => textOf(file).includes('parseBody('));

/** Those modules and the ones they import (where lookups, addresses and jobs keep their schemas). */
const schemaFiles = new Set(
  requestFiles.flatMap((file) => [
    file,
    ...importsOfSource(file, textOf(file))
      .filter((i) => !i.typeOnly && i.target.startsWith('server/'))
      .map((i) => `${i.target}.ts`)
      .filter((target) => existsSync(join(PROJECT_ROOT, target))),
  ]),
);

const isSchema = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;

/** Keys of plain objects holding schemas among a module's exports: shapes spread into a schema later. */
function shapeKeys(value: unknown, depth = 0): string[] {
  if (depth > 3 || typeof value !== 'object' || value === null || isSchema(value) || Array.isArray(value))
    return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    isSchema(inner) ? [key] : shapeKeys(inner, depth + 1),
  );
}

/** Every request field name, with the modules whose schemas hold it. */
const requestFields = new Map<string, Set<string>>();
const note = (field: string, file: string) =>
  requestFields.set(field, (requestFields.get(field) ?? new Set()).add(file));

beforeAll(async () => {
  // Files before this one in the worker may have loaded the server's modules with the real zod: load
  // them afresh, so every schema is built through the watched one.
  vi.resetModules();
  for (const file of schemaFiles) {
    const exports = await import(join(PROJECT_ROOT, file));
    for (const value of Object.values(exports)) for (const key of shapeKeys(value)) note(key, file);
  }
  for (const { file, keys } of built) if (schemaFiles.has(file)) for (const key of keys) note(key, file);
}, 60_000);

/** A resource only known when the code runs (`def.name`): any of those that label the field. */
const ANY_RESOURCE = '*';

/** Literal names the code refuses by hand: fieldError / fieldMissing(resource, 'Field'). */
const CALL = /\bfield(?:Error|Missing)\(\s*([^,()]+?)\s*,\s*'([A-Za-z_][A-Za-z0-9_]*)'/g;
const handNamed = serverFiles.flatMap((file) => {
  const text = textOf(file);
  const constant = /\bconst RESOURCE = '([A-Za-z]+)'/.exec(text)?.[1];
  return [...text.matchAll(CALL)].map(([, resource, field]) => {
    const literal = /^'([A-Za-z]+)'$/.exec(resource)?.[1];
    const known = resource === 'undefined' ? undefined : resource === 'RESOURCE' ? constant : literal;
    return { file, resource: known ?? (resource === 'undefined' ? undefined : ANY_RESOURCE), field };
  });
});

const LANGS: Lang[] = ['zh', 'en'];
const resourceLabels = (lang: Lang) =>
  (lang === 'zh' ? zh : en).field as unknown as Record<string, Record<string, unknown>>;
const unlabelled = (resource: string | undefined, field: string) =>
  LANGS.filter((lang) =>
    resource === ANY_RESOURCE
      ? labelOf(lang, undefined, field) === undefined &&
        !Object.values(resourceLabels(lang)).some((labels) => typeof labels[field] === 'string')
      : labelOf(lang, resource, field) === undefined,
  );

describe('request fields a refusal names', () => {
  it('are found in the schemas (the enumeration reads them)', () => {
    expect(requestFiles.length).toBeGreaterThan(20);
    for (const field of ['provinceCode', 'searchKey', 'WorkflowVersion', 'ProductCodes', 'items', 'quantity'])
      expect(requestFields.has(field), field).toBe(true);
    expect(handNamed.length).toBeGreaterThan(50);
  });

  it('each have an on-screen label in Chinese and English', () => {
    const missing = [...requestFields]
      .filter(([field]) => unlabelled(undefined, field).length > 0)
      .map(([field, files]) => `${field} (${[...files].join(', ')}): ${unlabelled(undefined, field)}`);
    expect(missing).toEqual([]);
  });

  it('named by hand in a refusal each have a label too', () => {
    const missing = handNamed
      .filter(({ resource, field }) => unlabelled(resource, field).length > 0)
      .map(({ file, resource, field }) => `${file}: ${resource ?? '-'}.${field}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('a nested request field', () => {
  it('reads as its line, counted from 1, and its labels', () => {
    expect(fieldWords('zh', undefined, 'items.0.quantity')).toBe('配置清单第 1 行的数量');
    expect(fieldWords('en', undefined, 'items.0.quantity')).toBe('Quantity of line 1 of Configurations');
    expect(fieldWords('zh', undefined, 'ProductCodes.2')).toBe('物料编码第 3 行');
    expect(fieldWords('en', undefined, 'ProductCodes.2')).toBe('Line 3 of Part numbers');
  });

  it('of a body that is itself a list starts with its line', () => {
    expect(fieldWords('zh', undefined, '1.ObjectID')).toBe('第 2 行的编号');
    expect(fieldWords('en', undefined, '1.ObjectID')).toBe('ID of line 2');
    expect(fieldWords('zh', undefined, '0')).toBe('第 1 行');
    expect(fieldWords('en', undefined, '0')).toBe('Line 1');
  });

  it('keeps a name without a label as sent, and never reads an inherited member as a label', () => {
    expect(fieldWords('en', undefined, 'items.0.noSuchField')).toBe(
      'noSuchField of line 1 of Configurations',
    );
    expect(fieldWords('en', undefined, 'constructor')).toBe('constructor');
    expect(fieldWords('en', undefined, 'items.0.toString')).toBe('toString of line 1 of Configurations');
  });
});
