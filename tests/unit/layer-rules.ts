import type { SourceImport } from './source-imports';

/**
 * One direction an import may not take (ARCHITECTURE.md §1: views → machines → services → domain;
 * server → machines/workflows, domain). Type-only imports count: a view that names a service's type
 * still depends on the service's shape (docs/decisions.md "Layers").
 */
export interface LayerRule {
  /** The files the rule governs: a project folder ('views', 'machines/workflows'). */
  layer: string;
  /** What they may not import: project folders, or 'package:<name>' (its subpaths included). */
  forbids: string[];
  /** Folders inside a forbidden one that stay open ('machines/workflows' for the server). */
  except?: string[];
  reason: string;
}

export interface LayerViolation {
  file: string;
  specifier: string;
  reason: string;
}

/** An exact import a rule tolerates for now, with why; the layer test fails once it is gone. */
export interface LayerAllowance {
  file: string;
  specifier: string;
  because: string;
}

const isWithin = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

export const LAYER_RULES: LayerRule[] = [
  {
    layer: 'views',
    forbids: ['services', 'server'],
    reason: 'views reach data only through a machine',
  },
  {
    layer: 'machines',
    forbids: [
      'views',
      'server',
      'package:react',
      'package:react-dom',
      'package:primereact',
      'package:@xstate/react',
    ],
    reason: 'machines are statecharts without React or DOM',
  },
  {
    // The server runs these machines, so whatever they import the server loads too.
    layer: 'machines/workflows',
    forbids: ['services', 'machines'],
    except: ['machines/workflows'],
    reason: 'workflow machines are shared with the server: only domain/ and machines/workflows/',
  },
  {
    layer: 'services',
    forbids: ['machines', 'views', 'server'],
    reason: 'services are the client of /portal and know nothing of machines or screens',
  },
  {
    layer: 'domain',
    forbids: ['catalogue', 'machines', 'services', 'views', 'server', 'locales'],
    reason: 'domain/ is the shared vocabulary at the bottom: it imports nothing of the project',
  },
  {
    // catalogue/ and locales/ stay open: the server derives permissions, resource fields and export
    // columns from the catalogue (server/http/access.ts, server/resources/fields.ts) and answers its
    // messages in Chinese and English (server/http/i18n.ts).
    layer: 'server',
    forbids: ['views', 'services', 'machines'],
    except: ['machines/workflows'],
    reason: 'the server shares only machines/workflows/, domain/, the catalogue and the messages',
  },
  {
    layer: 'catalogue',
    forbids: ['machines', 'services', 'views', 'server'],
    reason: 'the catalogue is data that routes, menus and the server derive from',
  },
];

/** Every import that breaks a rule, minus the exact imports an allowance names. */
export function layerViolations(
  imports: SourceImport[],
  rules: LayerRule[] = LAYER_RULES,
  allowances: LayerAllowance[] = [],
): LayerViolation[] {
  const allowed = (i: SourceImport) =>
    allowances.some((a) => a.file === i.file && a.specifier === i.specifier);
  const violations: LayerViolation[] = [];
  for (const i of imports) {
    for (const rule of rules) {
      if (!isWithin(i.file, rule.layer)) continue;
      const forbidden = rule.forbids.some((f) => isWithin(i.target, f));
      const excepted = rule.except?.some((e) => isWithin(i.target, e)) ?? false;
      if (forbidden && !excepted && !allowed(i))
        violations.push({ file: i.file, specifier: i.specifier, reason: rule.reason });
    }
  }
  return violations;
}

export const describeViolation = (v: LayerViolation) => `${v.file} imports '${v.specifier}': ${v.reason}`;
