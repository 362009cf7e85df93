import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { orderRecordPage } from '../../machines/orders/order-record-page';

const detail = pageById('ordersSetup.ownLineOrderDetail')!;
const fieldOf = (page: ReturnType<typeof orderRecordPage>, name: string) =>
  page.fields?.find((f) => f.field === name);

describe("an order's record page", () => {
  it('reads an RSP hardware order with the RSP form’s payment terms and shows its product line', () => {
    const page = orderRecordPage(detail, pageById('ordersSetup.rspHardwareOrderNew'));
    expect(fieldOf(page, 'PaymentMethod')?.dict).toBe('RspPaymentMethod');
    expect(fieldOf(page, 'ProductLine')).toMatchObject({ readOnly: true, required: false });
    expect(page.fields?.at(-1)?.field).toBe('Remark');
  });

  it('reads a service order with the service dictionaries and shows its service fields', () => {
    const page = orderRecordPage(detail, pageById('ordersSetup.serviceOrderNew'));
    expect(fieldOf(page, 'PaymentMethod')?.dict).toBe('ServicePaymentMethod');
    expect(fieldOf(page, 'DeliveryMethod')?.dict).toBe('DeliveryMethodService');
    for (const name of ['RelatedOrderNo', 'ServiceType', 'ServiceStartDate', 'ServiceEndDate', 'ContactName'])
      expect(fieldOf(page, name), name).toMatchObject({ readOnly: true });
  });

  it('keeps the record page for a general order and for an order no form entered', () => {
    expect(
      fieldOf(orderRecordPage(detail, pageById('ordersSetup.selfBuiltOrder')), 'PaymentMethod')?.dict,
    ).toBe('PaymentMethod');
    expect(orderRecordPage(detail, undefined)).toBe(detail);
  });
});
