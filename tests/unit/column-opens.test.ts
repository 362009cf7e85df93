import { describe, expect, it } from 'vitest';
import { openedBy } from '../../catalogue/column-opens';
import { AGENT_RECORD_PAGES } from '../../catalogue/customers.pages';
import { CustomerType } from '../../domain/codes/customers.codes';

/** What a list's link opens: the row's own record, or the record the row is about, on its kind's page. */
describe('a column that opens a record', () => {
  const request = { ObjectID: 'r-1', CustomerID: 'a-1', ExtCustomerType_SDK: CustomerType.ccp };
  const agentColumn = {
    opens: 'customers.distributorDetail',
    opensOther: { id: 'CustomerID', kind: 'ExtCustomerType_SDK', pages: AGENT_RECORD_PAGES },
  };

  it('opens the row itself on its page', () => {
    expect(openedBy({ opens: 'customers.rspDetail' }, request)).toEqual({ pageId: 'customers.rspDetail' });
    expect(openedBy({}, request)).toBeUndefined();
  });

  it('opens the record a row is about on the page of its kind, else the column’s page', () => {
    expect(openedBy(agentColumn, request)).toEqual({ pageId: 'customers.ccpDetail', objectId: 'a-1' });
    expect(openedBy(agentColumn, { ...request, ExtCustomerType_SDK: 'x' })).toEqual({
      pageId: 'customers.distributorDetail',
      objectId: 'a-1',
    });
    expect(openedBy(agentColumn, { ObjectID: 'r-1' }), 'no record named').toBeUndefined();
  });
});
