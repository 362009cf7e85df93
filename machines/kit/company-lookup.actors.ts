import { fromPromise } from 'xstate';
import {
  type PickerPage,
  saveCompanyInfo,
  searchLocalCompanies,
  searchRegistry,
} from '../../services/lookup.service';
import { companyLookupMachine } from './company-lookup.machine';
import type { CompanyRecord, LocalSearch, RegistrySearch } from './company-lookup.types';

/** The company lookup wired to its calls; the recording POST is stamped with the moment of choice. */
export const companyLookupLogic = companyLookupMachine.provide({
  actors: {
    searchLocal: fromPromise<PickerPage, LocalSearch>(({ input }) => searchLocalCompanies(input)),
    searchRegistry: fromPromise<PickerPage, RegistrySearch>(({ input }) => searchRegistry(input)),
    recordCompany: fromPromise<unknown, CompanyRecord>(({ input }) =>
      saveCompanyInfo({
        creationDateTime: Date.now(),
        companyName: input.CompanyName,
        creditCode: input.CreditCode,
        representative: input.Representative,
        source: input.source,
      }),
    ),
  },
});
