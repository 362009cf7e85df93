import { fromPromise } from 'xstate';
import { fetchDictionaries } from '../../services/dictionary.service';
import {
  fetchOrderToShip,
  type OrderToShip,
  type ShipmentRequest,
  shipOrderLines,
} from '../../services/shipment.service';
import { shipmentFormMachine } from './shipment-form.machine';

/** The dictionaries the ship form shows values of. */
const CODES = ['DeliveryStatus', 'DeliveryMethod'];

/** The ship form wired to /shipment/orderToShip and /shipment/ship, in the reader's language. */
export const shipmentFormLogic = (lang: () => string) =>
  shipmentFormMachine.provide({
    actors: {
      loadOrder: fromPromise<OrderToShip, string>(async ({ input }) => {
        const [order, dictionaries] = await Promise.all([
          fetchOrderToShip(input),
          fetchDictionaries(CODES, lang()),
        ]);
        return { ...order, dictionaries };
      }),
      ship: fromPromise<{ ShipmentNo: string }, ShipmentRequest>(({ input }) => shipOrderLines(input)),
    },
  });
