import { fromPromise } from 'xstate';
import { fetchRspSti, postRspSti, type RspSti, type StiPosting } from '../../services/rsp-sti.service';
import { rspStiMachine } from './rsp-sti.machine';

/** An RSP line's STI wired to /rspTaskAllocation/sti and /postSti. */
export const rspStiLogic = rspStiMachine.provide({
  actors: {
    loadSti: fromPromise<RspSti, { objectId: string; lang: string }>(({ input }) =>
      fetchRspSti(input.objectId, input.lang),
    ),
    postSti: fromPromise<StiPosting, { objectId: string; quarter: number }>(({ input }) =>
      postRspSti(input.objectId, input.quarter),
    ),
  },
});
