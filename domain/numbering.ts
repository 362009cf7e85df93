/**
 * Every business number's prefix, named once (DOMAIN.md numbering: `<prefix><yyyyMMdd><4-digit daily
 * seq>`). Services, storages, workflow declarations and the demo seed read it from here, and the
 * numbering service takes only these, so a misspelt prefix is a type error.
 */
export const NUMBER_PREFIX = {
  order: 'DD',
  agentAccount: 'KH',
  registration: 'ZR',
  agreement: 'XY',
  opportunity: 'BB',
  specialPrice: 'TJ',
  executionOrder: 'ZX',
  commitmentLetter: 'CN',
  payment: 'HK',
  verification: 'HX',
  invoice: 'KP',
  shipment: 'FH',
  orderChange: 'BG',
  loan: 'JH',
  loanReturn: 'GH',
  rebatePolicy: 'GG',
  // A rebate task and the settlement sheet that settles it share one sequence.
  rebateSettlement: 'FL',
  // A settlement sheet: the confirmed settlements finance publishes and posts together.
  rebateSettlementSheet: 'JS',
  rebateFlow: 'LS',
  rebateAccrual: 'YT',
  rebateAdjustment: 'TZ',
  salesTask: 'RW',
  agentReport: 'JX',
  reportOpinion: 'YJ',
  lateReport: 'YQ',
  visit: 'BF',
  partnerPull: 'PL',
  productPull: 'CP',
} as const;

export type NumberPrefix = (typeof NUMBER_PREFIX)[keyof typeof NUMBER_PREFIX];
