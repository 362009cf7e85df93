import { describe, expect, it } from 'vitest';
import { importsOfSource, projectImports, type SourceImport } from './source-imports';

/**
 * A released migration must do tomorrow what it did the day it shipped, so it reads nothing that
 * changes after it: not the seed, not the reference data, not a job. It may use Kysely, Node, the
 * database helpers and the data frozen beside it (`NNN-name.data.json` of its own number). Reference
 * data is the reference step's (server/reference/reconcile.ts), which runs after the migrations.
 */
const MIGRATIONS = 'server/db/migrations/';

const withoutExtension = (path: string) => path.replace(/\.(tsx?|json)$/, '');

/** Why a migration may not import this, or undefined when it may. */
function refusal(imported: SourceImport): string | undefined {
  const { file, target } = imported;
  if (target === 'package:kysely' || target.startsWith('package:node:')) return undefined;
  if (target.startsWith('package:')) return 'a package other than Kysely';
  const number = file.slice(MIGRATIONS.length).split('-')[0];
  if (target.startsWith(MIGRATIONS))
    return target.startsWith(`${MIGRATIONS}${number}-`) && /\.data(\.json)?$/.test(target)
      ? undefined
      : 'another migration or data frozen for another migration';
  if (target.startsWith('server/db/')) return undefined;
  if (target.startsWith('server/seed/')) return 'the seed';
  if (target.startsWith('server/reference/')) return 'the reference data';
  if (target.startsWith('server/jobs/') || /\.job$/.test(withoutExtension(target))) return 'a scheduled job';
  return 'code that changes after the migration is released';
}

const edge = (file: string, specifier: string) =>
  importsOfSource(file, `import { x } from '${specifier}';`)[0];

/** Everything a file reaches through the project's own imports, the file itself excluded. */
function reachable(start: string, graph: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const queue = [...(graph.get(start) ?? [])];
  while (queue.length) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.get(next) ?? []));
  }
  return seen;
}

describe('what a migration may import', () => {
  const imports = projectImports();
  const migrationImports = imports.filter(
    (i) => i.file.startsWith(MIGRATIONS) && i.file.endsWith('.migration.ts'),
  );

  it('refuses the seed, the reference data, jobs and any other living module', () => {
    const file = `${MIGRATIONS}040-report-states.migration.ts`;
    expect(refusal(edge(file, '../../seed/seed'))).toBe('the seed');
    expect(refusal(edge(file, '../../reference/reconcile'))).toBe('the reference data');
    expect(refusal(edge(file, '../../jobs/seeded-jobs'))).toBe('a scheduled job');
    expect(refusal(edge(file, '../../agreements/agreement-files.job'))).toBe('a scheduled job');
    expect(refusal(edge(file, '../../../locales/zh/agreements'))).toBeDefined();
    expect(refusal(edge(file, '../../identity/roles'))).toBeDefined();
    expect(refusal(edge(file, './016-agent-menus.data.json'))).toBeDefined();
    expect(refusal(edge(file, './039-rebate-task-form.migration'))).toBeDefined();
  });

  it('lets a migration use Kysely, Node, the database helpers and its own frozen data', () => {
    const file = `${MIGRATIONS}016-agent-menus.migration.ts`;
    expect(refusal(edge(file, 'kysely'))).toBeUndefined();
    expect(refusal(edge(file, 'node:crypto'))).toBeUndefined();
    expect(refusal(edge(file, '../database'))).toBeUndefined();
    expect(refusal(edge(file, './016-agent-menus.data.json'))).toBeUndefined();
  });

  it('finds the migrations and their imports', () => {
    expect(new Set(migrationImports.map((i) => i.file)).size).toBeGreaterThan(40);
    expect(migrationImports.some((i) => i.target === 'package:kysely')).toBe(true);
  });

  it('keeps every migration to those imports', () => {
    const refused = migrationImports
      .map((i) => ({ i, why: refusal(i) }))
      .filter((r) => r.why)
      .map(({ i, why }) => `${i.file} imports ${i.specifier}: ${why}`);
    expect(refused).toEqual([]);
  });

  it('reaches no seed, reference data or job through the helpers it imports', () => {
    const graph = new Map<string, string[]>();
    for (const i of imports) {
      if (i.target.startsWith('package:')) continue;
      const from = withoutExtension(i.file);
      graph.set(from, [...(graph.get(from) ?? []), withoutExtension(i.target)]);
    }
    const reached = [...new Set(migrationImports.map((i) => withoutExtension(i.file)))].flatMap((migration) =>
      [...reachable(migration, graph)]
        .filter((t) => /^server\/(seed|reference|jobs)\//.test(t) || /\.job$/.test(t))
        .map((t) => `${migration} reaches ${t}`),
    );
    expect(reached).toEqual([]);
  });
});
