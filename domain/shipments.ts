/**
 * What server and client both say of shipping an order (docs/deliveries.md): who ships, who receives,
 * the ship form's lines.
 */
import { ROLE } from './roles';

/** The vendor side ships: sales operations (and the administrator). */
export const SHIPPERS: readonly string[] = [ROLE.systemAdmin, ROLE.salesOperations];
/** The agent receives: its own staff, or sales operations on its behalf. */
export const RECEIVERS: readonly string[] = [
  ROLE.systemAdmin,
  ROLE.salesOperations,
  ROLE.rspAgent,
  ROLE.ccpAgent,
  ROLE.distributor,
];

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
