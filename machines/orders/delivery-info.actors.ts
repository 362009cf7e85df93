import { fromPromise } from 'xstate';
import {
  confirmDeliveryInfo,
  fetchDeliveryAddresses,
  fetchDeliveryInfo,
  takeDeliveryAddress,
} from '../../services/delivery-info.service';
import { type DeliveryInfoView, deliveryInfoMachine } from './delivery-info.machine';

/** The delivery information panel wired to the /deliveryInfo calls. */
export const deliveryInfoLogic = deliveryInfoMachine.provide({
  actors: {
    load: fromPromise<DeliveryInfoView, string>(async ({ input }) => {
      const [info, addresses] = await Promise.all([fetchDeliveryInfo(input), fetchDeliveryAddresses(input)]);
      return { info, addresses };
    }),
    useAddress: fromPromise<unknown, { objectId: string; version: number; addressId: string }>(({ input }) =>
      takeDeliveryAddress(input.objectId, input.version, input.addressId),
    ),
    confirm: fromPromise<unknown, { objectId: string; version: number }>(({ input }) =>
      confirmDeliveryInfo(input.objectId, input.version),
    ),
  },
});
