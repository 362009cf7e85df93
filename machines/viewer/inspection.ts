import type { InspectionEvent } from 'xstate';

type Listener = (event: InspectionEvent) => void;

/**
 * A tiny pub/sub of xstate inspection events: the app-wide actors pass `inspectionBus.inspect` as
 * their `inspect` option, and the workflow viewer's live tab listens. Nothing leaves the browser tab
 * (no @statelyai/inspect, no hosted inspector), and with no listener an event costs one size check.
 */
function createInspectionBus() {
  const listeners = new Set<Listener>();
  return {
    inspect: (event: InspectionEvent) => {
      if (listeners.size === 0) return;
      for (const listener of listeners) listener(event);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get listening() {
      return listeners.size > 0;
    },
  };
}

export const inspectionBus = createInspectionBus();
export type InspectionBus = typeof inspectionBus;
