import { fromPromise } from 'xstate';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import {
  type HistoryEvent,
  searchStreams,
  streamHistory,
  type WorkflowStreamRow,
} from '../../services/process-history.service';

/** Streams one page of the picker shows (SPEC §9: lists page by 10). */
export const STREAM_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface StreamPageInput {
  workflow: string;
  page: number;
  /** Part of a stream id or of its record's business number or name; empty lists them all. */
  search: string;
}

/** The real calls behind the process-history machine; tests provide fakes instead. */
export const historyActors = {
  loadStreams: fromPromise<{ rows: WorkflowStreamRow[]; total: number }, StreamPageInput>(({ input }) =>
    searchStreams({
      currentPage: input.page,
      pageSize: STREAM_PAGE_SIZE,
      workflow: input.workflow,
      ...(input.search ? { search: input.search } : {}),
    }),
  ),
  loadHistory: fromPromise<HistoryEvent[], { streamId: string }>(({ input }) =>
    streamHistory(input.streamId),
  ),
};
