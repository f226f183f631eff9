import fp from 'fastify-plugin';
import type { ScanBatch } from '@product-console/shared';
import type { Config } from '../../config.js';
import type { Publish } from '../../events.js';
import type { ScanFact } from './facts.js';
import { createSaltBook, recordScans, type SaltBook } from './scans.js';
import { createMedianCache, flagSuspiciousSerials } from './suspicious.js';
import { UMAMI_QUEUE, umamiScans } from './umami.js';
import { SERIAL_WINDOWS_QUEUE } from './rollups.js';

/**
 * A rule another module runs on every batch after it committed (the diversion signals of the
 * authenticity module): given the batch's facts, it publishes its own events. A failing rule is
 * logged and never fails the batch.
 */
export type ScanRule = (facts: readonly ScanFact[], publish: Publish) => Promise<void>;

export interface ScanIngest {
  /** Adds a rule run after each committed batch, after the suspicious-serial rule. */
  addRule(name: string, rule: ScanRule): void;
  /** Records a batch; after it committed, flags suspicious serials (publishing their events), runs the added rules and queues the Umami job. Returns how many scans were stored. */
  record(batch: ScanBatch, publish: Publish): Promise<number>;
  /** Whether stored scans are also sent to Umami (UMAMI_URL and UMAMI_WEBSITE_ID set). */
  forwardsToUmami: boolean;
  /** The day's salts, for other counts of a visitor without keeping the address (the landing's serial checks). */
  salts: SaltBook;
}

declare module 'fastify' {
  interface FastifyInstance {
    scanIngest: ScanIngest;
  }
}

/**
 * The ingest side of Digital Link analytics (decision 055): `app.scanIngest` for the resolver's scan
 * route. Retention and the Umami forwarding run on the job queue (`plugins/scan-retention.ts`,
 * `plugins/umami-forwarder.ts`).
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const salts = createSaltBook();
    const medians = createMedianCache();
    const log = app.log.child({ module: 'analytics' });
    const umami = config.UMAMI_URL && config.UMAMI_WEBSITE_ID ? { websiteId: config.UMAMI_WEBSITE_ID, hostname: new URL(config.DIGITAL_LINK_DOMAIN).hostname } : null;

    const rules = new Map<string, ScanRule>();
    app.decorate('scanIngest', {
      addRule(name, rule) {
        rules.set(name, rule);
      },
      forwardsToUmami: umami !== null,
      salts,
      async record(batch, publish) {
        const recorded = await recordScans(app.db, batch, salts);
        for (const companyId of recorded.behind) {
          await app.jobs
            .send(SERIAL_WINDOWS_QUEUE.name, { companyId }, { singletonKey: String(companyId), debounceSeconds: 1 })
            .catch((err: unknown) => log.error({ err, companyId }, 'moving the serial totals on to a new day could not be queued'));
        }
        if (recorded.facts.length === 0) return 0;
        try {
          const flagged = await flagSuspiciousSerials(app.db, recorded.facts, { windowMinutes: config.SUSPICIOUS_WINDOW_MINUTES, medians }, app.jobs);
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
        if (umami) {
          await app.jobs
            .send(UMAMI_QUEUE.name, { scans: umamiScans(recorded.facts, umami) })
            .catch((err: unknown) => log.error({ err }, 'the batch could not be queued for Umami'));
        }
        return recorded.accepted;
      },
    } satisfies ScanIngest);
  },
  { name: 'scan-ingest', dependencies: ['events', 'jobs'] },
);
