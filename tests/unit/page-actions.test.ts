import { describe, expect, it } from 'vitest';
import { pageById, permissionPageIds } from '../../catalogue/catalogue';
import { pageActions, pagesOpenedBy, resourceActions } from '../../catalogue/page-actions';
import { ROLE } from '../../domain/roles';

const every = new Set(permissionPageIds());
const anyone = (id: string) => every.has(id);
const offered = (id: string, canOpen = anyone, role: string = ROLE.systemAdmin) =>
  [...pageActions(pageById(id)!, canOpen, role)].sort();

describe('what a page offers on its resource', () => {
  it('a list offers create only with a form to open, delete only with batch delete', () => {
    expect(offered('salesTask.provinceTaskShare')).toEqual(['create', 'export']);
    // The report declares no form: nothing is created from it, only exported.
    expect(offered('ordersSetup.multiLinePaymentReport')).toEqual(['export']);
    expect(offered('ordersSetup.paymentConfirm')).toEqual(['create', 'export']);
    expect(offered('customers.distributorOverview')).toEqual(['create', 'delete', 'export']);
    expect(offered('models.total')).toEqual(['create', 'delete', 'update']);
  });

  it('a list does not offer create when the person may not open its form', () => {
    const open = pagesOpenedBy(['salesTask.provinceTaskShare']);
    expect(offered('salesTask.provinceTaskShare', (id) => open.has(id))).toEqual(['export']);
  });

  it('a hidden edit form updates; a form standing in the menu creates as well', () => {
    expect(offered('customers.rspEdit')).toEqual(['update']);
    expect(offered('ordersSetup.selfBuiltOrder')).toEqual(['create', 'update']);
    expect(offered('customers.rspDetail')).toEqual([]);
  });

  it('no page lets anyone delete a registration or a payment', () => {
    expect(resourceActions('registrationInfo', anyone, ROLE.systemAdmin).has('delete')).toBe(false);
    expect([...resourceActions('payment', anyone, ROLE.systemAdmin)].sort()).toEqual([
      'create',
      'export',
      'update',
    ]);
  });

  it('a page whose writers are others offers its other readers its export alone', () => {
    // The province office sets city managers' tasks and allocates RSP lines; the others read them.
    expect(offered('salesTask.cityManagerTaskAllocation', anyone, ROLE.cityManager)).toEqual(['export']);
    expect(offered('salesTask.cityManagerTaskSplit', anyone, ROLE.cityManager)).toEqual([]);
    expect(offered('salesTask.rspTaskAllocation', anyone, ROLE.channelDepartment)).toEqual(['export']);
    expect(offered('salesTask.quarterMonthShare', anyone, ROLE.executive)).toEqual(['export']);
    expect(offered('salesTask.cityManagerTaskAllocation', anyone, ROLE.provinceManager)).toEqual([
      'create',
      'export',
    ]);
    expect(resourceActions('cityManagerTask', anyone, ROLE.cityManager)).toEqual(new Set(['export']));
    // Sales operations ship, finance records its invoice, those who report write the lines.
    expect(offered('ordersSetup.ownLineDeliveryConfirm', anyone, ROLE.finance)).toEqual(['export']);
    expect(offered('ordersSetup.ownLineDeliveryConfirm', anyone, ROLE.salesOperations)).toEqual([
      'create',
      'export',
    ]);
    // They confirm the receiver they ship to; the province manager reads it.
    expect(offered('ordersSetup.deliveryInfoConfirm', anyone, ROLE.provinceManager)).toEqual(['export']);
    expect(offered('ordersSetup.deliveryInfoConfirm', anyone, ROLE.salesOperations)).toEqual([
      'export',
      'update',
    ]);
    expect(offered('ordersSetup.invoiceReview', anyone, ROLE.salesOperations)).toEqual([]);
    expect(offered('ordersSetup.invoiceReview', anyone, ROLE.finance)).toEqual(['update']);
    expect(offered('report.lateReportRequests', anyone, ROLE.channelManager)).toEqual(['export']);
    expect(offered('report.lateReportRequests', anyone, ROLE.rspAgent)).toEqual(['create', 'export']);
    expect(offered('ordersSetup.loanReturnOrders', anyone, ROLE.rspAgent)).toEqual(['export']);
    expect(offered('ordersSetup.loanReturnOrders', anyone, ROLE.salesOperations)).toEqual([
      'create',
      'export',
    ]);
  });
});
