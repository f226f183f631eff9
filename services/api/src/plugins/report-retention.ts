import fp from 'fastify-plugin';
import { erasePersonalData } from '../modules/authenticity/reports.js';

const QUEUE = { name: 'report-retention', retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 900 };

/**
 * Erases the personal data of shoppers' reports decided on long ago (decision 071): a scheduled job,
 * every six hours, once per deployment.
 */
export default fp(
  async (app) => {
    await app.jobs.handle(QUEUE, {}, async () => {
      const erased = await erasePersonalData(app.db, app.storage);
      if (erased > 0) app.log.info({ erased }, "shoppers' personal data erased from decided reports");
    });
    await app.jobs.schedule(QUEUE.name, '41 */6 * * *');
  },
  { name: 'report-retention', dependencies: ['db', 'storage', 'jobs'] },
);
