import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { pages } from '../../catalogue/catalogue';
import { zh } from '../../locales/zh/messages';
import { SYSTEM_ROLE } from '../../machines/workflows/rsp-task-confirmation.workflow';
import type { Db } from '../db/database';
import { allowedPageIds } from '../http/access';
import { type Caller, callerOf } from '../http/auth';
import { forbidden, ok, PortalError } from '../http/envelope';
import { langOf, translate } from '../http/i18n';
import { parseBody } from '../http/validate';
import { isSystemAdmin } from '../identity/roles';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { configuredChains } from '../workflows/configured-chains';
import { requireWorkflow } from '../workflows/decisions';
import { loadStream } from '../workflows/engine';
import type { StoredEvent } from '../workflows/event-store';
import { streamTextCondition, subjectLabels } from './process-history-subjects';

/** The catalogue page of the workflow viewer: holding it opens every stream's history. */
const VIEWER_PAGE = 'system.workflows';
const MAX_STREAMS_PER_SUBJECT = 20;

const paging = {
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
};
const chainsQuery = z.object({ workflow: z.string().trim().min(1).max(40) });

const streamSearch = z.object({
  ...paging,
  workflow: z.string().trim().max(40).optional(),
  status: z.string().trim().max(40).optional(),
  pendingRole: z.string().trim().max(40).optional(),
  subjectResource: z.string().trim().max(60).optional(),
  subjectId: z.guid().optional(),
  streamId: z.string().trim().max(120).optional(),
  /** Part of a stream id, or of its record's business number or name. */
  search: z.string().trim().max(120).optional(),
});
const historyQuery = z.object({
  streamId: z.string().trim().min(1).max(120).optional(),
  subjectResource: z.string().trim().min(1).max(60).optional(),
  subjectId: z.guid().optional(),
});
const oaQuery = z.object({
  ...paging,
  streamId: z.string().trim().min(1).max(120).optional(),
  subjectResource: z.string().trim().min(1).max(60).optional(),
  subjectId: z.guid().optional(),
  ObjectID: z.guid().optional(),
  objectID: z.guid().optional(),
});

