import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ChannelType, CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { ownCompanyMachine } from '../../machines/customers/own-company.machine';
import {
  type CustomerFacts,
  STARTERS,
  type Starter,
  startableKinds,
  starterProblem,
} from '../../machines/workflows/customer-change.rules';
import type { WireRecord } from '../../services/resource.service';

const activeRsp: CustomerFacts = {
  channelType: ChannelType.rsp,
  status: CustomerStatus.active,
  dependants: 0,
  seniorCertified: false,
  blacklistEndDate: null,
  today: '2026-11-24',
};
const agentOnOwn: Starter = { side: 'agent', ownCompany: true };
const vendor: Starter = { side: 'vendor', ownCompany: false };

describe('who starts an application on an agent', () => {
  it('lets agent staff start renewal, senior certification and conversion of their own company', () => {
    expect(startableKinds(activeRsp, agentOnOwn)).toEqual(['renewal', 'seniorCertification', 'conversion']);
    expect(startableKinds(activeRsp, { side: 'agent', ownCompany: false })).toEqual([]);
  });

  it('keeps suspension, blacklist and reinstatement the vendor’s, naming the kind', () => {
    expect(starterProblem('suspension', agentOnOwn)).toEqual({
      key: 'server.customerWorkflow.vendorOnly',
      params: { kind: { key: 'server.customerWorkflow.kinds.suspension', params: {} } },
    });
    expect(starterProblem('blacklist', agentOnOwn)?.key).toBe('server.customerWorkflow.vendorOnly');
    expect(starterProblem('reinstatement', agentOnOwn)?.key).toBe('server.customerWorkflow.vendorOnly');
    expect(starterProblem('renewal', { side: 'agent', ownCompany: false })?.key).toBe(
      'server.customerWorkflow.ownCompanyOnly',
    );
  });

  it('leaves vendor staff every kind the agent qualifies for', () => {
    expect(Object.values(STARTERS).every((sides) => sides.includes('vendor'))).toBe(true);
    expect(startableKinds(activeRsp, vendor)).toEqual([
      'renewal',
      'seniorCertification',
      'conversion',
      'suspension',
      'blacklist',
    ]);
  });
});

/** The own-company statechart with a fake getOne that answers from a list of companies. */
function ownCompany(companyId: string | undefined, companies: WireRecord[], failures = 0) {
  let left = failures;
  const logic = ownCompanyMachine.provide({
    actors: {
      loadCompany: fromPromise<WireRecord, string>(async ({ input }) => {
        if (left-- > 0) throw new Error('network down');
        const found = companies.find((c) => c.ObjectID === input);
        if (!found) throw new Error('not found');
        return found;
      }),
    },
  });
  return createActor(logic, { input: { companyId } }).start();
}

describe("the agent's own company page", () => {
  const companies: WireRecord[] = [
    { ObjectID: 'gd-1', ExtCustomerType_SDK: CustomerType.generalDistributor },
    { ObjectID: 'rsp-1', ExtCustomerType_SDK: CustomerType.rsp },
    { ObjectID: 'ccp-1', ExtCustomerType_SDK: CustomerType.ccp },
  ];

  it('shows the account’s company with the vendor detail fields of its tier', async () => {
    for (const [id, page] of [
      ['gd-1', 'customers.distributorDetail'],
      ['rsp-1', 'customers.rspDetail'],
      ['ccp-1', 'customers.ccpDetail'],
    ]) {
      const actor = ownCompany(id, companies);
      const shown = await waitFor(actor, (s) => s.matches('shown'));
      expect([shown.context.objectId, shown.context.detailPage]).toEqual([id, page]);
    }
  });

  it('says so for an account of no agent company, and reads again after a failure', async () => {
    expect(ownCompany(undefined, companies).getSnapshot().matches('noCompany')).toBe(true);
    const actor = ownCompany('rsp-1', companies, 1);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('network down');
    actor.send({ type: 'company.reload' });
    expect((await waitFor(actor, (s) => s.matches('shown'))).context.detailPage).toBe('customers.rspDetail');
  });
});
