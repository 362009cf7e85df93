import { type CodeOf, defineCodes } from './code';

/** Rebates: announcements, periods, calculation basis, payout, channel tiers, settlements, ledger flows. */

export const RebateAnnouncementType = defineCodes({
  rebatePolicy: ['101', '返利政策公告', 'Rebate policy'],
  settlement: ['111', '返利结算公告', 'Settlement'],
  general: ['121', '通用公告', 'General'],
});
export type RebateAnnouncementType = CodeOf<typeof RebateAnnouncementType>;

export const AnnouncementStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  inApproval: ['111', '审批中', 'In approval'],
  published: ['121', '已发布', 'Published'],
  inEffect: ['131', '生效中', 'In effect'],
  ended: ['141', '已结束', 'Ended'],
  void: ['151', '已作废', 'Void'],
  superseded: ['161', '已被新版本取代', 'Superseded'],
  approved: ['171', '审批通过待发布', 'Approved, not published'],
});
export type AnnouncementStatus = CodeOf<typeof AnnouncementStatus>;

export const RebatePeriodType = defineCodes({
  monthly: ['101', '月度', 'Monthly'],
  quarterly: ['111', '季度', 'Quarterly'],
  halfYearly: ['121', '半年度', 'Half-yearly'],
  annual: ['131', '年度', 'Annual'],
});
export type RebatePeriodType = CodeOf<typeof RebatePeriodType>;

export const RebateCalcBasis = defineCodes({
  sellIn: ['101', '提货额', 'Sell-in'],
  sellOut: ['111', '出货额', 'Sell-out'],
  collections: ['121', '回款额', 'Collections'],
});
export type RebateCalcBasis = CodeOf<typeof RebateCalcBasis>;

export const PayoutMethod = defineCodes({
  orderDeduction: ['101', '订单抵扣', 'Order deduction'],
  paidInGoods: ['111', '以货抵返利', 'Paid in goods'],
  cash: ['121', '现金兑付', 'Cash'],
});
export type PayoutMethod = CodeOf<typeof PayoutMethod>;

export const RebateChannelTier = defineCodes({
  generalDistributor: ['101', '总代', 'General distributor'],
  rsp: ['111', '省级代理(RSP)', 'Regional agent (RSP)'],
  ccp: ['121', '城市代理(CCP)', 'City agent (CCP)'],
});
export type RebateChannelTier = CodeOf<typeof RebateChannelTier>;

export const RebateSettlementStatus = defineCodes({
  calculating: ['101', '计算中', 'Calculating'],
  vendorReview: ['111', '待审核', 'Vendor review'],
  awaitingAgent: ['121', '待代理商确认', 'Awaiting agent'],
  disputed: ['131', '异议中', 'Disputed'],
  confirmed: ['141', '已确认', 'Confirmed'],
  posted: ['151', '已入账', 'Posted'],
  void: ['161', '已作废', 'Void'],
});
export type RebateSettlementStatus = CodeOf<typeof RebateSettlementStatus>;

// A settlement sheet's states (workflow settlementSheet, docs/rebates.md "Settlement sheets").
export const SettlementSheetStatus = defineCodes({
  uploaded: ['101', '已上传待发布', 'Uploaded, not published'],
  published: ['111', '已发布入账', 'Published and posted'],
  void: ['121', '已作废', 'Void'],
});
export type SettlementSheetStatus = CodeOf<typeof SettlementSheetStatus>;

export const RebateFlowType = defineCodes({
  accrual: ['101', '预提', 'Accrual'],
  posted: ['111', '结算入账', 'Posted'],
  frozen: ['121', '下单冻结', 'Frozen'],
  used: ['131', '订单使用', 'Used'],
  released: ['141', '取消释放', 'Released'],
  reversed: ['151', '退货冲回', 'Reversed'],
  expired: ['161', '过期失效', 'Expired'],
  adjustment: ['171', '调整', 'Adjustment'],
  cashPayout: ['181', '现金兑付', 'Cash payout'],
  stiPosted: ['191', 'STI入账', 'STI posted'],
});
export type RebateFlowType = CodeOf<typeof RebateFlowType>;

// The ledger's two accounts of an agent (server/rebates/ledger.service.ts).
export const RebateAccountType = defineCodes({
  rebate: ['101', '返利账户', 'Rebate account'],
  cashDiscount: ['111', '现金折扣账户', 'Cash-discount account'],
});
export type RebateAccountType = CodeOf<typeof RebateAccountType>;
