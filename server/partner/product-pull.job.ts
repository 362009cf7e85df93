import { pullJob } from './feed-pull.kit';
import { pullProducts } from './product-pull.service';

/** The scheduled pull of the product files: one run of pullProducts. */
export const productPull = pullJob({
  descriptionKey: 'server.jobs.handlers.productPull',
  schedule: { code: 'productPull', cron: '30 2 * * *', timeoutSeconds: 600 },
  messages: 'partner.products.job',
  pull: pullProducts,
  figures: ({ total, created, updated, fail }) => ({ total, created, updated, fail }),
});
