import type { Invariant } from '../books/invariant';
import type { WorkflowHooks } from '../workflows/hooks';
import { activityArea } from './activity.area';
import { agentsArea } from './agents.area';
import type { AreaDeclaration, AreaParts, ResourceEntry } from './area';
import { baseArea } from './base.area';
import { lettersArea } from './letters.area';
import { opportunitiesArea } from './opportunities.area';
import { ordersArea } from './orders.area';
import { rebatesArea } from './rebates.area';
import { reportsArea } from './reports.area';
import { salesTasksArea } from './sales-tasks.area';
import { specialPricesArea } from './special-prices.area';
import { systemArea } from './system.area';

/**
 * The business areas of the portal, each declared once. The storages, the engine's routes, the write
 * rules, the workflow hooks and the job handlers are all read from here; adding an area is one line.
 */
export const areas: readonly AreaDeclaration[] = [
  agentsArea,
  ordersArea,
  opportunitiesArea,
  specialPricesArea,
  lettersArea,
  rebatesArea,
  salesTasksArea,
  reportsArea,
  activityArea,
  baseArea,
  systemArea,
];

/** A name two areas both claim: the later one would silently replace the earlier one's rules. */
function indexBy<T>(what: string, entries: (area: AreaParts) => Record<string, T> | undefined) {
  const index = new Map<string, T>();
  for (const area of areas)
    for (const [name, entry] of Object.entries(entries(area.parts()) ?? {})) {
      if (index.has(name)) throw new Error(`${what} ${name} is declared by two areas`);
      index.set(name, entry);
    }
  return index;
}

// Built on first use: the areas import rule and hook modules that import the registries reading this.
let resourceIndex: Map<string, ResourceEntry> | undefined;
let hookIndex: Map<string, WorkflowHooks> | undefined;
let jobIndex: Map<string, AreaJob> | undefined;

type AreaJob = NonNullable<AreaParts['jobs']>[string];

/** A resource's storage, routes and rules as its area declares them; undefined for a plain record. */
export function areaResource(name: string): ResourceEntry | undefined {
  resourceIndex ??= indexBy('Resource', (area) => area.resources);
  return resourceIndex.get(name);
}

/** The names of every resource an area declares. */
export function declaredResources(): string[] {
  areaResource('');
  return [...(resourceIndex?.keys() ?? [])];
}

/** The server hooks of a workflow, where its area declares some. */
export function areaWorkflowHooks(workflow: string): WorkflowHooks | undefined {
  hookIndex ??= indexBy('Workflow', (area) => area.workflows as Record<string, WorkflowHooks> | undefined);
  return hookIndex.get(workflow);
}

/** Every job handler the areas declare, by the key a scheduled job's row names. */
export function areaJobHandlers(): ReadonlyMap<string, AreaJob> {
  jobIndex ??= indexBy('Job', (area) => area.jobs);
  return jobIndex;
}

/** An invariant as an area declares it, under its full key `<area>.<key>`. */
export interface AreaInvariant extends Invariant {
  key: string;
  area: string;
}

/** Every invariant of every area, in the areas' order. */
export function areaInvariants(): AreaInvariant[] {
  return areas.flatMap((area) =>
    Object.entries(area.parts().invariants ?? {}).map(([key, invariant]) => ({
      ...invariant,
      key: `${area.name}.${key}`,
      area: area.name,
    })),
  );
}
