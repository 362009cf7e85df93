import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { OpenDatabase } from '../db/database';
import type { JobRunner } from '../jobs/job-runner';
import type { Heartbeat } from './server-heartbeat';

// A balancer that checks readiness every second and drops a server after two failures has stopped
// sending it requests by then (docs/deployment.md's HAProxy example).
const BALANCER_NOTICE_MS = 2_500;

export interface DrainParts {
  app: FastifyInstance;
  jobRunner: JobRunner;
  heartbeat: Heartbeat;
  database: OpenDatabase;
  /** How long the requests and the job runs in progress get before they are cut off. */
  graceSeconds: number;
}

/**
 * A rolling restart stops a server with SIGTERM: it answers "not ready" so the balancer sends it
 * nothing new, lets the requests and job runs it has finish (within the grace period), then leaves
 * the database's list of live servers and exits. Ctrl-C (SIGINT) does the same without waiting for a
 * balancer.
 */
export function drainOnSignals({ app, jobRunner, heartbeat, database, graceSeconds }: DrainParts) {
  let stopping = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests and job runs in progress, then stopping…`);
    const cutOff = setTimeout(
      () => {
        console.warn(`Still busy after ${graceSeconds + 10} s: stopping now.`);
        process.exit(1);
      },
      (graceSeconds + 10) * 1000,
    );
    cutOff.unref();
    await heartbeat.drain();
    if (signal === 'SIGTERM') await delay(BALANCER_NOTICE_MS);
    await Promise.all([jobRunner.stop(graceSeconds * 1000), app.close()]);
    await heartbeat.stop();
    await database.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void drain(signal));
}
