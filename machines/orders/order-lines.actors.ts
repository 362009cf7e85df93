import { fromPromise } from 'xstate';
import {
  fetchOrderLines,
  type OrderProduct,
  type SavedOrderLine,
  searchOrderProducts,
} from '../../services/order-entry.service';
import { orderLinesMachine } from './order-lines.machine';

/** The order-lines panel wired to the /order product search and line calls. */
export const orderLinesLogic = orderLinesMachine.provide({
  actors: {
    searchProducts: fromPromise<OrderProduct[], string>(({ input }) => searchOrderProducts(input)),
    loadLines: fromPromise<SavedOrderLine[], string>(({ input }) => fetchOrderLines(input)),
  },
});
