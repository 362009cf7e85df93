import { z } from 'zod';
import type { JobHandler } from '../jobs/job-handlers';
import { MAX_PAGE_SIZE, PAGE_SIZE, TIMEOUT_MS } from './partner-feed';
import { pullPartnerOrders } from './partner-pull.service';

const params = z.object({
  // The partner endpoint; when absent, the PARTNER_URL setting of the server.
  url: z.string().url().optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  requestTimeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(120)
    .default(TIMEOUT_MS / 1000),
});

/**
 * The scheduled pull of the partner line's orders: one run of pullPartnerOrders against the URL the
 * administrator set on the job, else PARTNER_URL. A run whose feed failed is on the pull log and fails
 * the job run too, so the job list shows it.
 */
export const partnerOrderPull: JobHandler = {
  descriptionKey: 'server.jobs.handlers.partnerOrderPull',
  params,
  async run(db, { params: raw, signal, now }) {
    const { url, pageSize, requestTimeoutSeconds } = params.parse(raw);
    const target = url ?? process.env.PARTNER_URL;
    if (!target) return { key: 'partner.job.notConfigured' };
    const summary = await pullPartnerOrders(db, {
      url: target,
      pageSize,
      timeoutMs: requestTimeoutSeconds * 1000,
      signal,
      now,
    });
    if (summary.state === 'FAIL') throw new Error(summary.message);
    return {
      key: 'partner.job.message',
      params: {
        batchNo: summary.batchNo,
        total: summary.total,
        success: summary.success,
        fail: summary.fail,
      },
    };
  },
};
