import { assign, fromPromise, setup } from 'xstate';
import { AGENT_RECORD_PAGES } from '../../catalogue/customers.pages';
import type { WireRecord } from '../../services/resource.service';
import { errorText } from '../kit/error-text';

/**
 * The detail page whose fields fit the company (its tier's vendor page: its fields and applications
 * panel are what the agent's own page shows); a type the portal does not know gets the common ones.
 */
export const detailPageOf = (record: WireRecord) =>
  AGENT_RECORD_PAGES[String(record.ExtCustomerType_SDK ?? '')] ?? 'customers.distributorDetail';

export interface OwnCompanyContext {
  /** The company the signed-in account belongs to (the employee's ExtCompanyID_SDK), if any. */
  companyId?: string;
  objectId?: string;
  detailPage?: string;
  error?: string;
}

/**
 * An agent's own company page (customers.myCompany): the record is read through the caller's scope
 * by the account's own company, never by an id from the address bar; an account of no agent company
 * (vendor staff given the page by hand) is told so rather than shown an empty form.
 */
export const ownCompanyMachine = setup({
  types: {
    context: {} as OwnCompanyContext,
    events: {} as { type: 'company.reload' },
    input: {} as { companyId?: string | null },
    tags: {} as 'busy',
  },
  actors: {
    loadCompany: fromPromise<WireRecord, string>(async ({ input }) => ({ ObjectID: input })),
  },
  guards: {
    hasCompany: ({ context }) => Boolean(context.companyId),
  },
}).createMachine({
  id: 'ownCompany',
  context: ({ input }) => ({ companyId: input.companyId || undefined }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasCompany', target: 'loading' }, { target: 'noCompany' }],
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadCompany',
        input: ({ context }) => context.companyId ?? '',
        onDone: {
          target: 'shown',
          actions: assign({
            objectId: ({ event }) => String(event.output.ObjectID),
            detailPage: ({ event }) => detailPageOf(event.output),
            error: undefined,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: { description: 'The company, read-only, with the applications its staff may make.' },
    failed: { on: { 'company.reload': 'loading' } },
    noCompany: { description: 'The account belongs to no agent company: there is nothing to show.' },
  },
});
