import { z } from 'zod';
import type { JobHandler } from '../jobs/job-handlers';
import { MAX_PAGE_SIZE, PAGE_SIZE, TIMEOUT_MS } from './partner-feed';
import { pullProducts } from './product-pull.service';

const params = z.object({
  // The product source; when absent, the PARTNER_URL setting of the server (the same feed server).
  url: z.string().url().optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  requestTimeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(120)
    .default(TIMEOUT_MS / 1000),
});

/** The scheduled pull of the product files: one run of pullProducts; a failed feed fails the job run too. */
export const productPull: JobHandler = {
  descriptionKey: 'server.jobs.handlers.productPull',
  params,
  async run(db, { params: raw, signal, now }) {
    const { url, pageSize, requestTimeoutSeconds } = params.parse(raw);
    const target = url ?? process.env.PARTNER_URL;
    if (!target) return { key: 'partner.products.job.notConfigured' };
    const summary = await pullProducts(db, {
      url: target,
      pageSize,
      timeoutMs: requestTimeoutSeconds * 1000,
      signal,
      now,
    });
    if (summary.state === 'FAIL') throw new Error(summary.message);
    return {
      key: 'partner.products.job.message',
      params: {
        batchNo: summary.batchNo,
        total: summary.total,
        created: summary.created,
        updated: summary.updated,
        fail: summary.fail,
      },
    };
  },
};
