/**
 * Sales activity (server/activity): visits and daily reports, their decision panels, refusals, the
 * daily job and the guards of their statecharts. Spread into the shared sections where they are read.
 */
export const activity = {
  visit: {
    title: '拜访',
    commands: {
      checkIn: '签到',
      checkOut: '签退',
      record: '提交纪要',
      cancel: '取消拜访',
      abandon: '中止拜访',
      reviewVisit: '点评',
      miss: '标记未执行',
    },
    states: {
      planned: '已计划',
      inProgress: '拜访中（已签到）',
      toRecord: '待填写纪要',
      completed: '已完成',
      reviewed: '已点评',
      cancelled: '已取消',
      missed: '未执行',
      abandoned: '中止',
    },
  },
  report: {
    title: '工作日报',
    commands: { submit: '提交日报', markRead: '标记已阅', commentReport: '点评', lock: '锁定' },
    states: {
      draft: '草稿',
      submitted: '已提交',
      read: '已阅',
      commented: '已点评',
      locked: '未提交（已锁定）',
    },
  },
  hints: {
    reviewVisit: '请在“原因”中填写点评意见。',
    commentReport: '请在“原因”中填写点评意见。',
    cancel: '请填写取消原因。',
    abandon: '请填写中止原因。',
    checkIn:
      '请填写您当前所在位置的纬度和经度（度，例如 32.0418 和 118.7785）；输入的位置不带定位精度，将记录为手动输入。',
  },
  errors: {
    frozenAtCheckIn: '已签到，{{field}}不能再修改：客户地址与签到位置是拜访的凭据',
    notYourVisit: '只有拜访人本人可以修改该拜访',
    visitClosed: '拜访 {{no}} 已结束，不能再修改',
    notYourReport: '只有填报人本人可以修改该日报',
    reportLocked: '{{day}} 的日报已超过 {{days}} 天，已锁定，不能再填写或提交',
    reportSubmitted: '{{day}} 的日报已提交，不能再修改',
  },
  problems: {
    notWorkingDay: '{{day}} 不是工作日',
    future: '{{day}} 尚未到来，不能填写日报',
    secondReport: '该日期已有您的日报，每人每个工作日一份',
    notAManager: '“{{name}}”不是您的上级：请从列表中选择省区、大区负责人或公司领导',
    notACopyReader: '“{{name}}”不是您可以抄送的员工：请从列表中选择您的上级或您负责范围内的同事',
    unknownOpportunity: '商机 {{no}} 不存在或不在您的数据范围内',
    latitude: '纬度须在 -90 到 90 之间',
    longitude: '经度须在 -180 到 180 之间',
  },
  job: {
    title: { name: '拜访与日报到期处理', group: '销售活动' },
    handler: '计划日已过仍未签到的拜访置为未执行；超过 3 天仍未提交的日报锁定为未提交',
    message: '今天（{{today}}）：{{missed}} 个拜访置为未执行，{{locked}} 份日报锁定为未提交',
  },
  guards: {
    isVisitor: '拜访人本人',
    isVisitReviewer: '省区经理',
    isReporter: '填报人本人',
    isTeamManager: '团队的省区经理',
  },
};
