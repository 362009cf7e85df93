import { fromPromise } from 'xstate';
import {
  answerShipmentReceipt,
  fetchShipment,
  resolveShipmentException,
  type ShipmentRecord,
} from '../../services/shipment.service';
import { type ReceiptAnswer, shipmentReceiptMachine } from './shipment-receipt.machine';

/** The receipt panel wired to /shipment/getOne and /shipment/confirmReceipt. */
export const shipmentReceiptLogic = shipmentReceiptMachine.provide({
  actors: {
    loadShipment: fromPromise<ShipmentRecord, string>(({ input }) => fetchShipment(input)),
    answer: fromPromise<unknown, ReceiptAnswer>(({ input }) =>
      answerShipmentReceipt(input.objectId, input.version, input.exceptionNote),
    ),
    resolve: fromPromise<unknown, { objectId: string; version: number; note: string }>(({ input }) =>
      resolveShipmentException(input.objectId, input.version, input.note),
    ),
  },
});
