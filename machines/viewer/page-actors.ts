import type { AnyActor, AnyStateMachine } from 'xstate';

/** One actor a page of an open tab started, with the tab it runs in. */
export interface PageActor {
  /** `page:<sessionId>`: how the viewer's live list names the actor while it runs. */
  key: string;
  actor: AnyActor;
  /** The tab's address (its `fullPath`) and the catalogue page it shows. */
  tab: string;
  pageId: string;
}

type Listener = () => void;

/** A statechart (not a promise or callback actor): the only logic the viewer can draw. */
const isMachine = (actor: AnyActor) => 'root' in (actor.logic as object);

/**
 * The actors the pages of the open tabs run, so the workflow viewer's live tab can list and follow
 * them beside the app-wide ones. The views' `@xstate/react` hooks add each actor a page starts and
 * remove it when the page unmounts (views/shell/page-actor-hooks.ts); nothing else writes here.
 */
export function createPageActorRegistry() {
  let entries: readonly PageActor[] = [];
  const listeners = new Set<Listener>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    /** Lists a page's actor; the answer takes it off the list again. */
    add(actor: AnyActor, tab: string, pageId: string): () => void {
      if (!isMachine(actor)) return () => {};
      const entry: PageActor = { key: `page:${actor.sessionId}`, actor, tab, pageId };
      entries = [...entries, entry];
      changed();
      return () => {
        entries = entries.filter((e) => e !== entry);
        changed();
      };
    },
    /** The running page actors, in the order their pages started them (a new array on every change). */
    list: (): readonly PageActor[] => entries,
    find: (key: string) => entries.find((e) => e.key === key),
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const pageActors = createPageActorRegistry();

/** The machine a page actor runs, for the viewer to draw. */
export const machineOf = (entry: PageActor) => entry.actor.logic as AnyStateMachine;
