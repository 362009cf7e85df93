import { pages } from '../../catalogue/catalogue';
import type { ValueKind } from '../../catalogue/types';

/** What the server knows of one field of a resource, gathered from every page that shows it. */
export interface FieldSpec {
  name: string;
  kind: ValueKind;
  dict?: string;
  /** Edit pages (ids) whose form may write the field. */
  writableIn: Set<string>;
  /** Edit pages (ids) whose form requires the field. */
  requiredIn: Set<string>;
  /** The least a number takes, as a form declares it (the highest any form declares). */
  min?: number;
  filterable: boolean;
  sortable: boolean;
  /** A text filter on it matches from the start of the value (a business number: `filter.docNo`). */
  prefixMatch?: boolean;
}

export interface ResourceFields {
  resource: string;
  fields: Map<string, FieldSpec>;
  /** The pages that write the resource — edit forms and lists with editable cells — whose rules a write follows. */
  editPages: string[];
}

// A form's kind wins over a column's: a form knows how the value is typed, a column only how it shows.
const rank = (source: 'field' | 'filter' | 'column') =>
  source === 'field' ? 2 : source === 'filter' ? 1 : 0;

/**
 * The fields of every resource, derived from the catalogue: the pages that list, filter and edit a
 * resource together say which fields it has, how each is typed, and which forms write or require it.
 * The same entries draw the screens, so server and screens cannot disagree about a field.
 */
export function deriveResourceFields(): Map<string, ResourceFields> {
  const result = new Map<string, ResourceFields>();
  const ranks = new Map<string, number>();
  for (const page of pages) {
    if (!page.resource) continue;
    let entry = result.get(page.resource);
    if (!entry) {
      entry = { resource: page.resource, fields: new Map(), editPages: [] };
      result.set(page.resource, entry);
    }
    if (page.kind === 'edit') entry.editPages.push(page.id);
    type Source = [
      'field' | 'filter' | 'column',
      { field: string; kind: string; dict?: string; match?: 'prefix' },
    ];
    const sources: Source[] = [
      ...(page.columns ?? []).map((c): Source => ['column', c]),
      ...(page.filters ?? []).map((f): Source => ['filter', f]),
      ...(page.fields ?? []).map((f): Source => ['field', f]),
    ];
    // A page's fixed filters name fields too, even when no column shows them (a line's list pages).
    for (const name of Object.keys(page.fixed ?? {})) {
      if (!entry.fields.has(name)) {
        entry.fields.set(name, {
          name,
          kind: 'dict',
          writableIn: new Set(),
          requiredIn: new Set(),
          filterable: true,
          sortable: false,
        });
      }
    }
    for (const [source, def] of sources) {
      const key = `${page.resource}.${def.field}`;
      let spec = entry.fields.get(def.field);
      if (!spec) {
        spec = {
          name: def.field,
          kind: 'text',
          writableIn: new Set(),
          requiredIn: new Set(),
          filterable: false,
          sortable: false,
        };
        entry.fields.set(def.field, spec);
      }
      const kind = source === 'filter' ? filterKind(def.kind) : (def.kind as ValueKind);
      if (kind && rank(source) >= (ranks.get(key) ?? -1)) {
        spec.kind = kind;
        if (def.dict) spec.dict = def.dict;
        ranks.set(key, rank(source));
      }
      if (source === 'filter') spec.filterable = true;
      if (source === 'filter' && def.match === 'prefix') spec.prefixMatch = true;
      if (source === 'column' && (def as { sortable?: boolean }).sortable) spec.sortable = true;
      // A column edited in the table row is written by its list page, like a one-field form.
      if (source === 'column' && (def as { editable?: boolean }).editable) {
        spec.writableIn.add(page.id);
        if (!entry.editPages.includes(page.id)) entry.editPages.push(page.id);
      }
      if (source === 'field' && page.kind === 'edit') {
        const field = def as { readOnly?: boolean; required?: boolean; min?: number };
        if (!field.readOnly) spec.writableIn.add(page.id);
        if (field.min !== undefined) spec.min = Math.max(spec.min ?? field.min, field.min);
        if (field.required && !field.readOnly) spec.requiredIn.add(page.id);
      }
    }
  }
  return result;
}

/** A filter's kind says how it is searched; picker and person filters search a name. */
function filterKind(kind: string): ValueKind | undefined {
  switch (kind) {
    case 'dateRange':
      return 'date';
    case 'dict':
      return 'dict';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}
