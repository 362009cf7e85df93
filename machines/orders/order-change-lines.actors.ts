import { fromPromise } from 'xstate';
import {
  fetchOrderChange,
  fetchOrderLinesNow,
  type OrderLineNow,
  type ProposedLine,
  saveChangeLines,
} from '../../services/order-change.service';
import { type OrderProduct, searchOrderProducts } from '../../services/order-entry.service';
import { changeLinesMachine, type LoadedChange } from './order-change-lines.machine';
import { rowsOfChange } from './order-change-lines.rules';

/** A change with the order's lines as they stand, merged into the rows the form shows. */
async function loadChange(objectId: string): Promise<LoadedChange> {
  const change = await fetchOrderChange(objectId);
  // The change's own order, by its identity: the number it was asked on may have been superseded.
  const order = await fetchOrderLinesNow(change.OrderNo).catch(() => ({ Lines: [] as OrderLineNow[] }));
  return {
    version: change.Version,
    status: change.ChangeStatus,
    orderNo: change.OrderNo,
    rows: rowsOfChange(order.Lines, change.Lines ?? []),
    history: change.History ?? [],
  };
}

/** The change-lines panel wired to the /orderChange calls. */
export const changeLinesLogic = changeLinesMachine.provide({
  actors: {
    loadOrder: fromPromise<OrderLineNow[], string>(({ input }) =>
      fetchOrderLinesNow(input).then((r) => r.Lines),
    ),
    loadChange: fromPromise<LoadedChange, string>(({ input }) => loadChange(input)),
    saveLines: fromPromise<unknown, { objectId: string; version: number; lines: ProposedLine[] }>(
      ({ input }) => saveChangeLines(input.objectId, input.version, input.lines),
    ),
    searchProducts: fromPromise<OrderProduct[], string>(({ input }) => searchOrderProducts(input)),
  },
});
