import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { businessIso } from '../../domain/business-clock';
import type { PortalServersAnswer } from '../../domain/servers';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { s3ConfigFromEnv } from '../files/object-store';
import { callerOf } from '../http/auth';
import { forbidden, ok, PortalError } from '../http/envelope';
import { isSystemAdmin } from '../identity/roles';
import type { Heartbeat, ServerIdentity } from './server-heartbeat';
import { liveServers } from './shared-files';

/** This server as the cluster routes see it: who it is, and its heartbeat when it keeps one. */
export interface RunningServer {
  identity: ServerIdentity;
  heartbeat?: Heartbeat;
}

/** A server that keeps no heartbeat (an API test's app): it lists the others against its own folder. */
export function anonymousServer(filesDir = join(readConfig().dataDir, 'files')): RunningServer {
  return {
    identity: {
      instance: `${hostname()}#${process.pid}`,
      fileStore: s3ConfigFromEnv() ? 's3' : 'local',
      objectsDir: join(filesDir, 'objects'),
    },
  };
}

/**
 * What a balancer and an administrator ask of a server (docs/deployment.md):
 * - /portal/health: the process answers (liveness);
 * - /portal/ready: it answers, reaches its database and is not stopping (readiness: a balancer sends
 *   requests only to ready servers, so a server that drains gets none new);
 * - 系统管理 › 服务器: every live server of the database and whether it shares this one's files.
 */
export function clusterRoutes(app: FastifyInstance, db: Db, server: RunningServer) {
  app.get('/portal/health', { config: { public: true } }, async () => ok({ Status: 'live' }));

  app.get('/portal/ready', { config: { public: true } }, async () => {
    if (server.heartbeat?.draining) throw new PortalError(503, 'server.cluster.draining');
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new PortalError(503, 'server.cluster.databaseUnreachable');
    }
    return ok({ Status: 'ready' });
  });

  app.post(
    '/portal/portalServer/list',
    { config: { access: { resource: 'portalServer' } } },
    async (request) => {
      if (!isSystemAdmin(callerOf(request).roleCode)) throw forbidden();
      const servers = await liveServers(db, server.identity);
      const answer: PortalServersAnswer = {
        Servers: servers.map((row) => ({
          Instance: row.instance,
          Host: row.host,
          Pid: row.pid,
          StartedOn: businessIso(row.startedAt),
          SeenOn: businessIso(row.seenAt),
          Draining: row.draining,
          FileStore: row.fileStore,
          SharesFiles: row.sharesFiles,
          Self: row.instance === server.identity.instance,
        })),
      };
      return ok(answer);
    },
  );
}
