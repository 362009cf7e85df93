/**
 * What names one line of a report besides its agent (docs/imports.md "A line's identity"): the key is
 * what the agent cannot change without it being another line — the model of a stock line, the buyer,
 * model and day of a sale, and so on. An agent holds one line per key: a file or a form that names a
 * stored key corrects that line.
 */
export const LINE_KEYS: Record<string, string[]> = {
  stockReport: ['Period', 'ProductModel'],
  salesReport: ['Period', 'CreditCode', 'ProductModel', 'OutboundDate'],
  purchaseReport: ['Period', 'SupplierName', 'PurchaseOrderNo', 'ProductModel', 'InboundDate'],
  shipmentReport: ['Period', 'ShipmentNo', 'ProductModel'],
  rspShipmentReport: ['Period', 'CustomerName', 'ProductModel', 'ShipmentDate', 'ShipmentType'],
};

/** One line's identity: its agent and the values of its key, as a file and the store both write them. */
export const lineKeyOf = (keys: string[], company: string, values: Record<string, unknown>) =>
  JSON.stringify([company, ...keys.map((k) => String(values[k] ?? '').trim())]);

/**
 * The day of a line, where its kind has one: it lies in the line's period (server/imports/row-check.ts),
 * as the report lines page shows it (migration 093's LineDate).
 */
export const LINE_DAY: Record<string, string> = {
  salesReport: 'OutboundDate',
  purchaseReport: 'InboundDate',
  shipmentReport: 'ShipmentDate',
  rspShipmentReport: 'ShipmentDate',
};
