import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { jobById, requestRun, runsOf, searchJobs } from '../jobs/job.repo';
import {
  jobById as byIdBody,
  jobRuns,
  jobSearch,
  jobUpdate,
  refuseUnknownKeys,
  withObjectId,
} from '../jobs/job.schema';
import { updateJob } from '../jobs/job.service';
import { jobToWire, runToWire } from '../jobs/job.wire';

export interface CronJobRoutesOptions {
  /** Asks this server's job runner to look for due runs now (after "run now"). */
  wakeRunner?: () => void;
}

const langOfRequest = (request: FastifyRequest) => langOf(request.headers['accept-language']);

/**
 * The scheduled jobs of /system/cronjob-list (docs/scheduled-jobs.md): search, getOne, update
 * (schedule, params, timeout, remark, enable or disable), runNow and the run history. Jobs are declared
 * in code, so there is no create or delete. Everything needs a page of the cronJob resource.
 */
export function cronJobRoutes(app: FastifyInstance, db: Db, options: CronJobRoutesOptions = {}) {
  const access = { config: { access: { resource: 'cronJob' } } } as const;

  app.post('/portal/cronJob/search', access, async (request) => {
    refuseUnknownKeys(request.body, jobSearch, 'filter');
    const { rows, total } = await searchJobs(db, parseBody(jobSearch, request.body));
    const lang = langOfRequest(request);
    return ok(
      rows.map((row) => jobToWire(row, lang)),
      { totalSize: total },
    );
  });

  app.post('/portal/cronJob/getOne', access, async (request) => {
    const { ObjectID } = parseBody(byIdBody, withObjectId(request.body));
    return ok([jobToWire(await jobById(db, ObjectID), langOfRequest(request))]);
  });

  app.post('/portal/cronJob/update', access, async (request) => {
    const body = withObjectId(request.body);
    refuseUnknownKeys(body, jobUpdate, 'field');
    const { row, changed } = await updateJob(db, parseBody(jobUpdate, body));
    return ok(jobToWire(row, langOfRequest(request)), {
      message: changed ? 'server.jobs.updated' : 'server.jobs.unchanged',
    });
  });

  app.post('/portal/cronJob/runNow', access, async (request) => {
    const { ObjectID } = parseBody(byIdBody, withObjectId(request.body));
    // A second press while the run is queued or running is a 409 and starts nothing.
    await requestRun(db, ObjectID);
    options.wakeRunner?.();
    return ok(jobToWire(await jobById(db, ObjectID), langOfRequest(request)), {
      message: 'server.jobs.queued',
    });
  });

  app.post('/portal/cronJob/runs', access, async (request) => {
    const body = withObjectId(request.body);
    refuseUnknownKeys(body, jobRuns, 'filter');
    const query = parseBody(jobRuns, body);
    const { rows, total } = await runsOf(db, query.ObjectID, query);
    const lang = langOfRequest(request);
    return ok(
      rows.map((row) => runToWire(row, lang)),
      { totalSize: total },
    );
  });
}
