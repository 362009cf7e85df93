import { z } from 'zod';
import { JOB_STATUS } from '../../domain/scheduled-jobs';
import { PortalError } from '../http/envelope';
import { MAX_PAGE_SIZE } from '../resources/search';

/** Every string a job call takes is bounded (ARCHITECTURE.md §10). */
const MAX_TEXT = 200;
const text = z.string().trim().max(MAX_TEXT);
/** A cleared filter ('' from the form) means no filter. */
const filterText = z.preprocess((v) => (v === '' || v === null ? undefined : v), text.optional());
const codes = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([text, z.array(z.string().trim().max(20)).max(10)]).optional(),
);

const paging = {
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
};

const objectId = z.guid();

export const jobSearch = z.object({
  ...paging,
  sort: filterText,
  keyword: filterText,
  PageID: filterText,
  JobName: filterText,
  JobGroup: filterText,
  Handler: filterText,
  Status: codes,
  LastRunResult: codes,
});
export type JobSearch = z.infer<typeof jobSearch>;

/** getOne, runNow: the job; the portal's pages also send objectID. */
export const jobById = z.object({ ObjectID: objectId });

export const jobRuns = z.object({ ObjectID: objectId, ...paging });

/**
 * What an administrator may change: the schedule, its params, timeout and remark, whether it runs and
 * whether runs may overlap. Name, group and handler come from code.
 */
export const jobUpdate = z.object({
  ObjectID: objectId,
  Version: z.number().int().min(1),
  CronExpression: z.string().max(MAX_TEXT).optional(),
  Params: z.union([z.string().max(MAX_TEXT), z.record(z.string(), z.unknown())]).optional(),
  TimeoutSeconds: z.coerce.number().int().min(1).max(3_600).optional(),
  Remark: z.preprocess((v) => (v === '' ? null : v), text.nullable().optional()),
  Status: z.enum([JOB_STATUS.enabled, JOB_STATUS.paused]).optional(),
  Concurrent: z.boolean().optional(),
});
export type JobUpdate = z.infer<typeof jobUpdate>;

/** Fields of the record that exist but are the program's (refused by name rather than ignored). */
const PROGRAM_FIELDS = new Set([
  'JobCode',
  'JobName',
  'JobGroup',
  'Handler',
  'HandlerDescription',
  'NextRunTime',
  'LastRunTime',
  'LastRunResult',
  'LastRunMessage',
  'RunRequested',
  'CreationOn',
  'ModifiedOn',
]);

/**
 * Refuses, by name, a key the call does not take: the program's fields as not writable, anything else
 * as an unknown filter or field. Nothing is written before the body is known to be right.
 */
export function refuseUnknownKeys(body: unknown, schema: z.ZodObject, kind: 'filter' | 'field') {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const known = new Set([...Object.keys(schema.shape), 'objectID']);
  const unknown = Object.keys(body).find((key) => !known.has(key));
  if (!unknown) return;
  if (kind === 'field' && PROGRAM_FIELDS.has(unknown))
    throw new PortalError(400, 'server.jobs.notWritable', { field: unknown });
  throw new PortalError(400, kind === 'filter' ? 'server.unknownFilter' : 'server.notWritable', {
    field: unknown,
  });
}

/** The portal's pages name a record objectID as often as ObjectID. */
export function withObjectId(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { objectID, ...rest } = body as Record<string, unknown>;
  return objectID !== undefined && rest.ObjectID === undefined ? { ...rest, ObjectID: objectID } : rest;
}
