import { pullJob } from './feed-pull.kit';
import { pullPartnerShipments, pullShippingInstructions } from './shipping-pull.service';

const figures = ({ total, success, fail }: { total: number; success: number; fail: number }) => ({
  total,
  success,
  fail,
});

/**
 * The scheduled pulls of the partner's shipping instructions and shipments, after the order pull (every
 * 30 minutes on the hour and half hour): instructions at 10 and 40, shipments at 20 and 50, so a
 * shipment finds its instruction and its order already taken.
 */
export const partnerInstructionPull = pullJob({
  descriptionKey: 'server.jobs.handlers.partnerInstructionPull',
  schedule: { code: 'partnerInstructionPull', cron: '10,40 * * * *', timeoutSeconds: 600 },
  messages: 'partner.shipping.instructions.job',
  pull: pullShippingInstructions,
  figures,
});

export const partnerShipmentPull = pullJob({
  descriptionKey: 'server.jobs.handlers.partnerShipmentPull',
  schedule: { code: 'partnerShipmentPull', cron: '20,50 * * * *', timeoutSeconds: 600 },
  messages: 'partner.shipping.shipments.job',
  pull: pullPartnerShipments,
  figures,
});
