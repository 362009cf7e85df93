import { pullJob } from './feed-pull.kit';
import { pullProducts } from './product-pull.service';

/** The scheduled pull of the product files: one run of pullProducts. */
export const productPull = pullJob({
  descriptionKey: 'server.jobs.handlers.productPull',
  messages: 'partner.products.job',
  pull: pullProducts,
  figures: ({ total, created, updated, fail }) => ({ total, created, updated, fail }),
});
