import fp from 'fastify-plugin';
import { rollSerialWindows, SERIAL_WINDOWS_QUEUE } from '../modules/analytics/rollups.js';

/**
 * Moves a company's rolling serial totals (last 7, 30, 90 days) on to its new local day after its
 * midnight (decision 075): a chunk of serials per job, each queueing the next until the move is done.
 */
export default fp(
  async (app) => {
    await app.jobs.handle<{ companyId: number }>(SERIAL_WINDOWS_QUEUE, {}, async ({ data }) => {
      const done = await rollSerialWindows(app.db, data.companyId, 1);
      if (!done) await app.jobs.send(SERIAL_WINDOWS_QUEUE.name, data, { singletonKey: String(data.companyId), debounceSeconds: 1 });
    });
  },
  { name: 'serial-windows', dependencies: ['db', 'jobs'] },
);
