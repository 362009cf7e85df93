/** What the demo's reviewers and agents write about reports (demo-report-states.seed.ts). */
export const REPORT_RETURN_OPINIONS = [
  '期末库存与上月期末不符，请核对调拨单后重新导入',
  '部分最终用户缺少统一社会信用代码，请补充',
  '出货数量与物流单据不一致，请更正',
  '进货单价与合同价不符，请核对',
];

export const LATE_REPORT_REASON = '十月库存已于11月3日导入，月底盘点调整后漏提交，申请补报';
