/** The words of the generated benchmark documents (Chinese, as users write them). */
export const SCALE_TEXT = {
  rejectReason: '价格低于授权底价，请重新报价',
  cancelReason: '客户取消采购计划',
  /** Logistics companies, comma-separated for pick(). */
  logistics: '顺丰速运,京东物流,中国邮政,德邦物流',
  /** The reason of the benchmark rebate account's negative adjustments. */
  rebatePenalty: '窜货扣减返利',
};
