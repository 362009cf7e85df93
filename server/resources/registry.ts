import { pageById } from '../../catalogue/catalogue';
import { deriveResourceFields, type FieldSpec } from './fields';
import { type Storage, storageOf } from './storage';

/** Everything the engine knows of one resource: its fields (from the catalogue) and its storage. */
export interface ResourceDef {
  name: string;
  fields: Map<string, FieldSpec>;
  editPages: string[];
  storage: Storage;
  /** The fixed filters of the page a request names, if that page belongs to this resource. */
  fixedFor(pageId: unknown): Record<string, string>;
}

function build(): Map<string, ResourceDef> {
  const defs = new Map<string, ResourceDef>();
  for (const [name, derived] of deriveResourceFields()) {
    defs.set(name, {
      name,
      fields: derived.fields,
      editPages: derived.editPages,
      storage: storageOf(name),
      fixedFor(pageId) {
        if (typeof pageId !== 'string') return {};
        const page = pageById(pageId);
        return page?.resource === name ? (page.fixed ?? {}) : {};
      },
    });
  }
  return defs;
}

/** Resources with routes of their own, outside the generic engine. */
const OWN_ROUTES = new Set(['roleToMenu', 'excelExport', 'employee', 'workflowStream', 'cronJob']);

export const resources = build();
export const engineResources = () => [...resources.values()].filter((def) => !OWN_ROUTES.has(def.name));
export const resourceDef = (name: string) => resources.get(name);
