import { fromPromise } from 'xstate';
import {
  type HistoryEvent,
  searchStreams,
  streamHistory,
  type WorkflowStreamRow,
} from '../../services/process-history.service';

/** Streams one list shows: the newest of the workflow. */
const STREAM_PAGE_SIZE = 50;

/** The real calls behind the process-history machine; tests provide fakes instead. */
export const historyActors = {
  loadStreams: fromPromise<{ rows: WorkflowStreamRow[]; total: number }, { workflow: string }>(({ input }) =>
    searchStreams({ currentPage: 1, pageSize: STREAM_PAGE_SIZE, workflow: input.workflow }),
  ),
  loadHistory: fromPromise<HistoryEvent[], { streamId: string }>(({ input }) =>
    streamHistory(input.streamId),
  ),
};
