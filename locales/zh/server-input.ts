import { admin } from './admin';
import { decision } from './decision';
import { requestFields } from './request-fields';
import { specialPrices } from './special-prices';

/**
 * What the server says about input it refuses (bounds, impossible values, blank writes), and the
 * labels of the request fields that are not fields of a record (paging, keyword, sort).
 */
export const input = {
  blankWrite: '请先填写表单再保存',
  notAnObject: '请求内容须为 JSON 对象',
  inUse: '该记录已被其他单据引用，不能删除',
  duplicate: '与已有的记录重复，请核对后重新填写',
  badConfirmation: '确认内容格式不正确，请重新保存后在对话框中确认',
  problems: {
    range: '须在 {{min}} 到 {{max}} 之间',
    atLeast: '不能小于 {{min}}',
    integerRange: '须为 {{min}} 到 {{max}} 之间的整数',
    nul: '不能包含空字符',
    objectId: '不是有效的记录编号',
    day: '须为 {{min}} 到 {{max}} 年之间真实存在的日期（YYYY-MM-DD）',
    instant: '须为 {{min}} 到 {{max}} 年之间的时间',
    amount: '须为不小于 0、不超过 {{max}} 且最多两位小数的金额',
    reservedName: '不能使用保留名称',
    notAList: '须为文字或文字列表',
    bankAccount: '须为 {{min}} 到 {{max}} 位数字（可用空格或短横线分组）',
    taken: '已被其他记录使用，不能重复',
  },
  /** A nested field of a request, as a refusal names it: each list position a line counted from 1. */
  path: { row: '第 {{row}} 行', rowOf: '{{list}}第 {{row}} 行', fieldOf: '{{owner}}的{{field}}' },
  /** The kind of value a refused field should hold. */
  types: {
    string: '文字',
    number: '数字',
    int: '整数',
    boolean: '是或否',
    array: '列表',
    object: '一组字段',
    date: '日期',
  },
  /** Between the allowed values a refusal lists. */
  listSeparator: '、',
  /**
   * The words of the values a request field allows, by field then value: a refusal lists them so, never
   * as the codes sent (server/http/field-words.ts).
   */
  values: {
    action: decision.commands,
    Command: { ...decision.commands, ...specialPrices.decision.commands },
    DataScope: admin.roleMenus.dataScope,
    level: {
      province: '省',
      city: '市',
      district: '区县',
      platform: '平台',
      brand: '品牌',
      type: '类型',
      model: '型号',
    },
    source: { registry: '工商登记库', manual: '手工填写' },
    searchType: { '1': '机型的全部部件', '2': 'CPU' },
  },
  fields: {
    ParticipantRole: '交易角色',
    currentPage: '页码',
    pageSize: '每页条数',
    keyword: '关键字',
    sort: '排序',
    ObjectID: '编号',
    ObjectIDs: '所选记录',
    Version: '版本',
    query: '导出条件',
    PageID: '页面',
    // What a workflow command carries (server/workflows/decisions.ts names them in its refusals).
    reason: '原因',
    adjustAmount: '调整金额（元）',
    ...requestFields,
  },
};
