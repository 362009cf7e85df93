import type { DictionarySeed } from './dictionaries.seed';

/**
 * SPEC §3 "Others": upload result, refund direction, task approval status, task product line, task type
 * and type two, return reason, loan type, execution-order sales channels, constraint service type and
 * extended warranty service; then the lookups owned by the rebate, task, activity and system areas.
 */
export const otherDictionaries: DictionarySeed[] = [
  ['UploadResult', 'Others', '101', '成功', 'Succeeded'],
  ['UploadResult', 'Others', '111', '部分成功', 'Partly succeeded'],
  ['UploadResult', 'Others', '121', '失败', 'Failed'],
  ['UploadResult', 'Others', '131', '处理中', 'Processing'],

  ['RefundDirection', 'Others', '101', '退回客户账户', 'Refund to customer account'],
  ['RefundDirection', 'Others', '111', '转预收款', 'Move to prepayment'],
  ['RefundDirection', 'Others', '121', '冲抵应收', 'Offset against receivables'],
  ['RefundDirection', 'Others', '131', '转入返利账户', 'Credit to rebate account'],

  // SPEC §4: rows with 111 or 121 lock their editable cells.
  // The two incentive views of one STI table (salesTask cityManagerSti1/2 name them by fixed filter).
  ['StiKind', 'Others', '1', 'STI_1（进货）', 'STI_1 (sell-in)'],
  ['StiKind', 'Others', '2', 'STI_2（出货、回款、重点产品）', 'STI_2 (sell-out, collection, key products)'],
  // The two STI_2 reports of one view: per agent and per city manager (salesActivity sti2 pages).
  ['ReportKind', 'Others', 'agent', '代理商', 'Agent'],
  ['ReportKind', 'Others', 'city', '城市经理', 'City manager'],
  ['TaskApprovalStatus', 'Others', '101', '待提交', 'Not submitted'],
  ['TaskApprovalStatus', 'Others', '111', '审批中', 'In approval'],
  ['TaskApprovalStatus', 'Others', '121', '审批通过', 'Approved'],
  ['TaskApprovalStatus', 'Others', '131', '已驳回', 'Rejected'],
  ['TaskApprovalStatus', 'Others', '141', '已退回', 'Returned'],

  ['TaskProductLine', 'Others', '101', '服务器', 'Servers'],
  ['TaskProductLine', 'Others', '111', '存储', 'Storage'],
  ['TaskProductLine', 'Others', '121', '商用PC', 'Business PCs'],
  ['TaskProductLine', 'Others', '131', '网络产品', 'Networking'],
  ['TaskProductLine', 'Others', '141', '服务', 'Services'],

  // SPEC §6: the RSPApproval export forces 101, CityManagerApproval 111,121,131,141.
  ['TaskType', 'Others', '101', 'RSP任务', 'RSP task'],
  ['TaskType', 'Others', '111', '城市经理提货任务', 'City manager sell-in'],
  ['TaskType', 'Others', '121', '城市经理出货任务', 'City manager sell-out'],
  ['TaskType', 'Others', '131', '城市经理回款任务', 'City manager collections'],
  ['TaskType', 'Others', '141', '城市经理重点产品任务', 'City manager key products'],

  // Type two: the period a task covers.
  ['TaskTypeTwo', 'Others', '101', '年度任务', 'Annual task'],
  ['TaskTypeTwo', 'Others', '111', '季度任务', 'Quarterly task'],
  ['TaskTypeTwo', 'Others', '121', '月度任务', 'Monthly task'],

  ['LoanType', 'Others', '101', '测试借货', 'Test (POC)'],
  ['LoanType', 'Others', '111', '展示借货', 'Demo'],
  ['LoanType', 'Others', '121', '销售借货', 'Sales loan'],
  ['LoanType', 'Others', '131', '总代借货', 'Distributor loan'],

  ['ReturnReason', 'Others', '101', '测试结束', 'Test finished'],
  ['ReturnReason', 'Others', '111', '项目未中标', 'Bid lost'],
  ['ReturnReason', 'Others', '121', '展示结束', 'Demo finished'],
  ['ReturnReason', 'Others', '131', '设备故障', 'Faulty'],
  ['ReturnReason', 'Others', '141', '其他', 'Other'],

  ['ExecutionOrderSalesChannel', 'Others', '101', '总代', 'General distributor'],
  ['ExecutionOrderSalesChannel', 'Others', '111', '省级代理(RSP)', 'Regional agent (RSP)'],
  ['ExecutionOrderSalesChannel', 'Others', '121', '城市代理(CCP)', 'City agent (CCP)'],
  ['ExecutionOrderSalesChannel', 'Others', '131', '厂商直签', 'Vendor direct'],

  // Reconciled: took ordersSetup's service kinds; baseManage's quantity rules fit no order's ServiceType.
  ['ConstraintServiceType', 'Others', '101', '延保服务', 'Extended warranty'],
  ['ConstraintServiceType', 'Others', '111', '上门安装', 'On-site installation'],
  ['ConstraintServiceType', 'Others', '121', '驻场服务', 'Resident engineer'],

  // Reconciled: the same 1/2/3-year keywords in both proposals, plus baseManage's 5-year option (131).
  ['ExtendedWarrantyService', 'Others', '101', '原厂延保1年', '1-year extension'],
  ['ExtendedWarrantyService', 'Others', '111', '原厂延保2年', '2-year extension'],
  ['ExtendedWarrantyService', 'Others', '121', '原厂延保3年', '3-year extension'],
  ['ExtendedWarrantyService', 'Others', '131', '原厂延保5年', '5-year extension'],

  ['RebateAnnouncementType', 'Rebate', '101', '返利政策公告', 'Rebate policy'],
  ['RebateAnnouncementType', 'Rebate', '111', '返利结算公告', 'Settlement'],
  ['RebateAnnouncementType', 'Rebate', '121', '通用公告', 'General'],

  ['AnnouncementStatus', 'Rebate', '101', '草稿', 'Draft'],
  ['AnnouncementStatus', 'Rebate', '111', '审批中', 'In approval'],
  ['AnnouncementStatus', 'Rebate', '121', '已发布', 'Published'],
  ['AnnouncementStatus', 'Rebate', '131', '生效中', 'In effect'],
  ['AnnouncementStatus', 'Rebate', '141', '已结束', 'Ended'],
  ['AnnouncementStatus', 'Rebate', '151', '已作废', 'Void'],
  ['AnnouncementStatus', 'Rebate', '161', '已被新版本取代', 'Superseded'],

  ['RebatePeriodType', 'Rebate', '101', '月度', 'Monthly'],
  ['RebatePeriodType', 'Rebate', '111', '季度', 'Quarterly'],
  ['RebatePeriodType', 'Rebate', '121', '半年度', 'Half-yearly'],
  ['RebatePeriodType', 'Rebate', '131', '年度', 'Annual'],

  ['RebateCalcBasis', 'Rebate', '101', '提货额', 'Sell-in'],
  ['RebateCalcBasis', 'Rebate', '111', '出货额', 'Sell-out'],
  ['RebateCalcBasis', 'Rebate', '121', '回款额', 'Collections'],

  ['PayoutMethod', 'Rebate', '101', '订单抵扣', 'Order deduction'],
  ['PayoutMethod', 'Rebate', '111', '以货抵返利', 'Paid in goods'],
  ['PayoutMethod', 'Rebate', '121', '现金兑付', 'Cash'],

  ['RebateChannelTier', 'Rebate', '101', '总代', 'General distributor'],
  ['RebateChannelTier', 'Rebate', '111', '省级代理(RSP)', 'Regional agent (RSP)'],
  ['RebateChannelTier', 'Rebate', '121', '城市代理(CCP)', 'City agent (CCP)'],

  ['RebateSettlementStatus', 'Rebate', '101', '计算中', 'Calculating'],
  ['RebateSettlementStatus', 'Rebate', '111', '待审核', 'Vendor review'],
  ['RebateSettlementStatus', 'Rebate', '121', '待代理商确认', 'Awaiting agent'],
  ['RebateSettlementStatus', 'Rebate', '131', '异议中', 'Disputed'],
  ['RebateSettlementStatus', 'Rebate', '141', '已确认', 'Confirmed'],
  ['RebateSettlementStatus', 'Rebate', '151', '已入账', 'Posted'],
  ['RebateSettlementStatus', 'Rebate', '161', '已作废', 'Void'],

  ['RebateFlowType', 'Rebate', '101', '预提', 'Accrual'],
  ['RebateFlowType', 'Rebate', '111', '结算入账', 'Posted'],
  ['RebateFlowType', 'Rebate', '121', '下单冻结', 'Frozen'],
  ['RebateFlowType', 'Rebate', '131', '订单使用', 'Used'],
  ['RebateFlowType', 'Rebate', '141', '取消释放', 'Released'],
  ['RebateFlowType', 'Rebate', '151', '退货冲回', 'Reversed'],
  ['RebateFlowType', 'Rebate', '161', '过期失效', 'Expired'],
  ['RebateFlowType', 'Rebate', '171', '调整', 'Adjustment'],
  ['RebateFlowType', 'Rebate', '181', '现金兑付', 'Cash payout'],
  ['RebateFlowType', 'Rebate', '191', 'STI入账', 'STI posted'],

  ['TaskIndicatorType', 'Task', '101', '提货额', 'Sell-in'],
  ['TaskIndicatorType', 'Task', '111', '出货额', 'Sell-out'],
  ['TaskIndicatorType', 'Task', '121', '回款额', 'Collections'],
  ['TaskIndicatorType', 'Task', '131', '重点产品', 'Key products'],

  ['TaskPackageStatus', 'Task', '101', '草稿', 'Draft'],
  ['TaskPackageStatus', 'Task', '111', '已分解', 'Split'],
  ['TaskPackageStatus', 'Task', '121', '分配中', 'Allocating'],
  ['TaskPackageStatus', 'Task', '131', '待代理商确认', 'Awaiting agents'],
  ['TaskPackageStatus', 'Task', '141', '异议处理', 'Resolving objections'],
  ['TaskPackageStatus', 'Task', '151', '待审批', 'Awaiting approval'],
  ['TaskPackageStatus', 'Task', '161', '已生效', 'In effect'],
  ['TaskPackageStatus', 'Task', '171', '调整中', 'Adjusting'],
  ['TaskPackageStatus', 'Task', '181', '已关闭', 'Closed'],

  ['TaskConfirmStatus', 'Task', '101', '待确认', 'Pending'],
  ['TaskConfirmStatus', 'Task', '111', '已确认', 'Confirmed'],
  ['TaskConfirmStatus', 'Task', '121', '有异议', 'Objected'],
  ['TaskConfirmStatus', 'Task', '131', '已裁定', 'Decided'],
  ['TaskConfirmStatus', 'Task', '141', '超期自动确认', 'Auto-confirmed'],

  // Reconciled: both groups proposed the same four keywords; kept the wording that states each band's range.
  ['StiLevel', 'Task', '101', '未达门槛(<80%)', 'Below threshold (<80%)'],
  ['StiLevel', 'Task', '111', '达标区间(80%–100%)', 'Target band (80–100%)'],
  ['StiLevel', 'Task', '121', '超额加速(>100%)', 'Accelerator (>100%)'],
  ['StiLevel', 'Task', '131', '封顶(150%)', 'Capped (150%)'],

  // Reconciled: both groups proposed one list (STI task views and STI_2 reports); seeded once.
  ['StiStatus', 'Task', '101', '计算中', 'Calculating'],
  ['StiStatus', 'Task', '111', '待确认', 'Awaiting confirmation'],
  ['StiStatus', 'Task', '121', '已确认', 'Confirmed'],
  ['StiStatus', 'Task', '131', '已入账', 'Posted'],

  ['Quarter', 'Activity', '1', '第一季度', 'Q1'],
  ['Quarter', 'Activity', '2', '第二季度', 'Q2'],
  ['Quarter', 'Activity', '3', '第三季度', 'Q3'],
  ['Quarter', 'Activity', '4', '第四季度', 'Q4'],

  ['DailyReportStatus', 'Activity', '101', '草稿', 'Draft'],
  ['DailyReportStatus', 'Activity', '111', '已提交', 'Submitted'],
  ['DailyReportStatus', 'Activity', '121', '迟交', 'Submitted late'],
  ['DailyReportStatus', 'Activity', '131', '已阅', 'Read'],
  ['DailyReportStatus', 'Activity', '141', '已点评', 'Reviewed'],
  ['DailyReportStatus', 'Activity', '151', '未提交', 'Not submitted'],

  ['VisitTargetType', 'Activity', '101', '最终用户', 'End customer'],
  ['VisitTargetType', 'Activity', '111', '代理商', 'Agent'],

  ['VisitType', 'Activity', '101', '首次拜访', 'First visit'],
  ['VisitType', 'Activity', '111', '需求沟通', 'Needs discussion'],
  ['VisitType', 'Activity', '121', '方案交流', 'Solution presentation'],
  ['VisitType', 'Activity', '131', '技术测试', 'Technical test'],
  ['VisitType', 'Activity', '141', '商务谈判', 'Commercial negotiation'],
  ['VisitType', 'Activity', '151', '回款催收', 'Payment collection'],
  ['VisitType', 'Activity', '161', '关系维护', 'Relationship upkeep'],
  ['VisitType', 'Activity', '171', '陪同代理商', 'Joint visit with agent'],

  ['VisitStatus', 'Activity', '101', '已计划', 'Planned'],
  ['VisitStatus', 'Activity', '111', '拜访中', 'In progress'],
  ['VisitStatus', 'Activity', '121', '待填写纪要', 'Minutes due'],
  ['VisitStatus', 'Activity', '131', '已完成', 'Completed'],
  ['VisitStatus', 'Activity', '141', '已点评', 'Reviewed'],
  ['VisitStatus', 'Activity', '151', '已取消', 'Cancelled'],
  ['VisitStatus', 'Activity', '161', '未执行', 'Missed'],
  ['VisitStatus', 'Activity', '171', '中止', 'Abandoned'],

  ['CacheType', 'System', '101', '数据字典', 'Dictionaries'],
  ['CacheType', 'System', '111', '省市区', 'Regions'],
  ['CacheType', 'System', '121', '菜单权限', 'Menu permissions'],
  ['CacheType', 'System', '131', '产品价格', 'Product prices'],
  ['CacheType', 'System', '141', '系统参数', 'System parameters'],

  ['ExportStatus', 'System', '101', '导出中', 'Exporting'],
  ['ExportStatus', 'System', '111', '已完成', 'Completed'],
  ['ExportStatus', 'System', '121', '失败', 'Failed'],

  ['PartnerErrorType', 'System', '101', '客户未匹配', 'Customer not matched'],
  ['PartnerErrorType', 'System', '111', '物料未匹配', 'Part not matched'],
  ['PartnerErrorType', 'System', '121', '价格不一致', 'Price mismatch'],
  ['PartnerErrorType', 'System', '131', '数据格式错误', 'Malformed data'],
  ['PartnerErrorType', 'System', '141', '重复数据', 'Duplicate'],
  ['PartnerErrorType', 'System', '151', '其他', 'Other'],

  ['CronJobStatus', 'System', '101', '运行中', 'Running'],
  ['CronJobStatus', 'System', '111', '已暂停', 'Paused'],

  ['JobRunResult', 'System', '101', '成功', 'Succeeded'],
  ['JobRunResult', 'System', '111', '失败', 'Failed'],
  ['JobRunResult', 'System', '121', '执行中', 'Running'],
  ['JobRunResult', 'System', '131', '超时', 'Timed out'],

  ['ImportType', 'System', '101', '总代销售报表', 'GD sales report'],
  ['ImportType', 'System', '111', '总代库存报表', 'GD stock report'],
  ['ImportType', 'System', '121', '总代进货报表', 'GD purchase report'],
  ['ImportType', 'System', '131', '总代出货报表', 'GD shipment report'],
  ['ImportType', 'System', '141', 'RSP出货报表', 'RSP shipment report'],
  ['ImportType', 'System', '151', '销售任务', 'Sales tasks'],
  ['ImportType', 'System', '161', '返利结算公告', 'Rebate settlement announcement'],
];
