import type { FastifyInstance } from 'fastify';
import { getAddress, searchAddresses } from '../addresses/address.repo';
import {
  ADDRESS_CREATE_KEYS,
  ADDRESS_UPDATE_KEYS,
  addressById,
  addressCreate,
  addressDelete,
  addressSearch,
  addressUpdate,
} from '../addresses/address.schema';
import { createAddress, deleteAddresses, updateAddress } from '../addresses/address.service';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { refuseUnknownKeys } from '../identity/employee-admin.schema';

/**
 * An agent customer's delivery and invoice addresses (SPEC §7 /address/*). Order forms in several
 * modules pick them, so any logged-in employee may read them within their data scope; changing them
 * is for the customer's own staff and the agents module (address.service.ts).
 * See docs/employees-and-addresses.md.
 */
export function addressRoutes(app: FastifyInstance, db: Db) {
  const scoped = { config: { access: { resource: 'customer', lookup: true } } } as const;

  app.post('/portal/address/createByCustomer', scoped, async (request) => {
    refuseUnknownKeys(request.body, ADDRESS_CREATE_KEYS);
    const input = parseBody(addressCreate, request.body);
    return ok(await createAddress(db, callerOf(request), input), { message: 'server.address.created' });
  });

  app.post('/portal/address/search', scoped, async (request) => {
    const { rows, total } = await searchAddresses(
      db,
      callerOf(request),
      parseBody(addressSearch, request.body),
    );
    return ok(rows, { totalSize: total });
  });

  app.post('/portal/address/getOne', scoped, async (request) =>
    ok(await getAddress(db, callerOf(request), parseBody(addressById, request.body).ObjectID)),
  );

  app.post('/portal/address/update', scoped, async (request) => {
    refuseUnknownKeys(request.body, ADDRESS_UPDATE_KEYS);
    const input = parseBody(addressUpdate, request.body);
    return ok(await updateAddress(db, callerOf(request), input), { message: 'server.updated' });
  });

  app.post('/portal/address/delete', scoped, async (request) => {
    const body = parseBody(addressDelete, request.body);
    const ids = Array.isArray(body)
      ? body.map((row) => row.ObjectID)
      : 'ObjectIDs' in body
        ? body.ObjectIDs
        : [body.ObjectID];
    await deleteAddresses(db, callerOf(request), ids);
    return ok(null, { message: 'server.deleted' });
  });
}
