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
  /** The shipping instructions and shipments of the partner's orders (docs/partner-pull.md). */
  shipping: {
    instructions: {
      job: {
        title: { name: 'Partner shipping instruction pull', group: 'Orders' },
        handler:
          "Pulls the shipping instructions of synced orders from the partner's endpoint: valid instructions are kept, invalid rows go to the shipping instruction error log, every run to the order pull log",
        message:
          'Batch {{batchNo}}: {{total}} shipping instructions pulled, {{success}} taken, {{fail}} failed',
        notConfigured:
          'No partner endpoint configured (job parameter url or the PARTNER_URL setting); nothing pulled',
      },
      run: {
        done: 'Shipping instructions: {{total}} rows pulled, {{success}} taken, {{fail}} failed',
        timeout:
          'Shipping instructions: the partner endpoint did not answer within {{seconds}} s; nothing was written',
        status: 'Shipping instructions: the partner endpoint answered HTTP {{status}}; nothing was written',
        unreachable:
          'Shipping instructions: the partner endpoint could not be reached ({{problem}}); nothing was written',
      },
    },
    shipments: {
      job: {
        title: { name: 'Partner shipment pull', group: 'Orders' },
        handler:
          "Pulls the shipments made under shipping instructions from the partner's endpoint: valid shipments become shipment records awaiting the agent's receipt, invalid rows go to the shipping instruction error log, every run to the order pull log",
        message: 'Batch {{batchNo}}: {{total}} shipments pulled, {{success}} taken, {{fail}} failed',
        notConfigured:
          'No partner endpoint configured (job parameter url or the PARTNER_URL setting); nothing pulled',
      },
      run: {
        done: 'Shipments: {{total}} rows pulled, {{success}} taken, {{fail}} failed',
        timeout: 'Shipments: the partner endpoint did not answer within {{seconds}} s; nothing was written',
        status: 'Shipments: the partner endpoint answered HTTP {{status}}; nothing was written',
        unreachable:
          'Shipments: the partner endpoint could not be reached ({{problem}}); nothing was written',
      },
    },
    reasons: {
      malformed: 'Not valid JSON: {{problem}}',
      notObject: 'Not a shipping instruction or shipment',
      missingInstructionNo: 'The shipping instruction number is missing',
      missingOrderNo: 'The partner order number is missing',
      missingShipmentNo: 'The partner shipment number is missing',
      badInstructionDate: 'Instruction date "{{value}}" must be a valid date (YYYY-MM-DD)',
      badShipDate: 'Ship date "{{value}}" must be a valid date (YYYY-MM-DD)',
      receiverNameTooLong: 'The receiver has at most {{max}} characters',
      receiverPhoneTooLong: "The receiver's phone has at most {{max}} characters",
      receiverAddressTooLong: 'The delivery address has at most {{max}} characters',
      waybillTooLong: 'The carrier and the waybill number have at most {{max}} characters each',
      unknownOrder:
        'Partner order {{orderNo}} is not known to the portal (not synced yet, or its sync failed)',
      noLines: 'There are no lines',
      tooManyLines: 'At most {{max}} lines',
      unknownLine: 'Line {{line}} is not a line of partner order {{orderNo}}',
      lineTwice: 'Order line {{line}} appears more than once',
      missingProduct: 'Line {{line}}: the product code is missing',
      unknownProduct: 'Line {{line}}: product code {{code}} is not known to the portal',
      productNotOnLine:
        'Line {{line}}: product code {{code}} is not the product {{expected}} of that line of partner order {{orderNo}}',
      badQuantity: 'Line {{line}}: quantity "{{value}}" must be a positive whole number',
      overInstructed:
        'Line {{line}}: the instructed quantity {{value}} is more than the {{open}} not yet instructed',
      instructionChangedAfterShipping:
        "Shipping instruction {{no}} already has shipments; the partner's change was not taken",
      unknownInstruction:
        'Shipping instruction {{no}} does not exist or is not of partner order {{orderNo}} (not pulled yet, or its pull failed)',
      lineNotInstructed: 'Order line {{line}} is not in shipping instruction {{no}}',
      overInstruction:
        'Line {{line}}: the shipped quantity {{value}} is more than the {{open}} the instruction leaves to ship',
      overShip:
        'Line {{line}}: the shipped quantity {{value}} is more than the {{open}} left open on the order line',
      badSerials: 'Line {{line}}: the serial numbers must be a list of non-empty texts',
      serialCount: 'Line {{line}}: {{quantity}} units shipped but {{count}} serial numbers',
      serialTooLong: 'Line {{line}}: a serial number has at most {{max}} characters',
      serialTaken: 'Serial number {{serial}} was shipped before',
      shipmentChanged:
        "This shipment already became portal shipment {{no}}; the partner's changed lines were not taken",
    },
  },
  /** The original data of a partner order: each line as the partner sent it. */
  original: {
    line: 'line {{line}} {{code}} × {{quantity}}',
    separator: '; ',
  },
  /** The retry panel of an error row (views/pages/partner). */
  retry: {
    title: 'Process again',
    hint: "Checks this row again against the portal's data as it is now; when the partner's data is wrong, correct the original data first.",
    payload: 'Original data (may be corrected)',
    submit: 'Process again',
    resolved: 'This row was processed successfully.',
    done: 'Processed successfully',
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
