/**
 * One approved line of an execution order, as its record page shows it: the product, the approved
 * price, what was approved, what orders drew and what is left to order (server/orders/execution-order-lines.ts).
 */
export interface ExecutionOrderLine {
  LineNo: number;
  ProductCode: string;
  ProductName: string | null;
  ApprovedPrice: string;
  ApprovedQuantity: number;
  DrawnQuantity: number;
  RemainingQuantity: number;
}
