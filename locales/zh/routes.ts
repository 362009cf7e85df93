/** Page titles (catalogue titleKey `route.*`) and top-bar module labels (`module.*`). */
export const route = {
  login: '登录',
  provRegister: '省级代理注册',
  cityRegister: '城市代理注册',
  provProgress: '省级代理注册进度',
  cityProgress: '城市代理注册进度',
  authRedirect: '登录跳转',
  notFound: '404',
  unauthorized: '401',
  dashboard: '首页',
  profile: '个人中心',
  changePassword: '修改密码',
};

export const module = {
  customers: '代理商管理',
  models: '模板管理',
  baseManage: '基础管理',
  system: '系统管理',
  ordersSetup: '订单管理',
  business: '商机管理',
  rebates: '返利管理',
  salesTask: '销售任务',
  report: '销量上报',
  importHistory: '上传历史',
  salesActivity: '销售活动',
  more: '更多',
};
