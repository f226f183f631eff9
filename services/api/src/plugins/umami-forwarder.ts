import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { UMAMI_QUEUE, forwardToUmami, type UmamiScan } from '../modules/analytics/umami.js';

/** Sends the queued scan batches to Umami when UMAMI_URL and UMAMI_WEBSITE_ID are set (spec point 7). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { UMAMI_URL: url, UMAMI_WEBSITE_ID: websiteId } = config;
    if (!url || !websiteId) return;
    const options = { url, websiteId, hostname: new URL(config.DIGITAL_LINK_DOMAIN).hostname };
    await app.jobs.handle<{ scans: UmamiScan[] }>(UMAMI_QUEUE, { concurrency: 2 }, async ({ data }) => {
      const result = await forwardToUmami(options, data.scans);
      if (result.failed > 0) app.log.warn({ err: result.lastError, sent: result.sent, failed: result.failed }, 'Umami refused some scan events; they are dropped');
    });
  },
  { name: 'umami-forwarder', dependencies: ['jobs'] },
);
