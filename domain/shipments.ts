/** What server and client both say of shipping an order (docs/deliveries.md): the ship form's lines. */

/** A line of an order as the ship form shows it: what is ordered, shipped and still open. */
export interface LineToShip {
  LineNo: number;
  ProductCode: string | null;
  ProductModel: string | null;
  /** Whether each unit needs a serial number (every product but a service). */
  Serialised: boolean;
  Quantity: number;
  ShippedQuantity: number;
  OpenQuantity: number;
}
