import fp from 'fastify-plugin';
import { ANALYTICS_REBUILD_QUEUE, markAnalyticsRebuildFailed, runAnalyticsRebuild } from '../modules/companies/analytics-rebuild.js';

/** Regroups a company's analytics after a time-zone change, in the background (decision 072). */
export default fp(
  async (app) => {
    await app.jobs.handle<{ companyId: number }>(ANALYTICS_REBUILD_QUEUE, {}, async ({ data, retryCount, retryLimit }) => {
      const started = Date.now();
      try {
        const outcome = await runAnalyticsRebuild(app.db, data.companyId, { progressVisible: app.database.kind === 'postgres' });
        app.log.info({ companyId: data.companyId, outcome, ms: Date.now() - started }, 'analytics regrouped in the company time zone');
      } catch (err) {
        // The last attempt: the profile says so (the old days stay until the zone is saved again).
        if (retryCount >= retryLimit) await markAnalyticsRebuildFailed(app.db, data.companyId);
        throw err;
      }
    });
  },
  { name: 'analytics-rebuild', dependencies: ['db', 'jobs'] },
);
