import type { RawBuilder } from 'kysely';
import { pageById } from '../../catalogue/catalogue';
import type { AwaitingLens } from '../areas/area';
import { areaResource } from '../areas/areas';
import type { Caller } from '../http/auth';
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
  /** The to-do lens the area declares for the inbox workflow of the page a request names, if any. */
  awaitingFor(pageId: unknown): AwaitingLens | undefined;
  /** The workflow whose waiting streams the page a request names lists (its `inbox`), if any. */
  inboxOf(pageId: unknown): string | undefined;
  /**
   * A lens's own reach over the rows, in place of the caller's data scope: a picker that offers rows
   * through another record's scope (the letters of the deals the caller holds). Resources have none.
   */
  readScope?: (caller: Caller) => RawBuilder<boolean>;
}

/** The inbox workflow of the page a request names, where that page lists this resource. */
function inboxOf(resource: string, pageId: unknown) {
  if (typeof pageId !== 'string') return undefined;
  const page = pageById(pageId);
  return page?.resource === resource ? page.inbox : undefined;
}

/** The lens of a page that fixes no filter (one object, so the search keeps no lens per request). */
const NO_LENS: Readonly<Record<string, string>> = Object.freeze({});

function build(): Map<string, ResourceDef> {
  const defs = new Map<string, ResourceDef>();
  for (const [name, derived] of deriveResourceFields()) {
    defs.set(name, {
      name,
      fields: derived.fields,
      editPages: derived.editPages,
      storage: storageOf(name),
      fixedFor(pageId) {
        if (typeof pageId !== 'string') return NO_LENS;
        const page = pageById(pageId);
        return page?.resource === name ? (page.fixed ?? NO_LENS) : NO_LENS;
      },
      awaitingFor(pageId) {
        const inbox = inboxOf(name, pageId);
        return inbox ? areaResource(name)?.awaiting?.[inbox] : undefined;
      },
      inboxOf: (pageId) => inboxOf(name, pageId),
    });
  }
  return defs;
}

let built: Map<string, ResourceDef> | undefined;

/**
 * Every resource by name, built on first use: the areas' rules import modules that import this one,
 * so nothing here may run while the modules load.
 */
export const allResources = () => {
  built ??= build();
  return built;
};
/** Resources the generic engine serves: all but those an area writes through routes of its own. */
export const isEngineResource = (name: string) => allResources().has(name) && !areaResource(name)?.routes;
/**
 * Resources whose lines are added and removed by commands of their area, checked there against the
 * record they belong to (an opportunity's products: opportunity-items.routes.ts); the engine still
 * serves their search, page and in-row edits, but no create or delete.
 */
const ADDED_BY_COMMANDS = new Set(['opportunityItem', 'opportunityParticipant']);
export const addedByCommands = (name: string) => ADDED_BY_COMMANDS.has(name);
export const engineResources = () => [...allResources().values()].filter((def) => isEngineResource(def.name));
export const resourceDef = (name: string) => allResources().get(name);
