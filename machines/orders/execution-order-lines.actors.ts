import { fromPromise } from 'xstate';
import type { ExecutionOrderLine } from '../../domain/execution-order-lines';
import { fetchExecutionOrderLines } from '../../services/order-entry.service';

/** An execution order's approved lines, read once for its record page (/executionOrder/lines). */
export const executionOrderLinesLogic = fromPromise<ExecutionOrderLine[], string>(({ input }) =>
  fetchExecutionOrderLines(input),
);
