import fp from 'fastify-plugin';
import type { ScanBatch } from '@product-console/shared';
import type { Config } from '../../config.js';
import type { Publish } from '../../events.js';
import { createRetentionTimer } from './retention.js';
import type { ScanFact } from './facts.js';
import { createSaltBook, recordScans, type SaltBook } from './scans.js';
import { createMedianCache, flagSuspiciousSerials } from './suspicious.js';
import { createUmamiForwarder, type UmamiForwarder } from './umami.js';

/** How long a stopping API waits for queued Umami events. */
const UMAMI_SHUTDOWN_GRACE_MS = 5_000;

/**
 * A rule another module runs on every batch after it committed (the diversion signals of the
 * authenticity module): given the batch's facts, it publishes its own events. A failing rule is
 * logged and never fails the batch.
 */
export type ScanRule = (facts: readonly ScanFact[], publish: Publish) => Promise<void>;

export interface ScanIngest {
  /** Adds a rule run after each committed batch, after the suspicious-serial rule. */
  addRule(name: string, rule: ScanRule): void;
  /** Records a batch; after it committed, flags suspicious serials (publishing their events), runs the added rules and queues the Umami events. Returns how many scans were stored. */
  record(batch: ScanBatch, publish: Publish): Promise<number>;
  umami: UmamiForwarder | null;
  /** The day's salts, for other counts of a visitor without keeping the address (the landing's serial checks). */
  salts: SaltBook;
}

declare module 'fastify' {
  interface FastifyInstance {
    scanIngest: ScanIngest;
  }
}

/**
 * The ingest side of Digital Link analytics (decision 055): `app.scanIngest` for the resolver's
 * scan route, the retention timer (at start, then hourly) and, when set, the Umami forwarder.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const salts = createSaltBook();
    const medians = createMedianCache();
    const log = app.log.child({ module: 'analytics' });
    const umami =
      config.UMAMI_URL && config.UMAMI_WEBSITE_ID
        ? createUmamiForwarder({ url: config.UMAMI_URL, websiteId: config.UMAMI_WEBSITE_ID, hostname: new URL(config.DIGITAL_LINK_DOMAIN).hostname, log })
        : null;

    const rules = new Map<string, ScanRule>();
    app.decorate('scanIngest', {
      addRule(name, rule) {
        rules.set(name, rule);
      },
      umami,
      salts,
      async record(batch, publish) {
        const recorded = await recordScans(app.db, batch, salts);
        if (recorded.facts.length === 0) return 0;
        try {
          const flagged = await flagSuspiciousSerials(app.db, recorded.facts, { windowMinutes: config.SUSPICIOUS_WINDOW_MINUTES, medians });
          if (flagged.length > 0) {
            await publish(
              ...flagged.map((flag) => ({
                type: 'analytics.suspiciousSerial' as const,
                companyId: flag.companyId,
                productId: flag.productId,
                serial: flag.serial,
                reason: flag.reason,
                countries: [...new Set(flag.evidence.flatMap((scan) => (scan.country ? [scan.country] : [])))],
              })),
            );
          }
        } catch (err) {
          log.error({ err }, 'the suspicious-serial rule failed');
        }
        for (const [name, rule] of rules) {
          try {
            await rule(recorded.facts, publish);
          } catch (err) {
            log.error({ err, rule: name }, 'a scan rule failed');
          }
        }
        umami?.send(recorded.facts);
        return recorded.accepted;
      },
    } satisfies ScanIngest);

    const retention = createRetentionTimer({ db: app.db, days: config.SCAN_RETENTION_DAYS, log });
    app.addHook('onReady', async () => retention.start());
    // At shutdown the Umami events still queued get a few seconds to leave; what remains then is
    // dropped (and logged): a slow Umami must not hold the API's stop up.
    app.addHook('onClose', async () => {
      await retention.stop();
      if (!umami) return;
      let grace: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        umami.drain().then(() => true),
        new Promise<false>((resolve) => {
          grace = setTimeout(() => resolve(false), UMAMI_SHUTDOWN_GRACE_MS);
        }),
      ]);
      clearTimeout(grace);
      if (!drained) log.warn({ graceMs: UMAMI_SHUTDOWN_GRACE_MS }, 'Umami events still queued at shutdown were dropped');
    });
  },
  { name: 'scan-ingest', dependencies: ['events'] },
);
