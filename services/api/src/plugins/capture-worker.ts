import fp from 'fastify-plugin';
import { CAPTURE_JOBS_AT_ONCE, CAPTURE_QUEUE, failCaptureJob, runCapture } from '../modules/epcis/capture.js';

/**
 * Stores accepted EPCIS captures (`POST /epcis/capture`) from the job queue, a few at a time per
 * replica; a job whose every attempt failed is closed as failed, with nothing of it stored.
 */
export default fp(
  async (app) => {
    await app.jobs.handle<{ captureId: string }>(CAPTURE_QUEUE, { concurrency: CAPTURE_JOBS_AT_ONCE }, async (job) => {
      const { captureId } = job.data;
      try {
        const done = await runCapture(app.db, captureId);
        if (done && done.stored > 0) await app.events.publish([{ type: 'epcis.captured', companyId: done.companyId }], app.log);
      } catch (err) {
        app.log.error({ err, captureId, attempt: job.retryCount + 1 }, 'an EPCIS capture job failed');
        if (job.retryCount >= job.retryLimit) {
          await failCaptureJob(app.db, captureId, 'The repository could not store the capture; nothing of it was stored.');
          return;
        }
        throw err;
      }
    });
  },
  { name: 'capture-worker', dependencies: ['db', 'jobs', 'events'] },
);
