/** Server messages of the employee accounts and the agents' addresses (docs/employees-and-addresses.md). */
export const employee = {
  created: '员工已创建，首次登录须修改密码',
  updated: '修改已确认',
  unchanged: '没有需要保存的修改',
  reverted: '已撤销上一次修改',
  notFound: '员工不存在',
  usernameTaken: '用户名 {{username}} 已被使用，请换一个',
  idTaken: '员工编号 {{id}} 已存在',
  unknownRole: '角色 {{code}} 不存在',
  companyRequired: '代理商员工须选择所属公司（ExtCompanyID_SDK）',
  companyNotAllowed: '厂商员工不能属于代理商公司（ExtCompanyID_SDK）',
  unknownCompany: '所属公司不存在（ExtCompanyID_SDK）',
  provinceRequired: '该角色按省区查看数据，须填写省份（ProvinceCode）',
  cityRequired: '该角色按城市查看数据，须填写城市（CityCode）',
  passwordWeak: '初始密码至少 8 位，且须同时包含字母和数字',
  staleVersion: '该员工已被他人修改，请刷新后重试',
  versionRequired: '缺少版本号（Version 或 ModifiedOn），请刷新后重试',
  nothingToUndo: '没有可撤销的修改',
  lastAdmin: '不能停用或更改最后一名在职系统管理员的角色',
  passwordReset: '密码已重置，该员工下次登录须修改密码',
  resetBeyondRole: '只能重置角色权限不超出自己角色的账号的密码',
  resetOwn: '不能在这里重置自己的密码，请在个人中心修改',
  resetAdmin: '只有账号管理员可以重置系统管理员的密码',
  resetLastAdmin: '不能重置最后一名在职系统管理员的密码',
};

export const address = {
  created: '地址已保存',
  notFound: '地址不存在或无权查看',
  unknownCustomer: '客户不存在或无权查看',
  changeForbidden: '无权修改该客户的地址',
};

/** Problems of one field, shown as "<field>：<problem>". */
export const peopleProblems = {
  region: '所选地区不存在或不属于上一级地区',
  notWritable: '不可修改',
};
