/** Refusals of the configuration pages of opportunity management and of the processes that read them. */
export const opportunityConfigMessages = {
  areaCodeTaken: 'Another sales area has this code',
  areaRegion: '{{province}} belongs to the {{region}} region',
  areaManager: 'Must be an active city manager of this province',
  areaNoManager: 'An enabled sales area needs an area manager (a city manager of its province)',
  areaCityTaken: 'The city already has the enabled sales area {{name}}; disable it first',
  channelTaken: 'There is already an opportunity channel named {{name}}',
  channelCreditCodeTaken: 'Already used by the opportunity channel {{name}}',
  channelUnknown: 'Choose an enabled channel of opportunity channel management',
  configDates: 'The end date cannot be before the start date',
  configProductUnknown: 'The product file has no product with this code',
  configProductTaken: 'This product already has a sales product configuration; edit that one',
  configNotProducts: 'Does not match the product file of {{code}}',
  configCodeTaken: 'Already used by another special configuration, a product or a CPQ configuration',
  configModel: '{{model}} is not a model of this product line',
  lineNotOnSale:
    'No sales product configuration in force puts this product line on sale, so it cannot be registered',
  specialPriceClosed: 'Sales product configuration does not allow special prices for {{code}}',
};
