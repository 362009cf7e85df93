/** The navbar's bell (views/shell/notice-bell.tsx): what happened to a record of the person's. */
export const notices = {
  title: '消息通知',
  bell: '消息通知，{{count}} 条未读',
  none: '暂无消息',
  readAll: '全部已读',
  kinds: {
    opportunityMovedAway: '商机 {{no}}「{{name}}」已由 {{from}} 变更给 {{to}}，贵司不再跟进',
    opportunityMovedHere: '商机 {{no}}「{{name}}」已由 {{from}} 变更给贵司，保护期截止日不变',
    specialPriceApproved: '特价申请 {{no}}（商机 {{opportunityNo}}「{{opportunityName}}」）已审批通过',
    specialPriceRejected:
      '特价申请 {{no}}（商机 {{opportunityNo}}「{{opportunityName}}」）已被驳回：{{reason}}',
    specialPriceReturned:
      '特价申请 {{no}}（商机 {{opportunityNo}}「{{opportunityName}}」）已退回修改：{{reason}}',
    protectionEnding: '商机 {{no}}「{{name}}」的保护期将于 {{until}}（北京时间）结束，请及时跟进或申请延期',
    conflictAwarded: '商机 {{no}}「{{name}}」的报备冲突已裁决给贵司，保护期至 {{until}}（北京时间）',
    conflictReleased: '商机 {{no}}「{{name}}」的报备冲突已裁决给另一报备，贵司的保护已解除',
    conflictRejected:
      '商机 {{no}}「{{name}}」的报备冲突已裁决：保留先报备的商机，贵司的报备被驳回：{{reason}}',
    conflictKept: '商机 {{no}}「{{name}}」的报备冲突已裁决：保留贵司的报备，保护期不变',
  },
};
