import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { publicPages } from '../../catalogue/public.pages';
import { routeOf } from '../../catalogue/route-fields';
import { matchRoute, routes } from '../../catalogue/routes';
import { importsOfSource, PROJECT_ROOT } from './source-imports';

/** The source files a file loads with it: static imports only, as the bundler puts them in its chunks. */
function staticGraph(from: string): Set<string> {
  const fileOf = (target: string) =>
    [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, target].find((f) =>
      existsSync(join(PROJECT_ROOT, f)),
    );
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const i of importsOfSource(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'))) {
      if (i.typeOnly || i.dynamic || i.target.startsWith('package:')) continue;
      const next = fileOf(i.target);
      if (next) visit(next);
    }
  };
  visit(from);
  return reached;
}

describe('the routing table of the first screen (catalogue/routes.ts)', () => {
  it('is the routing part of every catalogue page, in catalogue order', () => {
    expect(
      routes,
      'catalogue/routes.generated.ts is stale: run `npm run catalogue:routes` after changing a page',
    ).toEqual(pages.map(routeOf));
  });

  it('routes a path with parameters to its page, and an unknown path nowhere', () => {
    const withParams = pages.find((p) => p.path.includes('/:'));
    if (withParams) {
      const path = withParams.path.replace(/:\w+/g, 'A%2FB');
      expect(matchRoute(path)?.page.id).toBe(withParams.id);
      expect(Object.values(matchRoute(path)?.params ?? {})).toContain('A/B');
    }
    expect(matchRoute('/login')?.page).toMatchObject({ id: 'public.login', public: true });
    expect(matchRoute('/customers/no-such-page')).toBeUndefined();
  });

  it('has every public page in the file the login screen shows them from', () => {
    expect(publicPages.map((p) => p.id)).toEqual(pages.filter((p) => p.public).map((p) => p.id));
  });

  it('keeps the page definitions out of what /login loads', () => {
    const loaded = [...staticGraph('views/main.tsx')];
    expect(loaded).toContain('catalogue/routes.generated.ts');
    expect(loaded).toContain('views/pages/login-page.tsx');
    const definitions = loaded.filter(
      (f) => f === 'catalogue/catalogue.ts' || f === 'catalogue/define.ts' || f.endsWith('.pages.ts'),
    );
    expect(definitions).toEqual(['catalogue/public.pages.ts']);
  });
});
