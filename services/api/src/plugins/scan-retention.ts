import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { deleteExpiredScans } from '../modules/analytics/retention.js';

const QUEUE = { name: 'scan-retention', retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3_600 };

/** Deletes raw scans past SCAN_RETENTION_DAYS (decision 055): a scheduled job, hourly, once per deployment. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.jobs.handle(QUEUE, {}, async () => {
      const deleted = await deleteExpiredScans(app.db, config.SCAN_RETENTION_DAYS);
      if (deleted > 0) app.log.info({ deleted, retentionDays: config.SCAN_RETENTION_DAYS }, 'expired scans deleted');
    });
    await app.jobs.schedule(QUEUE.name, '7 * * * *');
  },
  { name: 'scan-retention', dependencies: ['db', 'jobs'] },
);
