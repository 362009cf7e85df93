import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database';
import type { JobMessage, JobOutcome } from '../db/schema';
import { type ClaimedRun, claimDueRun, recordOutcome, sweepAbandonedRuns } from './job-claim';
import { jobHandler } from './job-handlers';

export interface JobRunnerOptions {
  db: Db;
  /** The shared files folder the cleanup handlers work in. */
  filesDir: string;
  /** Between two looks for due runs; a due run waits at most this long. */
  tickMs?: number;
  /** Most runs this server executes at once; the rest wait for a later tick (or another server). */
  maxRunning?: number;
  /** Where a failure of the runner itself is reported; a failing job is recorded, not logged. */
  log?: (message: string, error: unknown) => void;
}

export interface JobRunner {
  /** Names this server in the runs it records (host#process-random). */
  readonly instance: string;
  /** Starts ticking every tickMs. */
  start(): void;
  /** Sweeps lost runs, claims the due ones and starts them; answers how many it started. */
  tick(): Promise<number>;
  /** Asks for a tick now (after "run now"), rather than at the next interval. */
  wake(): void;
  /** Resolves when every run this server started has been recorded. */
  settled(): Promise<void>;
  /**
   * Stops ticking and claims nothing more; the runs in progress get `graceMs` to finish (none by
   * default), then are interrupted; resolves when every run is recorded.
   */
  stop(graceMs?: number): Promise<void>;
}

const timedOut = Symbol('timeout');
const stopped = Symbol('stopped');

/** A promise that rejects with the signal's reason when it aborts. */
const whenAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * The scheduler of one server (docs/scheduled-jobs.md). It holds no schedule of its own: every tick it
 * asks the database for due runs and claims them one by one (job-claim.ts), so any number of servers
 * may tick against one database. A handler's error or timeout is recorded as the run's outcome; the
 * runner's own failures (a lost connection) are logged and the next tick tries again.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, filesDir, tickMs = 5_000, maxRunning = 4 } = options;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const instance = `${hostname()}#${process.pid}-${randomBytes(2).toString('hex')}`;
  const running = new Map<Promise<void>, AbortController>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | undefined;
  let again = false;
  let started = false;
  let stopping = false;

  async function execute(run: ClaimedRun, controller: AbortController) {
    const begun = performance.now();
    const finish = (outcome: Exclude<JobOutcome, 'running'>, message: JobMessage) =>
      recordOutcome(db, run, outcome, message, performance.now() - begun).catch((error) =>
        log(`Could not record run ${run.runId}`, error),
      );
    const handler = jobHandler(run.handler);
    if (!handler) {
      return finish('failed', {
        key: 'server.jobs.messages.unknownHandler',
        params: { handler: run.handler },
      });
    }
    const deadline = setTimeout(() => controller.abort(timedOut), run.timeoutSeconds * 1000);
    try {
      const params = handler.params ? handler.params.parse(run.params) : run.params;
      const work = handler.run(db, { params, now: run.startedAt, signal: controller.signal, filesDir });
      const message = await Promise.race([work, whenAborted(controller.signal)]);
      await finish('ok', message);
    } catch (error) {
      if (controller.signal.reason === timedOut) {
        await finish('timeout', {
          key: 'server.jobs.messages.timeout',
          params: { seconds: run.timeoutSeconds },
        });
      } else if (controller.signal.reason === stopped) {
        await finish('failed', { key: 'server.jobs.messages.stopped' });
      } else {
        const text = error instanceof Error ? error.message : String(error);
        await finish('failed', { text: text.slice(0, 1000) });
      }
    } finally {
      clearTimeout(deadline);
    }
  }

  async function claimAndStart(): Promise<number> {
    await sweepAbandonedRuns(db).catch((error) => log('Could not sweep lost job runs', error));
    let count = 0;
    while (!stopping && running.size < maxRunning) {
      const run = await claimDueRun(db, instance);
      if (!run) break;
      const controller = new AbortController();
      const execution: Promise<void> = execute(run, controller).finally(() => running.delete(execution));
      running.set(execution, controller);
      count += 1;
    }
    return count;
  }

  function tick(): Promise<number> {
    if (stopping) return Promise.resolve(0);
    if (ticking) {
      // A wake during a tick may concern a run the tick has already looked past: look once more.
      again = true;
      return ticking;
    }
    ticking = claimAndStart()
      .catch((error) => {
        log('Could not claim due job runs', error);
        return 0;
      })
      .finally(() => {
        ticking = undefined;
        if (again && !stopping) {
          again = false;
          void tick();
        }
      });
    return ticking;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      await tick();
      if (!stopping) schedule(tickMs);
    }, delay);
    // A server waiting only for its next tick may exit; the HTTP listener keeps it alive.
    timer.unref();
  }

  return {
    instance,
    start() {
      if (started || stopping) return;
      started = true;
      schedule(0);
    },
    tick,
    wake() {
      if (started && !stopping) schedule(0);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running.keys()]);
    },
    async stop(graceMs = 0) {
      stopping = true;
      clearTimeout(timer);
      await ticking;
      if (graceMs > 0 && running.size > 0) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([
          this.settled(),
          new Promise((resolve) => {
            grace = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(grace);
      }
      for (const controller of running.values()) controller.abort(stopped);
      await this.settled();
    },
  };
}
