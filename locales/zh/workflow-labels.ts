import { workflowEventLabels } from './workflow-labels-events';
import { workflowServiceLabels } from './workflow-labels-services';
import { workflowStateLabels } from './workflow-labels-states';

/**
 * The workflow viewer's words for the statecharts that are not business workflows (those read as
 * their decision panels say them): states by their key, events by their type, the services they
 * call, their tags and timers. `statesOf` / `eventsOf` / `servicesOf` name one machine's own where a
 * shared word would mislead (state key: its path below the root). Read by
 * views/workflows/diagram-words.ts, not through t(): event types hold dots. The viewer's chunk
 * carries this file, no other page does. tests/unit/diagram-words.test.ts walks every machine.
 */
export const workflowLabels = {
  states: workflowStateLabels,
  statesOf: {} as Record<string, Record<string, string>>,
  events: workflowEventLabels,
  eventsOf: {} as Record<string, Record<string, string>>,
  services: workflowServiceLabels,
  servicesOf: {} as Record<string, Record<string, string>>,
  tags: {
    anonymous: '未登录',
    busy: '处理中',
    authenticated: '已登录',
    pending: '待处理',
    editable: '可编辑',
    confirming: '待确认',
    locked: '已锁定',
    downloading: '下载中',
    fallback: '工商查询',
    form: '表单',
    watching: '跟踪中',
    loadingRegions: '加载地区',
    awaitingDecision: '待审批',
  } as Record<string, string>,
  delays: {
    LOOKUP_RETRY_MS: '稍后重试',
    typingRests: '停止输入后',
  } as Record<string, string>,
  templates: {
    done: '{{service}}成功',
    error: '{{service}}失败',
    afterSeconds: '{{seconds}} 秒后',
    stateDone: '{{state}}完成',
    always: '条件满足即转换',
    guard: '[仅{{guard}}]',
  },
};
