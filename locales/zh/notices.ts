/** The navbar's bell (views/shell/notice-bell.tsx): what happened to a record of the person's. */
export const notices = {
  title: '消息通知',
  bell: '消息通知（{{count}} 条未读）',
  none: '暂无消息',
  readAll: '全部已读',
  kinds: {
    opportunityMovedAway: '商机 {{no}}「{{name}}」已由 {{from}} 变更给 {{to}}，贵司不再跟进',
    opportunityMovedHere: '商机 {{no}}「{{name}}」已由 {{from}} 变更给贵司，保护期截止日不变',
  },
};
