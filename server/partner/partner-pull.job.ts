import { pullJob } from './feed-pull.kit';
import { pullPartnerOrders } from './partner-pull.service';

/** The scheduled pull of the partner line's orders: one run of pullPartnerOrders. */
export const partnerOrderPull = pullJob({
  descriptionKey: 'server.jobs.handlers.partnerOrderPull',
  schedule: { code: 'partnerOrderPull', cron: '*/30 * * * *', timeoutSeconds: 600 },
  messages: 'partner.job',
  pull: pullPartnerOrders,
  figures: ({ total, success, fail }) => ({ total, success, fail }),
});
