import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { repairLostLines, runDelivery } from '../modules/webhooks/delivery.js';
import { WEBHOOK_DELIVERY_QUEUE_NAME } from '../modules/webhooks/outbox.js';

const REPAIR_QUEUE = { name: 'product-webhook-repair', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300 };

/**
 * Delivers product-data webhooks (decision 086): one job per delivery at the head of its line
 * (subscription × product), retried with back-off by the queue; the last failure leaves the
 * delivery dead (listed, resendable) and moves its line on.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.jobs.handle<{ deliveryId: string }>(
      {
        name: WEBHOOK_DELIVERY_QUEUE_NAME,
        retryLimit: config.WEBHOOK_RETRY_LIMIT,
        retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
        // Longer than the post's timeout and the writes around it.
        expireInSeconds: 60,
      },
      { concurrency: 2 },
      (job) => runDelivery(app.db, app.jobs, job, { allowPrivate: config.EPCIS_WEBHOOK_ALLOW_PRIVATE, timeoutMs: 10_000 }),
    );
    // Lines whose head lost its job (its last attempt's replica died) are freed every ten minutes.
    await app.jobs.handle(REPAIR_QUEUE, {}, async () => {
      const repaired = await repairLostLines(app.db, app.jobs, WEBHOOK_DELIVERY_QUEUE_NAME);
      if (repaired > 0) app.log.warn({ repaired }, 'webhook deliveries whose last attempt was lost were marked dead');
    });
    await app.jobs.schedule(REPAIR_QUEUE.name, '*/10 * * * *');
  },
  { name: 'product-webhook-worker', dependencies: ['db', 'jobs'] },
);
