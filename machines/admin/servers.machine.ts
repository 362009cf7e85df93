import { assign, emit, fromPromise, setup } from 'xstate';
import type { PortalServerRow, PortalServersAnswer } from '../../domain/servers';
import { listPortalServers } from '../../services/servers.service';
import { errorText } from '../kit/error-text';

export interface ServersContext {
  servers: PortalServerRow[];
  /** Why the list could not be read, while there is nothing to show. */
  failure?: string;
}

export type ServersEvent = { type: 'servers.reload' };

export type ServersEmitted = { type: 'notify'; severity: 'error'; message: string };

const outputServers = ({ event }: { event: unknown }) =>
  (event as { output: PortalServersAnswer }).output.Servers;

/**
 * System › Servers (docs/deployment.md): the servers running on this database and whether each sees
 * this server's files. A refresh keeps the rows on screen; if it fails, they stay and a toast says why.
 */
export const serversMachine = setup({
  types: {
    context: {} as ServersContext,
    events: {} as ServersEvent,
    emitted: {} as ServersEmitted,
  },
  actors: {
    listServers: fromPromise<PortalServersAnswer>(() => listPortalServers()),
  },
  actions: {
    keepServers: assign({ servers: outputServers, failure: undefined }),
    keepFailure: assign({ failure: ({ event }) => errorText((event as { error?: unknown }).error) }),
    notifyRefusal: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorText((event as { error?: unknown }).error),
    })),
  },
}).createMachine({
  id: 'servers',
  context: { servers: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'listServers',
        onDone: { target: 'ready', actions: 'keepServers' },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: {
      on: { 'servers.reload': 'loading' },
    },
    ready: {
      on: {
        'servers.reload': {
          target: 'refreshing',
          description: 'Heartbeats move on: a refresh shows who is live now, and who stopped.',
        },
      },
    },
    refreshing: {
      tags: 'busy',
      invoke: {
        src: 'listServers',
        onDone: { target: 'ready', actions: 'keepServers' },
        onError: { target: 'ready', actions: 'notifyRefusal' },
      },
    },
  },
});
