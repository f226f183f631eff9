import fp from 'fastify-plugin';
import { CODE_FILE_KEEP_DAYS } from '@product-console/shared';
import type { Config } from '../config.js';
import { markCodeJobFailed, runCodeJob } from '../modules/codes/run.js';
import { CODE_JOB_QUEUE, sweepCodeFiles, type CodeJobData } from '../modules/codes/service.js';

const SWEEP_QUEUE = { name: 'code-files-sweep', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 };

/**
 * Bulk code jobs (decision 078): generations of serials and exports for print, one at a time per
 * replica (they use a core each), and an hourly sweep of export files past their keeping time.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.jobs.handle<CodeJobData>(CODE_JOB_QUEUE, { concurrency: 1 }, async ({ data, retryCount, retryLimit }) => {
      const started = Date.now();
      try {
        const status = await runCodeJob(
          {
            db: app.db,
            storage: app.storage,
            templateOrigin: config.DIGITAL_LINK_DOMAIN,
            maxLogoBytes: config.UPLOAD_MAX_BYTES,
            progressVisible: app.database.kind === 'postgres',
            warn: (message, err) => app.log.warn({ err, jobId: data.jobId }, message),
          },
          data.jobId,
        );
        app.log.info({ jobId: data.jobId, status, ms: Date.now() - started }, 'a code job ran');
      } catch (err) {
        if (retryCount >= retryLimit) await markCodeJobFailed(app.db, data.jobId);
        throw err;
      }
    });
    await app.jobs.handle(SWEEP_QUEUE, {}, async () => {
      const removed = await sweepCodeFiles(app.db, app.storage, CODE_FILE_KEEP_DAYS);
      if (removed > 0) app.log.info({ removed }, 'export files past their keeping time removed');
    });
    await app.jobs.schedule(SWEEP_QUEUE.name, '17 * * * *');
  },
  { name: 'code-worker', dependencies: ['db', 'jobs', 'storage'] },
);
