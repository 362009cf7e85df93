import { fromPromise } from 'xstate';
import { getResource, type WireRecord } from '../../services/resource.service';
import { ownCompanyMachine } from './own-company.machine';

/** The own-company page wired to getOne of the customer resource (within the caller's scope). */
export const ownCompanyLogic = ownCompanyMachine.provide({
  actors: {
    loadCompany: fromPromise<WireRecord, string>(({ input }) => getResource('customer', input)),
  },
});