interface StreamRow {
  stream_id: string;
  workflow: string;
  subject_resource: string;
  subject_id: string;
  status: string;
  pending_role: string | null;
  version: number;
  updated_at: Date;
  started_at: Date | null;
  started_by: string | null;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** A stream's events on the wire, oldest first, with the role's name in the caller's language. */
function eventRow(workflow: string, e: StoredEvent, roleNames: Map<string, string>) {
  return {
    StreamID: e.stream_id,
    Workflow: workflow,
    Seq: e.seq,
    Type: e.type,
    ActorID: e.actor_id,
    // The system's own steps (a deadline passed, a job ran) are said by the role's name, in the caller's language.
    ActorName: e.role === SYSTEM_ROLE ? (roleNames.get(e.role) ?? e.actor_name) : e.actor_name,
    Role: e.role,
    RoleName: roleNames.get(e.role) ?? e.role,
    At: iso(e.at),
    Comment: text(e.payload.comment),
    Reason: text(e.payload.reason),
    Payload: e.payload,
  };
}

/**
 * Role names in the caller's language: the roles of the role table, and those a stream's actor takes
 * without being an employee's role (the applicant of a registration, the system's own jobs).
 */
async function roleNamesOf(db: Db, request: FastifyRequest): Promise<Map<string, string>> {
  const lang = langOf(request.headers['accept-language']);
  const rows = await db.selectFrom('role').select(['code', 'name_zh', 'name_en']).execute();
  const names = new Map(rows.map((r) => [r.code, lang === 'en' ? r.name_en : r.name_zh]));
  for (const role of Object.keys(zh.workflows.roles))
    names.set(role, translate(lang, `workflows.roles.${role}`));
  return names;
}

/**
 * Who may read a stream's history: an administrator or a role holding the viewer page reads any;
 * otherwise the role must hold a page of the subject's resource and see the subject record itself
 * within its data scope (an agent sees only its own records).
 */
async function checkHistoryAccess(db: Db, caller: Caller, subject: [string, string]) {
  if (isSystemAdmin(caller.roleCode)) return;
  const allowed = await allowedPageIds(db, caller.roleCode);
  if (allowed.has(VIEWER_PAGE)) return;
  const backing = pages.filter((p) => p.resource === subject[0]).map((p) => p.id);
  const def = resourceDef(subject[0]);
  if (!def || !backing.some((id) => allowed.has(id))) throw forbidden();
  try {
    await getRecord(db, def, caller, subject[1]);
  } catch {
    throw forbidden();
  }
}

/** The stream ids a request names: one stream, or every stream of a subject record. */
async function streamIdsOf(db: Db, q: { streamId?: string; subjectResource?: string; subjectId?: string }) {
  if (q.streamId) return [q.streamId];
  if (!q.subjectId) throw new PortalError(400, 'server.fieldRequired', { field: 'streamId' });
  const rows = await sql<{ stream_id: string }>`select stream_id from workflow_stream
    where subject_id = ${q.subjectId} ${q.subjectResource ? sql`and subject_resource = ${q.subjectResource}` : sql``}
    order by updated_at limit ${MAX_STREAMS_PER_SUBJECT}`.execute(db);
  return rows.rows.map((r) => r.stream_id);
}

/** Every event of the named streams, each stream checked for the caller first. */
async function historyOf(db: Db, request: FastifyRequest, q: Parameters<typeof streamIdsOf>[1]) {
  const caller = callerOf(request);
  const roleNames = await roleNamesOf(db, request);
  const rows: ReturnType<typeof eventRow>[] = [];
  for (const streamId of await streamIdsOf(db, q)) {
    const stream = await loadStream(db, streamId);
    const subject = stream.events[0].payload.subject as [string, string];
    await checkHistoryAccess(db, caller, subject);
    rows.push(...stream.events.map((e) => eventRow(stream.workflow, e, roleNames)));
  }
  return rows;
}

/**
 * Process history (SPEC §7 /processHistory/searchAll, /oaProcessInformation/search) and the list of
 * workflow streams for the viewer (ARCHITECTURE.md §5): read straight from the event store, so what
 * a screen shows is exactly what the workflow machine replays.
 */
export function processHistoryRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/portal/workflowStream/search',
    { config: { access: { resource: 'workflowStream' } } },
    async (request) => {
      const q = parseBody(streamSearch, request.body);
      const conditions = [
        q.workflow ? sql`s.workflow = ${q.workflow}` : undefined,
        q.status ? sql`s.status = ${q.status}` : undefined,
        q.pendingRole ? sql`s.pending_role = ${q.pendingRole}` : undefined,
        q.subjectResource ? sql`s.subject_resource = ${q.subjectResource}` : undefined,
        q.subjectId ? sql`s.subject_id = ${q.subjectId}` : undefined,
        q.streamId ? sql`s.stream_id ilike ${`%${q.streamId.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
        q.search ? streamTextCondition(q.search) : undefined,
      ].filter((c) => c !== undefined);
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const offset = (q.currentPage - 1) * q.pageSize;
      // The stream table holds one row per application, far below the order volumes: a count is cheap.
      const [list, count] = await Promise.all([
        sql<StreamRow>`select s.*, e.at as started_at, e.actor_name as started_by from workflow_stream s
        left join workflow_event e on e.stream_id = s.stream_id and e.seq = 1
        ${where} order by s.updated_at desc, s.stream_id limit ${q.pageSize} offset ${offset}`.execute(db),
        sql<{ total: string }>`select count(*) as total from workflow_stream s ${where}`.execute(db),
      ]);
      const labels = await subjectLabels(
        db,
        list.rows.map((r) => ({ resource: r.subject_resource, id: r.subject_id })),
      );
      const rows = list.rows.map((r) => ({
        StreamID: r.stream_id,
        Workflow: r.workflow,
        Status: r.status,
        PendingRole: r.pending_role,
        SubjectResource: r.subject_resource,
        SubjectID: r.subject_id,
        SubjectLabel: labels.get(r.subject_id) ?? null,
        Version: r.version,
        StartedOn: iso(r.started_at),
        StartedBy: r.started_by,
        UpdatedOn: iso(r.updated_at),
      }));
      return ok(rows, { totalSize: Number(count.rows[0]?.total ?? 0) });
    },
  );

  // The approval chains a workflow's configuration holds now, beside its chart (configured-chains.ts).
  app.post(
    '/portal/workflowStream/chains',
    { config: { access: { resource: 'workflowStream' } } },
    async (request) => {
      const q = parseBody(chainsQuery, request.body);
      requireWorkflow(q.workflow);
      return ok({
        Chains: await configuredChains(db, q.workflow, langOf(request.headers['accept-language'])),
      });
    },
  );

  app.post('/portal/processHistory/searchAll', { config: { access: 'session' } }, async (request) => {
    const q = parseBody(historyQuery, request.body);
    return ok(await historyOf(db, request, q));
  });

  // The OA view of a record's approval: one row per step, newest last, paged like every list.
  app.post('/portal/oaProcessInformation/search', { config: { access: 'session' } }, async (request) => {
    const q = parseBody(oaQuery, request.body);
    const subjectId = q.subjectId ?? q.ObjectID ?? q.objectID;
    const events = await historyOf(db, request, { ...q, subjectId });
    const offset = (q.currentPage - 1) * q.pageSize;
    const rows = events.slice(offset, offset + q.pageSize).map((e) => ({
      ObjectID: `${e.StreamID}:${e.Seq}`,
      StreamID: e.StreamID,
      ProcessName: e.Workflow,
      NodeName: e.Type,
      ApproverID: e.ActorID,
      ApproverName: e.ActorName,
      ApproverRole: e.Role,
      RoleName: e.RoleName,
      ApprovalTime: e.At,
      Opinion: e.Comment ?? e.Reason,
    }));
    return ok(rows, { totalSize: events.length });
  });
}
