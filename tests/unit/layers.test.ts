import { describe, expect, it } from 'vitest';
import { describeViolation, type LayerAllowance, layerViolations } from './layer-rules';
import { importsOfSource, projectImports, type SourceImport } from './source-imports';

/**
 * Imports the rules tolerate for now. Each names one file and one import exactly; the test fails when
 * the import is gone, so the list only ever shrinks. Empty: the tree keeps every rule.
 */
const temporaryAllowances: LayerAllowance[] = [];

const edge = (file: string, specifier: string, typeOnly = false): SourceImport => {
  const [parsed] = importsOfSource(file, `import${typeOnly ? ' type' : ''} { x } from '${specifier}';`);
  return parsed;
};
const flagged = (...imports: SourceImport[]) => layerViolations(imports).map((v) => v.specifier);

describe('the layer rules (ARCHITECTURE.md §1)', () => {
  it('refuses a view that reaches services or the server, even for a type', () => {
    expect(
      flagged(
        edge('views/kit/list-page.tsx', '../../services/http.service'),
        edge('views/kit/list-page.tsx', '../../services/session.service', true),
        edge('views/pages/page-view.tsx', '../../server/app'),
      ),
    ).toEqual(['../../services/http.service', '../../services/session.service', '../../server/app']);
  });

  it('lets a view use machines, the catalogue, domain and locales', () => {
    expect(
      flagged(
        edge('views/kit/list-page.tsx', '../../machines/kit/table.actors'),
        edge('views/kit/list-page.tsx', '../../catalogue/catalogue'),
        edge('views/kit/list-page.tsx', '../../domain/format'),
        edge('views/main.tsx', '../locales/zh/messages'),
        edge('views/main.tsx', 'primereact/button'),
      ),
    ).toEqual([]);
  });

  it('keeps React, PrimeReact, views and the server out of machines', () => {
    expect(
      flagged(
        edge('machines/kit/table.machine.ts', 'react'),
        edge('machines/kit/table.machine.ts', 'react/jsx-runtime'),
        edge('machines/kit/table.machine.ts', 'react-dom/client'),
        edge('machines/kit/table.machine.ts', 'primereact/button'),
        edge('machines/kit/table.machine.ts', '@xstate/react'),
        edge('machines/kit/table.machine.ts', '../../views/kit/list-page'),
        edge('machines/session/session.machine.ts', '../../server/http/access', true),
      ),
    ).toHaveLength(7);
    expect(flagged(edge('machines/kit/table.machine.ts', 'xstate'))).toEqual([]);
    expect(flagged(edge('machines/kit/table.machine.ts', 'react-query'))).toEqual([]);
  });

  it('keeps the workflow machines the server runs free of the client', () => {
    expect(
      flagged(
        edge('machines/workflows/registration.workflow.ts', '../../services/http.service'),
        edge('machines/workflows/registration.workflow.ts', '../kit/table.machine'),
        edge('machines/workflows/registration.workflow.ts', './approval.states'),
        edge('machines/workflows/registration.workflow.ts', '../../domain/roles'),
      ),
    ).toEqual(['../../services/http.service', '../kit/table.machine']);
  });

  it('keeps services below machines and views', () => {
    expect(
      flagged(
        edge('services/role.service.ts', '../machines/session/permissions'),
        edge('services/role.service.ts', '../views/app-context'),
        edge('services/role.service.ts', '../server/identity/roles'),
        edge('services/role.service.ts', '../domain/casing'),
      ),
    ).toEqual(['../machines/session/permissions', '../views/app-context', '../server/identity/roles']);
  });

  it('lets domain import only domain', () => {
    const outside = [
      'catalogue/catalogue',
      'machines/x',
      'services/x',
      'views/x',
      'server/x',
      'locales/zh/messages',
    ];
    expect(flagged(...outside.map((to) => edge('domain/format.ts', `../${to}`)))).toHaveLength(
      outside.length,
    );
    expect(flagged(edge('domain/format.ts', './constants'), edge('domain/format.ts', 'zod'))).toEqual([]);
  });

  it('lets the server share only workflow machines, domain, the catalogue and the messages', () => {
    expect(
      flagged(
        edge('server/routes/x.routes.ts', '../../views/pages/page-view'),
        edge('server/routes/x.routes.ts', '../../services/session.service', true),
        edge('server/routes/x.routes.ts', '../../machines/session/permissions'),
        edge('server/routes/x.routes.ts', '../../machines/workflows-old/x'),
        edge('server/workflows/engine.ts', '../../machines/workflows/registry'),
        edge('server/http/access.ts', '../../catalogue/catalogue'),
        edge('server/http/i18n.ts', '../../locales/zh/messages'),
        edge('server/http/i18n.ts', '../../domain/constants'),
      ),
    ).toEqual([
      '../../views/pages/page-view',
      '../../services/session.service',
      '../../machines/session/permissions',
      '../../machines/workflows-old/x',
    ]);
  });

  it('keeps the catalogue plain data', () => {
    expect(
      flagged(
        edge('catalogue/orders.pages.ts', '../machines/kit/table.machine'),
        edge('catalogue/orders.pages.ts', '../services/http.service'),
        edge('catalogue/orders.pages.ts', '../views/kit/list-page'),
        edge('catalogue/orders.pages.ts', '../server/app'),
        edge('catalogue/orders.pages.ts', './define'),
        edge('catalogue/orders.pages.ts', '../domain/constants'),
      ),
    ).toHaveLength(4);
  });

  it('tolerates exactly the import an allowance names', () => {
    const imports = [
      edge('views/kit/a.tsx', '../../services/a.service'),
      edge('views/kit/b.tsx', '../../services/a.service'),
    ];
    const allowance = { file: 'views/kit/a.tsx', specifier: '../../services/a.service', because: 'test' };
    expect(layerViolations(imports, undefined, [allowance]).map((v) => v.file)).toEqual(['views/kit/b.tsx']);
  });
});

