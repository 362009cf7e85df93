/** The partner line's pull (server/partner): its job, why a partner row was refused, how a run ended. */
export const partner = {
  job: {
    title: { name: 'Partner order pull', group: 'Orders' },
    handler:
      "Pulls orders from the partner's endpoint: valid rows become synced orders, invalid ones go to the order error log, every run to the order pull log",
    message: 'Batch {{batchNo}}: {{total}} rows pulled, {{success}} taken, {{fail}} failed',
    notConfigured:
      'No partner endpoint configured (job parameter url or the PARTNER_URL setting); nothing pulled',
  },
  reasons: {
    malformed: 'Not valid JSON: {{problem}}',
    notObject: 'Not an order object',
    missingField: 'Field {{field}} is missing',
    badDate: 'Order date "{{value}}" must be a valid date (YYYY-MM-DD)',
    missingAgent: 'The agent code is missing',
    unknownAgent: 'Agent code {{code}} is not known to the portal',
    noLines: 'The order has no lines',
    tooManyLines: 'An order has at most {{max}} lines',
    missingProduct: 'Line {{line}}: the product code is missing',
    unknownProduct: 'Line {{line}}: product code {{code}} is not known to the portal',
    badQuantity: 'Line {{line}}: quantity "{{value}}" must be a positive whole number',
    badPrice:
      'Line {{line}}: unit price "{{value}}" must be an amount of at least 0 with at most two decimals',
    changedAfterTracking:
      "Order {{orderNo}} already has payments, shipments or invoices; the partner's change was not taken",
  },
  run: {
    done: '{{total}} rows pulled, {{success}} taken, {{fail}} failed',
    timeout: 'The partner endpoint did not answer within {{seconds}} s; nothing was written',
    status: 'The partner endpoint answered HTTP {{status}}; nothing was written',
    unreachable: 'The partner endpoint could not be reached ({{problem}}); nothing was written',
  },
  server: {
    errorNotFound: 'The error record does not exist',
    alreadyResolved: 'This error record was already processed successfully',
    payloadRequired: 'Enter the corrected data',
    retried: 'Processed successfully',
    stillFailing: 'Processing failed: {{reason}}',
  },
  products: {
    job: {
      title: { name: 'Product file pull', group: 'Base data' },
      handler:
        'Pulls the product files from the product source: creates or updates products by part number, counts invalid rows as failed, and logs every pull on the product pull log',
      message:
        'Batch {{batchNo}}: {{total}} pulled, {{created}} created, {{updated}} updated, {{fail}} failed',
      notConfigured: 'No product source configured (job parameter url or PARTNER_URL); nothing pulled',
    },
    reasons: {
      malformed: 'Not valid JSON: {{problem}}',
      notObject: 'Not a product object',
      badPartNumber: 'Part number “{{value}}” must be 1–64 letters, digits, dots, dashes or underscores',
      badName: 'The product name is missing or longer than 200 characters',
      badCategory: 'Category “{{value}}” is not in the product category dictionary',
      badPrice: 'Standard price “{{value}}” must be an amount of at least 0 with at most two decimals',
      duplicate: 'The same part number appears more than once in this feed; the first row was taken',
    },
    run: {
      done: '{{total}} pulled: {{created}} created, {{updated}} updated, {{unchanged}} unchanged, {{fail}} failed{{reasons}}',
      reasons: '; reasons: {{reasons}}',
      timeout: 'The product source did not answer within {{seconds}} s; no product was changed',
      status: 'The product source answered HTTP {{status}}; no product was changed',
      unreachable: 'The product source cannot be reached ({{problem}}); no product was changed',
    },
  },
};
