import {
  DailyReportStatus,
  Quarter,
  VisitStatus,
  VisitTargetType,
  VisitType,
} from '../../domain/codes/activity.codes';
import {
  CacheType,
  CronJobStatus,
  ExportStatus,
  ImportType,
  JobRunResult,
  PartnerErrorType,
  UploadResult,
} from '../../domain/codes/base.codes';
import { LoanType, ReturnReason } from '../../domain/codes/loans.codes';
import {
  ConstraintServiceType,
  ExecutionOrderSalesChannel,
  ExtendedWarrantyService,
} from '../../domain/codes/orders.codes';
import { RefundDirection } from '../../domain/codes/payments.codes';
import {
  AnnouncementStatus,
  PayoutMethod,
  RebateAnnouncementType,
  RebateCalcBasis,
  RebateChannelTier,
  RebateFlowType,
  RebatePeriodType,
  RebateSettlementStatus,
  SettlementSheetStatus,
} from '../../domain/codes/rebates.codes';
import {
  CityManagerTaskType,
  ReportKind,
  StiKind,
  StiLevel,
  StiStatus,
  TaskApprovalStatus,
  TaskConfirmStatus,
  TaskIndicatorType,
  TaskPackageStatus,
  TaskProductLine,
  TaskType,
  TaskTypeTwo,
} from '../../domain/codes/sales-tasks.codes';
import type { DictionarySeed } from './dictionaries.data';
import { dictionaryRows } from './dictionary-rows';

/**
 * SPEC §3 "Others": upload result, refund direction, task approval status, task product line, task type
 * and type two, return reason, loan type, execution-order sales channels, constraint service type and
 * extended warranty service; then the lookups owned by the rebate, task, activity and system areas.
 */
export const otherDictionaries: DictionarySeed[] = [
  ...dictionaryRows('UploadResult', 'Others', UploadResult),
  ...dictionaryRows('RefundDirection', 'Others', RefundDirection),
  ...dictionaryRows('StiKind', 'Others', StiKind),
  ...dictionaryRows('ReportKind', 'Others', ReportKind),
  ...dictionaryRows('TaskApprovalStatus', 'Others', TaskApprovalStatus),
  ...dictionaryRows('TaskProductLine', 'Others', TaskProductLine),
  ...dictionaryRows('TaskType', 'Others', TaskType),
  ...dictionaryRows('TaskTypeTwo', 'Others', TaskTypeTwo),
  ...dictionaryRows('CityManagerTaskType', 'Task', CityManagerTaskType),
  ...dictionaryRows('LoanType', 'Others', LoanType),
  ...dictionaryRows('ReturnReason', 'Others', ReturnReason),
  ...dictionaryRows('ExecutionOrderSalesChannel', 'Others', ExecutionOrderSalesChannel),
  ...dictionaryRows('ConstraintServiceType', 'Others', ConstraintServiceType),
  ...dictionaryRows('ExtendedWarrantyService', 'Others', ExtendedWarrantyService),
  ...dictionaryRows('RebateAnnouncementType', 'Rebate', RebateAnnouncementType),
  ...dictionaryRows('AnnouncementStatus', 'Rebate', AnnouncementStatus),
  ...dictionaryRows('RebatePeriodType', 'Rebate', RebatePeriodType),
  ...dictionaryRows('RebateCalcBasis', 'Rebate', RebateCalcBasis),
  ...dictionaryRows('PayoutMethod', 'Rebate', PayoutMethod),
  ...dictionaryRows('RebateChannelTier', 'Rebate', RebateChannelTier),
  ...dictionaryRows('RebateSettlementStatus', 'Rebate', RebateSettlementStatus),
  ...dictionaryRows('RebateFlowType', 'Rebate', RebateFlowType),
  ...dictionaryRows('SettlementSheetStatus', 'Rebate', SettlementSheetStatus),
  ...dictionaryRows('TaskIndicatorType', 'Task', TaskIndicatorType),
  ...dictionaryRows('TaskPackageStatus', 'Task', TaskPackageStatus),
  ...dictionaryRows('TaskConfirmStatus', 'Task', TaskConfirmStatus),
  ...dictionaryRows('StiLevel', 'Task', StiLevel),
  ...dictionaryRows('StiStatus', 'Task', StiStatus),
  ...dictionaryRows('Quarter', 'Activity', Quarter),
  ...dictionaryRows('DailyReportStatus', 'Activity', DailyReportStatus),
  ...dictionaryRows('VisitTargetType', 'Activity', VisitTargetType),
  ...dictionaryRows('VisitType', 'Activity', VisitType),
  ...dictionaryRows('VisitStatus', 'Activity', VisitStatus),
  ...dictionaryRows('CacheType', 'System', CacheType),
  ...dictionaryRows('ExportStatus', 'System', ExportStatus),
  ...dictionaryRows('PartnerErrorType', 'System', PartnerErrorType),
  ...dictionaryRows('CronJobStatus', 'System', CronJobStatus),
  ...dictionaryRows('JobRunResult', 'System', JobRunResult),
  ...dictionaryRows('ImportType', 'System', ImportType),
];
