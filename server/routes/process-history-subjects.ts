import { type RawBuilder, sql } from 'kysely';
import { pages } from '../../catalogue/catalogue';
import { workflowDeclarations } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import { fieldExpression, likePattern } from '../resources/expressions';
import { type ResourceDef, resourceDef } from '../resources/registry';

/**
 * How the subject record of a stream is named, derived from what already declares the record: its
 * business number (the storage's `number`, else the column its list opens the record by), then its
 * name or title (the first `…Name`/`…Title` text column its lists show, the most shown first) and its
 * year or period where its lists show one. No hand list: a new workflow's subject is named as its
 * own list pages name it.
 */
interface LabelSpec {
  def: ResourceDef;
  number: string;
  titles: string[];
  period?: string;
}

const TEXTUAL = new Set(['text', 'person']);
const TITLE = /(Name|Title)(_SDK)?$/;
const PERIOD = /^(Year|Period)$/;

function deriveSpec(resource: string): LabelSpec | undefined {
  const def = resourceDef(resource);
  if (!def) return undefined;
  const lists = pages.filter((p) => p.resource === resource && p.kind === 'list');
  const columns = lists.flatMap((p) => p.columns ?? []);
  const number =
    def.storage.number?.field ?? columns.find((c) => c.opens)?.field ?? def.storage.keywordFields?.[0];
  if (!number) return undefined;
  const shown = new Map<string, { count: number; first: number }>();
  columns.forEach((c, index) => {
    if (!TEXTUAL.has(c.kind) || c.field === number || !TITLE.test(c.field)) return;
    const seen = shown.get(c.field);
    shown.set(c.field, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? index });
  });
  const titles = [...shown.entries()]
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
    .map(([field]) => field);
  const period = columns.find((c) => PERIOD.test(c.field) && c.field !== number)?.field;
  return { def, number, titles, period };
}

const specs = new Map<string, LabelSpec | undefined>();
const specOf = (resource: string) => {
  if (!specs.has(resource)) specs.set(resource, deriveSpec(resource));
  return specs.get(resource);
};

/** The label of a row `t` of the spec's table: number, name or title, period. */
function labelExpression({ def, number, titles, period }: LabelSpec): RawBuilder<string> {
  const value = (field: string) =>
    sql`nullif(btrim((${fieldExpression(def.storage, def.fields.get(field), field)})::text), '')`;
  const parts = [value(number)];
  if (titles.length) parts.push(sql`coalesce(${sql.join(titles.map(value))})`);
  if (period) parts.push(value(period));
  return sql<string>`concat_ws(' ', ${sql.join(parts)})`;
}

const sharedRows = (def: ResourceDef) => (def.storage.shared ? sql`and t.resource = ${def.name}` : sql``);

/** The subjects of a page of streams as people know them, by id: one primary-key query per resource. */
export async function subjectLabels(
  db: Db,
  subjects: { resource: string; id: string }[],
): Promise<Map<string, string>> {
  const byResource = new Map<string, Set<string>>();
  for (const { resource, id } of subjects)
    byResource.set(resource, (byResource.get(resource) ?? new Set()).add(id));
  const labels = new Map<string, string>();
  for (const [resource, ids] of byResource) {
    const spec = specOf(resource);
    if (!spec) continue;
    const rows = await sql<{ id: string; label: string }>`
      select t.object_id::text as id, ${labelExpression(spec)} as label
      from ${sql.table(spec.def.storage.table)} t
      where t.object_id in (${sql.join([...ids])}) ${sharedRows(spec.def)}`.execute(db);
    for (const row of rows.rows) if (row.label.trim()) labels.set(row.id, row.label);
  }
  return labels;
}

/** Every resource a workflow is about, as the workflow declarations name them. */
const subjectResources = () => [...new Set(workflowDeclarations.map((d) => d.subject.resource))];

/**
 * Streams whose id, or whose subject's business number or name, contains the text: the subject is
 * looked up by the stream's own subject id, so the search reads one row per stream, never a table.
 */
export function streamTextCondition(text: string): RawBuilder<boolean> {
  const pattern = likePattern(text);
  const bySubject = subjectResources().flatMap((resource) => {
    const spec = specOf(resource);
    if (!spec) return [];
    return [
      sql`(s.subject_resource = ${resource} and exists (select 1 from ${sql.table(spec.def.storage.table)} t
        where t.object_id = s.subject_id ${sharedRows(spec.def)} and ${labelExpression(spec)} ilike ${pattern}))`,
    ];
  });
  return sql<boolean>`(${sql.join([sql`s.stream_id ilike ${pattern}`, ...bySubject], sql` or `)})`;
}
