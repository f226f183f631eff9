import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createSubscriptionWorker, DELIVERY_QUEUE, requestDeliveryPass } from '../modules/epcis/subscriptions-worker.js';
import { runSubscriptionTest, SUBSCRIPTION_TEST_QUEUE } from '../modules/epcis/console-subscriptions.js';

/**
 * Delivers EPCIS subscriptions' events to their webhooks (decision 050) in passes run by the job
 * queue: after each capture, when a retry or a scheduled query falls due, and every minute. Each
 * subscription is leased by one replica at a time, so an event is delivered once.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const worker = createSubscriptionWorker({
      db: app.db,
      log: app.log,
      retryBaseMs: config.EPCIS_WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: 60 * 60 * 1000,
      allowPrivate: config.EPCIS_WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: 10_000,
    });
    await app.jobs.handle(DELIVERY_QUEUE, {}, async () => {
      const { deferred } = await worker.runOnce();
      // Events left for later, or a retry or a scheduled time due within the minute, get their own pass, no sooner than the interval.
      const soonest = Date.now() + config.EPCIS_SUBSCRIPTION_INTERVAL_MS;
      const due = deferred ? new Date(soonest) : await worker.nextDueAt();
      if (due && due.getTime() < Date.now() + 60_000) await requestDeliveryPass(app.jobs, new Date(Math.max(due.getTime(), soonest)));
    });
    await app.jobs.schedule(DELIVERY_QUEUE.name, '* * * * *');
    // The console's "send a test event" (decision 082): one try, its outcome kept on the subscription.
    await app.jobs.handle<{ subscriptionId: string }>(SUBSCRIPTION_TEST_QUEUE, {}, async (job) =>
      runSubscriptionTest(app.db, job.data.subscriptionId, { allowPrivate: config.EPCIS_WEBHOOK_ALLOW_PRIVATE, timeoutMs: 10_000 }),
    );
    app.events.subscribe('epcis.captured', () => requestDeliveryPass(app.jobs));
  },
  { name: 'webhook-worker', dependencies: ['db', 'jobs', 'events'] },
);
