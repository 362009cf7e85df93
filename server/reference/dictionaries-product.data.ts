import { Brand, ProductCategory, ProductModel, ProductPattern } from '../../domain/codes/products.codes';
import {
  LateReportStatus,
  OpinionStatus,
  OpinionType,
  ReconcileStatus,
  ReportChangeSource,
  ReportStatus,
  ReportType,
  RSPProductGroup,
  RSPProductModel,
  RSPShipmentType,
  SalesCustomerType,
  ShipmentChangeApproveNode,
  ShipmentChangeDataStatus,
} from '../../domain/codes/reports.codes';
import type { DictionarySeed } from './dictionaries.data';
import { dictionaryRows } from './dictionary-rows';

/**
 * SPEC §3 "Product" (category, pattern, model), "RSPShipment" (shipment type, product group, product
 * model) and "ShipmentChangeApprove" (nodes, data status); plus the brand and the distributor-report
 * lookups of the report pages. Model names are invented.
 */
export const productDictionaries: DictionarySeed[] = [
  ...dictionaryRows('Brand', 'Product', Brand),
  ...dictionaryRows('ProductCategory', 'Product', ProductCategory),
  ...dictionaryRows('ProductPattern', 'Product', ProductPattern),
  ...dictionaryRows('ProductModel', 'Product', ProductModel),
  ...dictionaryRows('RSPShipmentType', 'RSPShipment', RSPShipmentType),
  ...dictionaryRows('RSPProductGroup', 'RSPShipment', RSPProductGroup),
  ...dictionaryRows('RSPProductModel', 'RSPShipment', RSPProductModel),
  ...dictionaryRows('ShipmentChangeApproveNode', 'ShipmentChangeApprove', ShipmentChangeApproveNode),
  ...dictionaryRows('ShipmentChangeDataStatus', 'ShipmentChangeApprove', ShipmentChangeDataStatus),
  ...dictionaryRows('ReportStatus', 'Report', ReportStatus),
  ...dictionaryRows('ReportType', 'Report', ReportType),
  ...dictionaryRows('LateReportStatus', 'Report', LateReportStatus),
  ...dictionaryRows('SalesCustomerType', 'Report', SalesCustomerType),
  ...dictionaryRows('OpinionType', 'Report', OpinionType),
  ...dictionaryRows('OpinionStatus', 'Report', OpinionStatus),
  ...dictionaryRows('ReportChangeSource', 'Report', ReportChangeSource),
  ...dictionaryRows('ReconcileStatus', 'Report', ReconcileStatus),
];
