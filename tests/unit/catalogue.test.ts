import { describe, expect, it } from 'vitest';
import { matchRoute, pages } from '../../catalogue/catalogue';
import { modules } from '../../catalogue/modules';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { specPages, specPublicPaths } from './spec-pages.fixture';

const lookup = (messages: object, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
const has = (messages: object, key: string) =>
  typeof lookup(messages, key) === 'string' && lookup(messages, key) !== '';

describe('the catalogue against SPEC §2', () => {
  for (const [module, expected] of Object.entries(specPages)) {
    it(`${module}: every page of the spec, hidden where the spec hides it`, () => {
      const actual = pages.filter((p) => p.module === module);
      for (const [name, hidden] of expected) {
        const page = actual.find((p) => p.id === `${module}.${name}`);
        expect(page, `${module}.${name} is missing`).toBeDefined();
        expect(Boolean(page?.hidden), `${module}.${name} hidden`).toBe(Boolean(hidden));
      }
    });
  }

  it('has the public routes, reachable without login', () => {
    for (const path of specPublicPaths) expect(matchRoute(path)?.page.public, path).toBe(true);
  });

  it('has the shell routes with the dashboard pinned', () => {
    expect(matchRoute('/dashboard')?.page.pinned).toBe(true);
    for (const path of ['/profile/index', '/changePass/index', '/error/401', '/error/404']) {
      expect(matchRoute(path)?.page.hidden, path).toBe(true);
    }
  });

  it('puts the upload history and the job detail where the spec says', () => {
    expect(matchRoute('/import-history/list')?.page.id).toBe('importHistory.list');
    expect(matchRoute('/system/cronjob-info')?.page.id).toBe('system.cronjobInfo');
  });

  it('gives every page a unique id and path inside its module', () => {
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    for (const page of pages.filter((p) => modules.some((m) => m.key === p.module))) {
      const module = modules.find((m) => m.key === page.module)!;
      expect(page.path.startsWith(`${module.path}/`), page.id).toBe(true);
    }
  });

  it('links hidden pages and opened details to pages that exist', () => {
    const ids = new Set(pages.map((p) => p.id));
    for (const page of pages) {
      if (page.parent) expect(ids.has(page.parent), `${page.id} parent ${page.parent}`).toBe(true);
      for (const column of page.columns ?? []) {
        if (column.opens) expect(ids.has(column.opens), `${page.id} opens ${column.opens}`).toBe(true);
        for (const other of Object.values(column.opensOther?.pages ?? {}))
          expect(ids.has(other), `${page.id} opens ${other}`).toBe(true);
      }
    }
  });

  it('gives list pages columns and record pages fields', () => {
    for (const page of pages.filter((p) => p.kind === 'list'))
      expect(page.columns?.length, page.id).toBeGreaterThan(0);
    for (const page of pages.filter((p) => p.kind === 'detail' || p.kind === 'edit'))
      expect(page.fields?.length, page.id).toBeGreaterThan(0);
  });
});

describe('every visible text exists in zh and en', () => {
  const labelKeys = (resource: string | undefined, field: string) => [
    `field.${resource}.${field}`,
    `field.common.${field}`,
  ];

  for (const [lang, messages] of [
    ['zh', zh],
    ['en', en],
  ] as const) {
    it(`${lang}: page titles, module labels and menu groups`, () => {
      const missing = pages.map((p) => p.titleKey).filter((key) => !has(messages, key));
      for (const m of modules)
        if (m.topTitleKey && !has(messages, m.topTitleKey)) missing.push(m.topTitleKey);
      for (const p of pages)
        if (p.group && !has(messages, `menuGroup.${p.module}.${p.group}`))
          missing.push(`menuGroup.${p.module}.${p.group}`);
      expect(missing).toEqual([]);
    });

    it(`${lang}: the label of every column, filter and field`, () => {
      const missing: string[] = [];
      for (const page of pages) {
        const names = [...(page.columns ?? []), ...(page.filters ?? []), ...(page.fields ?? [])].map(
          (c) => c.field,
        );
        for (const name of names) {
          if (!labelKeys(page.resource, name).some((key) => has(messages, key)))
            missing.push(`${page.id}: ${name}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it('zh and en have the same keys everywhere', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    const zhKeys = keys(zh).sort();
    const enKeys = keys(en).sort();
    expect(enKeys.filter((k) => !zhKeys.includes(k))).toEqual([]);
    expect(zhKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
  });
});

describe('fixed filters', () => {
  it('name fields their resource knows and values their dictionary has', async () => {
    const { resourceDef } = await import('../../server/resources/registry');
    const { dictionarySeeds } = await import('../../server/reference/dictionaries.data');
    const options = new Set(dictionarySeeds.map(([code, , keyword]) => `${code}:${keyword}`));
    for (const page of pages.filter((p) => p.fixed)) {
      const def = resourceDef(page.resource!)!;
      for (const [field, value] of Object.entries(page.fixed!)) {
        const spec = def.fields.get(field);
        expect(spec, `${page.id} fixes ${field}`).toBeDefined();
        if (spec?.dict)
          expect(options.has(`${spec.dict}:${value}`), `${page.id} ${field}=${value}`).toBe(true);
      }
    }
    // Importing the server's registry loads every area's modules: slow on a busy machine.
  }, 60_000);
});

describe('number filters', () => {
  it('match a field from its start on every page of its resource, or on none', () => {
    // The server searches a field one way for all its pages; a page asking otherwise would show a
    // hint ("starts with") that its results do not follow.
    const ways = new Map<string, Set<string>>();
    for (const page of pages)
      for (const f of page.filters ?? []) {
        if (f.kind !== 'text') continue;
        const key = `${page.resource}.${f.field}`;
        ways.set(key, (ways.get(key) ?? new Set()).add(f.match ?? 'contains'));
      }
    const mixed = [...ways].filter(([, set]) => set.size > 1).map(([key]) => key);
    expect(mixed).toEqual([]);
  });
});
