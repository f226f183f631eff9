import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { deleteExpiredAuditEntries } from '../modules/audit/service.js';

const QUEUE = { name: 'audit-retention', retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3_600 };

/** Deletes audit entries past AUDIT_RETENTION_DAYS (decision 088): a scheduled job, daily, once per deployment. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.jobs.handle(QUEUE, {}, async () => {
      const deleted = await deleteExpiredAuditEntries(app.db, config.AUDIT_RETENTION_DAYS);
      if (deleted > 0) app.log.info({ deleted, retentionDays: config.AUDIT_RETENTION_DAYS }, 'expired audit entries deleted');
    });
    await app.jobs.schedule(QUEUE.name, '23 3 * * *');
  },
  { name: 'audit-retention', dependencies: ['db', 'jobs'] },
);
