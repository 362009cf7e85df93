import { activity } from './activity';
import { agreements } from './agreements';
import { books } from './books';
import { deliveries } from './deliveries';
import { imports } from './imports';
import { loans } from './loans';
import { opportunities } from './opportunities';
import { partner } from './partner';
import { settlementMessages } from './rebate-settlement';
import { rebateMessages } from './rebates';
import { reportStates } from './report-states';
import { salesTasks } from './sales-tasks';
import { specialPrices } from './special-prices';

/** Server messages of the scheduled jobs (docs/scheduled-jobs.md): refusals, and what each run reports. */
export const jobs = {
  notFound: '定时任务不存在',
  staleVersion: '该定时任务已被他人修改，请刷新后重试',
  notWritable: '字段 {{field}} 由程序定义，不可修改',
  unknownHandler: '执行器 {{handler}} 不存在',
  updated: '定时任务已保存',
  unchanged: '没有需要保存的修改',
  queued: '已加入执行队列，稍后即可在执行记录中看到结果',
  alreadyQueued: '该任务已在执行队列中',
  alreadyRunning: '该任务正在执行，请待本次执行结束后再试',
  cron: {
    required: '请填写 Cron 表达式',
    tooLong: 'Cron 表达式不能超过 200 个字符',
    fieldCount: 'Cron 表达式须为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周）',
    invalid: 'Cron 表达式无法识别，请检查每一段的取值',
    never: '该 Cron 表达式永远不会触发',
  },
  params: '执行参数须为 JSON 对象，且符合该执行器的要求：{{problem}}',
  paramsSize: '执行参数嵌套不能超过 {{depth}} 层，长度不能超过 {{length}} 个字符',
  /** The seeded jobs' names and groups, by job code: program-defined, so shown in the reader's language. */
  titles: {
    booksCheck: books.job.title,
    activityDeadlines: activity.job.title,
    rspTaskAutoConfirm: salesTasks.job.title,
    reportControlDateLock: imports.job.title,
    partnerOrderPull: partner.job.title,
    partnerInstructionPull: partner.shipping.instructions.job.title,
    partnerShipmentPull: partner.shipping.shipments.job.title,
    productPull: partner.products.job.title,
    shipmentAutoConfirm: deliveries.job.title,
    rebateTaskAchievement: settlementMessages.job.achievement.title,
    rebateExpiry: settlementMessages.job.expiry.title,
    rebatePolicyDates: rebateMessages.policy.job.title,
    loanOverdue: loans.job.title,
    executionOrderExpiry: specialPrices.job.title,
    reportDeadlines: reportStates.job.title,
    agreementFiles: agreements.job.title,
    opportunityProtection: opportunities.job.title,
    protectionEndingNotices: opportunities.endingJob.title,
    agentRenewalReminders: { name: '代理商续约提醒', group: '代理商' },
    exportFileCleanup: { name: '过期导出文件清理', group: '系统维护' },
    uploadTempCleanup: { name: '上传临时文件清理', group: '系统维护' },
    sessionCleanup: { name: '过期登录令牌清理', group: '系统维护' },
    databaseStatistics: { name: '数据库统计信息更新', group: '系统维护' },
  },
  handlers: {
    booksCheck: books.job.handler,
    activityDeadlines: activity.job.handler,
    rspTaskAutoConfirm: salesTasks.job.handler,
    controlDateLock: imports.job.handler,
    partnerOrderPull: partner.job.handler,
    partnerInstructionPull: partner.shipping.instructions.job.handler,
    partnerShipmentPull: partner.shipping.shipments.job.handler,
    productPull: partner.products.job.handler,
    shipmentAutoConfirm: deliveries.job.handler,
    rebateTaskAchievement: settlementMessages.job.achievement.handler,
    rebateExpiry: settlementMessages.job.expiry.handler,
    rebatePolicyDates: rebateMessages.policy.job.handler,
    loanOverdue: loans.job.handler,
    executionOrderExpiry: specialPrices.job.handler,
    reportDeadlines: reportStates.job.handler,
    agreementFiles: agreements.job.handler,
    opportunityProtection: opportunities.job.handler,
    protectionEndingNotices: opportunities.endingJob.handler,
    renewalReminders: '代理商协议到期前 90/60/30 天续约提醒：统计各提醒窗口内的代理商',
    exportFileCleanup: '删除超过下载链接有效期（1 天）的导出文件，以及中断的导出留下的临时文件',
    uploadTempCleanup: '删除上传中断后留在临时目录、从未登记的文件，以及存储中没有登记记录的文件',
    sessionCleanup: '删除已退出或闲置超过 5 小时的登录令牌',
    databaseStatistics: '在没有自动清理进程的数据库（内嵌数据库）上更新各表的统计信息，供查询计划使用',
  },
  messages: {
    booksCheck: books.job.message,
    activityDeadlines: activity.job.message,
    rspTaskAutoConfirm: salesTasks.job.message,
    controlDateLock: imports.job.message,
    partnerOrderPull: partner.job.message,
    partnerInstructionPull: partner.shipping.instructions.job.message,
    partnerShipmentPull: partner.shipping.shipments.job.message,
    productPull: partner.products.job.message,
    shipmentAutoConfirm: deliveries.job.message,
    rebateTaskAchievement: settlementMessages.job.achievement.message,
    rebateExpiry: settlementMessages.job.expiry.message,
    rebatePolicyDates: rebateMessages.policy.job.message,
    loanOverdue: loans.job.message,
    executionOrderExpiry: specialPrices.job.message,
    reportDeadlines: reportStates.job.message,
    agreementFiles: agreements.job.message,
    opportunityProtection: opportunities.job.message,
    protectionEndingNotices: opportunities.endingJob.message,
    renewalReminders:
      '今天（{{today}}）协议将到期的代理商共 {{total}} 家：T−30 窗口（30 天内）{{within30}} 家，T−60 窗口（31–60 天）{{within60}} 家，T−90 窗口（61–90 天）{{within90}} 家。仅记录提醒，未修改代理商状态：系统中没有“进入 90 天窗口即改为待续签”的规则。',
    exportFileCleanup: '删除过期导出文件 {{files}} 个，中断导出的临时文件 {{partials}} 个',
    uploadTempCleanup: '删除上传临时文件 {{incoming}} 个，存储中未登记的文件 {{orphans}} 个',
    sessionCleanup: '删除登录令牌 {{total}} 个（已退出 {{revoked}} 个，闲置超时 {{idle}} 个）',
    databaseStatistics: '已更新 {{tables}} 张表的统计信息',
    databaseStatisticsByServer: '数据库服务器的自动清理进程已在维护统计信息，无需更新',
    timeout: '执行超过 {{seconds}} 秒，已按超时结束',
    abandoned: '执行中的服务器（{{instance}}）未能报告结果，已按超时结束',
    stopped: '服务器停止，执行被中断',
    unknownHandler: '执行器 {{handler}} 不存在',
  },
};
