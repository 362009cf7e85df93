import { activity as zhActivity } from '../../locales/zh/activity';
import { agreements as zhAgreements } from '../../locales/zh/agreements';
import { deliveries as zhDeliveries } from '../../locales/zh/deliveries';
import { imports as zhImports } from '../../locales/zh/imports';
import { loans as zhLoans } from '../../locales/zh/loans';
import { partner as zhPartner } from '../../locales/zh/partner';
import { settlementMessages as zhRebates } from '../../locales/zh/rebate-settlement';
import { reportStates as zhReportStates } from '../../locales/zh/report-states';
import { salesTasks as zhSalesTasks } from '../../locales/zh/sales-tasks';

export interface SeededJob {
  code: string;
  name: string;
  group: string;
  handler: string;
  cron: string;
  params: Record<string, unknown>;
  timeoutSeconds: number;
  remark: string;
}

/**
 * The jobs every portal has (docs/scheduled-jobs.md), in both seed modes. The reference step
 * (server/reference/reconcile.ts) adds the ones a database lacks on every start, so a job added here
 * reaches databases seeded before it without a migration.
 */
export const SEEDED_JOBS: SeededJob[] = [
  {
    code: 'agentRenewalReminders',
    name: '代理商续约提醒',
    group: '代理商',
    handler: 'renewalReminders',
    cron: '0 8 * * *',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 8:00（北京时间）统计协议 90/60/30 天内到期的代理商',
  },
  {
    code: 'exportFileCleanup',
    name: '过期导出文件清理',
    group: '系统维护',
    handler: 'exportFileCleanup',
    cron: '15 * * * *',
    params: {},
    timeoutSeconds: 300,
    remark: '每小时：导出文件在下载链接过期（1 天）后删除',
  },
  {
    code: 'uploadTempCleanup',
    name: '上传临时文件清理',
    group: '系统维护',
    handler: 'uploadTempCleanup',
    cron: '*/10 * * * *',
    params: { olderThanMinutes: 30 },
    timeoutSeconds: 300,
    remark: '每 10 分钟：删除 30 分钟无写入、从未登记的上传文件',
  },
  {
    code: 'booksCheck',
    name: '账务核对',
    group: '系统维护',
    handler: 'booksCheck',
    cron: '30 2 * * *',
    params: {},
    timeoutSeconds: 600,
    remark: '每天 2:30（北京时间）核对各业务域的账务规则，结果见 系统管理 › 账务核对',
  },
  {
    code: 'sessionCleanup',
    name: '过期登录令牌清理',
    group: '系统维护',
    handler: 'sessionCleanup',
    cron: '*/5 * * * *',
    params: {},
    timeoutSeconds: 60,
    remark: '每 5 分钟：删除已退出或闲置超过 5 小时的登录令牌',
  },
  {
    code: 'opportunityProtection',
    name: '商机保护到期与预警',
    group: '商机',
    handler: 'opportunityProtection',
    cron: '30 1 * * *',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 1:30（北京时间）：保护期已过的商机报备置为已过期，30 天无进展记录的置为待更新(预警)',
  },
  {
    code: 'reportControlDateLock',
    name: zhImports.job.title.name,
    group: zhImports.job.title.group,
    handler: 'controlDateLock',
    cron: '*/10 * * * *',
    params: {},
    timeoutSeconds: 60,
    remark: zhImports.job.handler,
  },
  {
    code: 'partnerOrderPull',
    name: zhPartner.job.title.name,
    group: zhPartner.job.title.group,
    handler: 'partnerOrderPull',
    cron: '*/30 * * * *',
    params: {},
    timeoutSeconds: 600,
    remark: zhPartner.job.handler,
  },
  {
    code: 'shipmentAutoConfirm',
    name: zhDeliveries.job.title.name,
    group: zhDeliveries.job.title.group,
    handler: 'shipmentAutoConfirm',
    cron: '20 * * * *',
    params: {},
    timeoutSeconds: 300,
    remark: zhDeliveries.job.handler,
  },
  {
    code: 'rebateTaskAchievement',
    name: zhRebates.job.achievement.title.name,
    group: zhRebates.job.achievement.title.group,
    handler: 'rebateTaskAchievement',
    cron: '0 2 * * *',
    params: {},
    timeoutSeconds: 600,
    remark: zhRebates.job.achievement.handler,
  },
  {
    code: 'rebateExpiry',
    name: zhRebates.job.expiry.title.name,
    group: zhRebates.job.expiry.title.group,
    handler: 'rebateExpiry',
    cron: '30 0 * * *',
    params: {},
    timeoutSeconds: 600,
    remark: zhRebates.job.expiry.handler,
  },
  {
    code: 'loanOverdue',
    name: zhLoans.job.title.name,
    group: zhLoans.job.title.group,
    handler: 'loanOverdue',
    cron: '40 1 * * *',
    params: {},
    timeoutSeconds: 300,
    remark: zhLoans.job.handler,
  },
  {
    code: 'agreementFiles',
    name: zhAgreements.job.title.name,
    group: zhAgreements.job.title.group,
    handler: 'agreementFiles',
    cron: '* * * * *',
    params: {},
    timeoutSeconds: 300,
    remark: zhAgreements.job.handler,
  },
  {
    code: 'productPull',
    name: zhPartner.products.job.title.name,
    group: zhPartner.products.job.title.group,
    handler: 'productPull',
    cron: '30 2 * * *',
    params: {},
    timeoutSeconds: 600,
    remark: zhPartner.products.job.handler,
  },
  {
    code: 'activityDeadlines',
    name: zhActivity.job.title.name,
    group: zhActivity.job.title.group,
    handler: 'activityDeadlines',
    cron: '10 0 * * *',
    params: {},
    timeoutSeconds: 300,
    remark: zhActivity.job.handler,
  },
  {
    code: 'rspTaskAutoConfirm',
    name: zhSalesTasks.job.title.name,
    group: zhSalesTasks.job.title.group,
    handler: 'rspTaskAutoConfirm',
    cron: '40 1 * * *',
    params: {},
    timeoutSeconds: 300,
    remark: zhSalesTasks.job.handler,
  },
  {
    code: 'reportDeadlines',
    name: zhReportStates.job.title.name,
    group: zhReportStates.job.title.group,
    handler: 'reportDeadlines',
    cron: '*/10 * * * *',
    params: {},
    timeoutSeconds: 300,
    remark: zhReportStates.job.handler,
  },
];
