import { request, requestEnvelope } from './http.service';

/** One stored event of a workflow stream (POST /processHistory/searchAll). */
export interface HistoryEvent {
  StreamID: string;
  Workflow: string;
  Seq: number;
  Type: string;
  ActorID: string;
  ActorName: string;
  Role: string;
  RoleName?: string;
  At: string;
  Comment?: string | null;
  Reason?: string | null;
  Payload: Record<string, unknown>;
}

/** A row of POST /workflowStream/search: a stream and where it stands. */
export interface WorkflowStreamRow {
  StreamID: string;
  Workflow: string;
  Status: string;
  PendingRole: string | null;
  SubjectResource: string;
  SubjectID: string;
  /** The subject as people know it: its number and name (a registration number and company name), null when it is gone. */
  SubjectLabel: string | null;
  Version: number;
  StartedOn: string | null;
  StartedBy: string | null;
  UpdatedOn: string | null;
}

export interface StreamQuery {
  currentPage: number;
  pageSize: number;
  workflow?: string;
  streamId?: string;
  /** Part of a stream id, or of its record's business number or name. */
  search?: string;
}

export async function searchStreams(query: StreamQuery) {
  const body = await requestEnvelope<WorkflowStreamRow[]>('/workflowStream/search', query);
  return { rows: body.results ?? [], total: body.totalSize ?? 0 };
}

export const streamHistory = (streamId: string) =>
  request<HistoryEvent[]>('/processHistory/searchAll', { streamId });

/** One step of a configured approval chain, in the reader's words (POST /workflowStream/chains). */
export interface ChainStepWords {
  Role: string;
  Person: string | null;
  People: string[];
  More: number;
}

/** A chain a workflow's configuration holds now, and when it applies. */
export interface ChainWords {
  When: string;
  Steps: ChainStepWords[];
}

/** The chains of a workflow; null when its chain is not configurable. */
export const workflowChains = async (workflow: string) =>
  (await request<{ Chains: ChainWords[] | null }>('/workflowStream/chains', { workflow })).Chains;
