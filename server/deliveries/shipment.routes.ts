import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { plainBody } from '../http/validate';
import { recordReadRoutes } from '../routes/record-reads.routes';
import { confirmDeliveryInfo, deliveryAddresses, modifyDeliveryInfo } from './delivery-info.service';
import { confirmReceipt, resolveException, shipOrder } from './shipment.service';
import { orderToShip, shipmentView } from './shipment-reads';

/**
 * Deliveries on the wire: shipments are read like every resource (their pages back them) and written
 * only through these commands, which keep the rules: read an effective order's open lines and ship
 * them (the ship form, which offers creating shipments), confirm a shipment's receipt or report an
 * exception (the agent's staff or sales operations, on the line shipment page), and resolve an
 * exception (sales operations).
 */
export function shipmentRoutes(app: FastifyInstance, db: Db) {
  const read = { config: { access: { resource: 'shipment' } } };
  const create = { config: { access: { resource: 'shipment', action: 'create' as const } } };
  recordReadRoutes(app, db, 'shipment', { record: (caller, id) => shipmentView(db, caller, id) });
  app.post('/portal/shipment/orderToShip', create, async (request) =>
    ok(await orderToShip(db, callerOf(request), plainBody(request.body))),
  );
  app.post('/portal/shipment/ship', create, async (request) =>
    ok(await shipOrder(db, callerOf(request), plainBody(request.body)), { message: 'server.saved' }),
  );
  app.post('/portal/shipment/confirmReceipt', read, async (request) =>
    ok(await confirmReceipt(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  app.post('/portal/shipment/resolveException', read, async (request) =>
    ok(await resolveException(db, callerOf(request), plainBody(request.body)), { message: 'server.updated' }),
  );
  deliveryInfoRoutes(app, db);
}

/**
 * The delivery information of orders (收货信息确认及修改): read like every resource, modified in the
 * row or from the agent's delivery addresses, and confirmed — each by the pages that offer updating it.
 */
function deliveryInfoRoutes(app: FastifyInstance, db: Db) {
  const read = { config: { access: { resource: 'deliveryInfo' } } };
  const update = { config: { access: { resource: 'deliveryInfo', action: 'update' as const } } };
  recordReadRoutes(app, db, 'deliveryInfo');
  app.post('/portal/deliveryInfo/addresses', read, async (request) =>
    ok(await deliveryAddresses(db, callerOf(request), plainBody(request.body))),
  );
  app.post('/portal/deliveryInfo/update', update, async (request) =>
    ok(await modifyDeliveryInfo(db, callerOf(request), plainBody(request.body)), {
      message: 'server.updated',
    }),
  );
  app.post('/portal/deliveryInfo/confirm', update, async (request) =>
    ok(await confirmDeliveryInfo(db, callerOf(request), plainBody(request.body)), {
      message: 'server.updated',
    }),
  );
}