describe('reading imports', () => {
  it('reads static, re-exported, dynamic, type-only and multi-line imports, and not commented ones', () => {
    const text = [
      "import type { A } from '../../services/a.service';",
      "import { type B, c } from '../../services/b.service';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "const page = lazy(() => import('./page'));",
      "let f: import('../../server/f').F;",
      'import {',
      '  g,',
      "} from 'primereact/button';",
      "import '../styles/kit.css';",
      "// import { h } from '../../services/h.service';",
    ].join('\n');
    const found = importsOfSource('views/kit/x.tsx', text).map((i) => [i.target, i.typeOnly]);
    expect(found).toEqual([
      ['services/a.service', true],
      // Under verbatimModuleSyntax an inline `type` still leaves the import in the built code.
      ['services/b.service', false],
      ['views/kit/d', false],
      ['views/kit/e', true],
      ['views/kit/page', false],
      ['server/f', true],
      ['package:primereact/button', false],
      ['views/styles/kit.css', false],
    ]);
  });
});

describe('the source tree', () => {
  const imports = projectImports();

  it('is read whole: every source folder, with its lazy pages', () => {
    const folders = new Set(imports.map((i) => i.file.split('/')[0]));
    expect([...folders].sort()).toEqual([
      'catalogue',
      'domain',
      'locales',
      'machines',
      'server',
      'services',
      'views',
    ]);
    expect(imports).toContainEqual(
      expect.objectContaining({ file: 'views/pages/page-view.tsx', target: 'views/kit/list-page' }),
    );
  });

  it('keeps every layer rule', () => {
    const violations = layerViolations(imports, undefined, temporaryAllowances).map(describeViolation);
    expect(violations).toEqual([]);
  });

  it('has no allowance left for an import that is gone or now allowed', () => {
    const needed = new Set(layerViolations(imports).map((v) => `${v.file} ${v.specifier}`));
    const stale = temporaryAllowances.filter((a) => !needed.has(`${a.file} ${a.specifier}`));
    expect(stale).toEqual([]);
  });
});
