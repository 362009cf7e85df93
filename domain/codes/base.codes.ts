import { type CodeOf, defineCodes } from './code';

/** Base and system lookups: uploads, caches, exports, partner errors, scheduled jobs, imports. */

export const UploadResult = defineCodes({
  succeeded: ['101', '成功', 'Succeeded'],
  partlySucceeded: ['111', '部分成功', 'Partly succeeded'],
  failed: ['121', '失败', 'Failed'],
  processing: ['131', '处理中', 'Processing'],
});
export type UploadResult = CodeOf<typeof UploadResult>;

export const CacheType = defineCodes({
  dictionaries: ['101', '数据字典', 'Dictionaries'],
  regions: ['111', '省市区', 'Regions'],
  menuPermissions: ['121', '菜单权限', 'Menu permissions'],
  productPrices: ['131', '产品价格', 'Product prices'],
  systemParameters: ['141', '系统参数', 'System parameters'],
  sessions: ['151', '登录会话', 'Sessions'],
});
export type CacheType = CodeOf<typeof CacheType>;

export const ExportStatus = defineCodes({
  exporting: ['101', '导出中', 'Exporting'],
  completed: ['111', '已完成', 'Completed'],
  failed: ['121', '失败', 'Failed'],
});
export type ExportStatus = CodeOf<typeof ExportStatus>;

export const PartnerErrorType = defineCodes({
  customerNotMatched: ['101', '客户未匹配', 'Customer not matched'],
  partNotMatched: ['111', '物料未匹配', 'Part not matched'],
  priceMismatch: ['121', '价格不一致', 'Price mismatch'],
  malformedData: ['131', '数据格式错误', 'Malformed data'],
  duplicate: ['141', '重复数据', 'Duplicate'],
  other: ['151', '其他', 'Other'],
});
export type PartnerErrorType = CodeOf<typeof PartnerErrorType>;

export const CronJobStatus = defineCodes({
  running: ['101', '运行中', 'Running'],
  paused: ['111', '已暂停', 'Paused'],
});
export type CronJobStatus = CodeOf<typeof CronJobStatus>;

export const JobRunResult = defineCodes({
  succeeded: ['101', '成功', 'Succeeded'],
  failed: ['111', '失败', 'Failed'],
  running: ['121', '执行中', 'Running'],
  timedOut: ['131', '超时', 'Timed out'],
});
export type JobRunResult = CodeOf<typeof JobRunResult>;

export const ImportType = defineCodes({
  gdSalesReport: ['101', '总代销售报表', 'GD sales report'],
  gdStockReport: ['111', '总代库存报表', 'GD stock report'],
  gdPurchaseReport: ['121', '总代进货报表', 'GD purchase report'],
  gdShipmentReport: ['131', '总代出货报表', 'GD shipment report'],
  rspShipmentReport: ['141', 'RSP出货报表', 'RSP shipment report'],
  salesTasks: ['151', '销售任务', 'Sales tasks'],
  rebateSettlementAnnouncement: ['161', '返利结算公告', 'Rebate settlement announcement'],
});
export type ImportType = CodeOf<typeof ImportType>;
