import { fromPromise } from 'xstate';
import {
  calculateRspSti,
  fetchRspSti,
  type RspSti,
  type StiCalculation,
} from '../../services/rsp-sti.service';
import { rspStiMachine } from './rsp-sti.machine';

/** An RSP line's STI wired to /rspTaskAllocation/sti and /calculateSti. */
export const rspStiLogic = rspStiMachine.provide({
  actors: {
    loadSti: fromPromise<RspSti, { objectId: string; lang: string }>(({ input }) =>
      fetchRspSti(input.objectId, input.lang),
    ),
    calculateSti: fromPromise<StiCalculation, { objectId: string; quarter: number }>(({ input }) =>
      calculateRspSti(input.objectId, input.quarter),
    ),
  },
});
