import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { runAsAuditActor } from '../db/audit-actor.js';
import { seedCertifications } from '../seed/seed-products.js';
import { seedDemo } from '../seed/seed.js';

export interface SeedPluginOptions {
  config: Config;
}

/**
 * The reference data every deployment needs (the certifications list) and, when SEED_DEMO is set,
 * the demo companies: the last plugin, since the demo is made through the modules' own services.
 * Under the database's start-up lock, so that replicas starting together seed once.
 */
export default fp<SeedPluginOptions>(
  async (app, { config }) => {
    // The seed's writes are the product's own (decision 088).
    await runAsAuditActor({ t: 'system', n: 'seed' }, () => app.database.withStartupLock(async () => {
      await seedCertifications(app.db);
      if (!config.SEED_DEMO) return;
      const seeded = await seedDemo(app.db, { storage: app.storage, digitalLinkOrigin: config.DIGITAL_LINK_DOMAIN });
      if (seeded) app.log.info('demo data seeded');
    }));
  },
  { name: 'seed', dependencies: ['db', 'storage'] },
);
