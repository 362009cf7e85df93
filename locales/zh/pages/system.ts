export const system = {
  pages: {
    cronjobList: '定时任务',
    cronjobInfo: '定时任务详情',
    roleMenus: '角色与菜单权限',
    workflows: '流程图',
    booksCheck: '账务核对',
    servers: '服务器',
  },
  fields: {
    cronJob: {
      JobName: '任务名称',
      JobGroup: '任务分组',
      Handler: '执行器',
      CronExpression: 'Cron 表达式',
      Status: '任务状态',
      Params: '执行参数',
      Concurrent: '允许并发执行',
      TimeoutSeconds: '超时时间（秒）',
      LastRunTime: '上次执行时间',
      LastRunResult: '上次执行结果',
      LastRunMessage: '上次执行信息',
      NextRunTime: '下次执行时间',
    },
  },
};
