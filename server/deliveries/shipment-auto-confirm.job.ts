import type { JobHandler } from '../jobs/job-handlers';
import { autoConfirmShipments } from './shipment.service';

/**
 * Shipments the agent neither confirmed nor disputed within 7 days of dispatch count as received
 * (notes §4.5), so an order's delivery status does not wait forever on a silent agent.
 */
export const shipmentAutoConfirm: JobHandler = {
  descriptionKey: 'server.jobs.handlers.shipmentAutoConfirm',
  schedule: { code: 'shipmentAutoConfirm', cron: '20 * * * *', timeoutSeconds: 300 },
  async run(db, { now }) {
    return { key: 'deliveries.job.message', params: { count: await autoConfirmShipments(db, now) } };
  },
};
