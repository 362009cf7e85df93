import type { DictionarySeed } from './dictionaries.seed';

/**
 * SPEC §3 "Product" (category, pattern, model), "RSPShipment" (shipment type, product group, product
 * model) and "ShipmentChangeApprove" (nodes, data status); plus the brand and the distributor-report
 * lookups of the report pages. Model names are invented.
 */
export const productDictionaries: DictionarySeed[] = [
  ['Brand', 'Product', '101', '自有品牌', 'Own brand'],
  ['Brand', 'Product', '111', '合作品牌', 'Partner brand'],

  ['ProductCategory', 'Product', '101', '服务器', 'Servers'],
  ['ProductCategory', 'Product', '111', '存储', 'Storage'],
  ['ProductCategory', 'Product', '121', '台式机', 'Desktops'],
  ['ProductCategory', 'Product', '131', '笔记本', 'Laptops'],
  ['ProductCategory', 'Product', '141', '交换机', 'Switches'],
  ['ProductCategory', 'Product', '151', '路由器', 'Routers'],
  ['ProductCategory', 'Product', '161', '无线AP', 'Wireless APs'],
  ['ProductCategory', 'Product', '171', '防火墙', 'Firewalls'],
  ['ProductCategory', 'Product', '181', '服务', 'Services'],

  ['ProductPattern', 'Product', '101', '标准品', 'Standard product'],
  ['ProductPattern', 'Product', '111', '配置品（CPQ）', 'Configured product (CPQ)'],
  ['ProductPattern', 'Product', '121', '服务产品', 'Service product'],
  ['ProductPattern', 'Product', '131', '备件', 'Spare part'],

  ['ProductModel', 'Product', '101', 'SR2200 双路机架服务器', 'SR2200 dual-socket rack server'],
  ['ProductModel', 'Product', '111', 'SR4400 四路机架服务器', 'SR4400 quad-socket rack server'],
  ['ProductModel', 'Product', '121', 'ST3000 统一存储', 'ST3000 unified storage'],
  ['ProductModel', 'Product', '131', 'DT560 商用台式机', 'DT560 business desktop'],
  ['ProductModel', 'Product', '141', 'NB14 Pro 商用笔记本', 'NB14 Pro business laptop'],
  ['ProductModel', 'Product', '151', 'SW3348P 千兆接入交换机', 'SW3348P gigabit access switch'],
  ['ProductModel', 'Product', '161', 'RT800 企业路由器', 'RT800 enterprise router'],
  ['ProductModel', 'Product', '171', 'AP620 室内无线AP', 'AP620 indoor wireless AP'],
  ['ProductModel', 'Product', '181', 'FW1600 下一代防火墙', 'FW1600 next-generation firewall'],

  ['RSPShipmentType', 'RSPShipment', '101', '分销出货', 'Distribution to CCP'],
  ['RSPShipmentType', 'RSPShipment', '111', '直销出货', 'Direct to end user'],
  ['RSPShipmentType', 'RSPShipment', '121', '调拨出库', 'Transfer'],
  ['RSPShipmentType', 'RSPShipment', '131', '退货冲减', 'Return'],

  ['RSPProductGroup', 'RSPShipment', '101', '服务器', 'Servers'],
  ['RSPProductGroup', 'RSPShipment', '111', '存储', 'Storage'],
  ['RSPProductGroup', 'RSPShipment', '121', '台式机', 'Desktops'],
  ['RSPProductGroup', 'RSPShipment', '131', '笔记本', 'Laptops'],
  ['RSPProductGroup', 'RSPShipment', '141', '网络产品', 'Networking'],

  ['RSPProductModel', 'RSPShipment', '101', 'SR2200 双路机架服务器', 'SR2200 dual-socket rack server'],
  ['RSPProductModel', 'RSPShipment', '111', 'ST3000 统一存储', 'ST3000 unified storage'],
  ['RSPProductModel', 'RSPShipment', '121', 'DT560 商用台式机', 'DT560 business desktop'],
  ['RSPProductModel', 'RSPShipment', '131', 'NB14 Pro 商用笔记本', 'NB14 Pro business laptop'],
  ['RSPProductModel', 'RSPShipment', '141', 'SW3348P 千兆接入交换机', 'SW3348P gigabit access switch'],

  ['ShipmentChangeApproveNode', 'ShipmentChangeApprove', '101', '代理商提交', 'Agent submission'],
  ['ShipmentChangeApproveNode', 'ShipmentChangeApprove', '111', '城市经理审核', 'City manager review'],
  ['ShipmentChangeApproveNode', 'ShipmentChangeApprove', '121', '省区经理审核', 'Province manager review'],
  ['ShipmentChangeApproveNode', 'ShipmentChangeApprove', '131', '商务审核', 'Sales ops review'],
  ['ShipmentChangeApproveNode', 'ShipmentChangeApprove', '141', '审批完成', 'Approval complete'],

  ['ShipmentChangeDataStatus', 'ShipmentChangeApprove', '101', '草稿', 'Draft'],
  ['ShipmentChangeDataStatus', 'ShipmentChangeApprove', '111', '审批中', 'In approval'],
  ['ShipmentChangeDataStatus', 'ShipmentChangeApprove', '121', '已通过', 'Approved'],
  ['ShipmentChangeDataStatus', 'ShipmentChangeApprove', '131', '已驳回', 'Rejected'],
  ['ShipmentChangeDataStatus', 'ShipmentChangeApprove', '141', '已撤回', 'Withdrawn'],
  ['ShipmentChangeDataStatus', 'ShipmentChangeApprove', '151', '已生效', 'Applied'],

  ['ReportStatus', 'Report', '101', '未填报', 'Not reported'],
  ['ReportStatus', 'Report', '111', '草稿', 'Draft'],
  ['ReportStatus', 'Report', '121', '已提交', 'Submitted'],
  ['ReportStatus', 'Report', '131', '审核通过', 'Approved'],
  ['ReportStatus', 'Report', '141', '退回修改', 'Returned'],
  ['ReportStatus', 'Report', '151', '逾期未报', 'Overdue'],
  ['ReportStatus', 'Report', '161', '补报中', 'Late report in progress'],

  ['ReportType', 'Report', '101', '进货报表', 'Purchases'],
  ['ReportType', 'Report', '111', '销售报表', 'Sales'],
  ['ReportType', 'Report', '121', '库存报表', 'Stock'],
  ['ReportType', 'Report', '131', '发货报表', 'Shipments'],

  ['LateReportStatus', 'Report', '101', '待审批', 'Waiting for approval'],
  ['LateReportStatus', 'Report', '111', '已退回', 'Returned'],
  ['LateReportStatus', 'Report', '121', '已批准', 'Approved'],
  ['LateReportStatus', 'Report', '131', '已驳回', 'Rejected'],
  ['LateReportStatus', 'Report', '141', '已撤回', 'Withdrawn'],

  ['SalesCustomerType', 'Report', '101', '下级代理', 'Downstream agent'],
  ['SalesCustomerType', 'Report', '111', '最终用户', 'End user'],

  ['OpinionType', 'Report', '101', '数据错误', 'Data error'],
  ['OpinionType', 'Report', '111', '缺少客户信息', 'Missing customer info'],
  ['OpinionType', 'Report', '121', 'SN不符', 'Serial mismatch'],
  ['OpinionType', 'Report', '131', '其他', 'Other'],

  ['OpinionStatus', 'Report', '101', '待处理', 'Open'],
  ['OpinionStatus', 'Report', '111', '已回复', 'Replied'],
  ['OpinionStatus', 'Report', '121', '已关闭', 'Closed'],

  ['ReportChangeSource', 'Report', '101', '页面修改', 'Edited'],
  ['ReportChangeSource', 'Report', '111', '重新导入', 'Imported again'],

  ['ReconcileStatus', 'Report', '101', '待核对', 'Pending'],
  ['ReconcileStatus', 'Report', '111', '一致', 'Matched'],
  ['ReconcileStatus', 'Report', '121', '存在差异', 'Difference'],
];
