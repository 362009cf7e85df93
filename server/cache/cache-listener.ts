import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import { CACHE_CHANNEL, type PortalCaches } from './portal-caches';

/** PGlite is one process: its notifications arrive within the statement that commits the change. */
export async function listenOnPglite(pglite: PGlite, caches: PortalCaches): Promise<() => Promise<void>> {
  return pglite.listen(CACHE_CHANNEL, (payload) => caches.changed(payload));
}

const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;

/**
 * On a PostgreSQL server the caches hear of changes in two ways (docs/cache.md):
 * - every pooled connection listens too, and takes the notifications its own commits cause: those
 *   arrive before the commit answers, so the request that wrote reads fresh data at once;
 * - one connection of its own listens for everybody else's (other requests' connections, other
 *   server processes), and is opened again when lost, emptying the caches, as it may have missed some.
 */
export function listenOnPool(pool: pg.Pool, connectionString: string, caches: PortalCaches) {
  const ownBackends = new Set<number>();
  const backendOf = (client: pg.PoolClient) => (client as unknown as { processID?: number }).processID;

  pool.on('connect', (client) => {
    client.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL && message.processId === backendOf(client))
        caches.changed(message.payload ?? '');
    });
    const pid = backendOf(client);
    if (pid !== undefined) ownBackends.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = backendOf(client);
    if (pid !== undefined) ownBackends.delete(pid);
  });

  let stopped = false;
  let listener: pg.Client | undefined;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      // A notification of a pooled connection of this handle was taken there already.
      if (message.channel !== CACHE_CHANNEL || ownBackends.has(message.processId)) return;
      caches.changed(message.payload ?? '');
    });
    client.on('error', (error) => {
      console.warn(`cache notifications lost: ${error.message}`);
      reconnect(client);
    });
    client.on('end', () => reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${CACHE_CHANNEL}`);
      listener = client;
      retryMs = RETRY_FIRST_MS;
      // Whatever changed while nobody listened is unknown: start from empty caches.
      caches.clearAll();
    } catch (error) {
      console.warn(`cache notifications not heard: ${(error as Error).message}`);
      reconnect(client);
    }
  };

  const reconnect = (client: pg.Client) => {
    if (stopped || timer || (listener && listener !== client)) return;
    listener = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
  };

  const ready = connect();
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = listener;
    listener = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  };
  /** Kysely's hook for a new connection: it listens before its first query runs. */
  const onCreateConnection = async (connection: DatabaseConnection) => {
    try {
      await connection.executeQuery(CompiledQuery.raw(`listen ${CACHE_CHANNEL}`));
    } catch (error) {
      console.warn(`cache notifications not heard on a connection: ${(error as Error).message}`);
    }
  };
  return { ready, stop, onCreateConnection };
}
