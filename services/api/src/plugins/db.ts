import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { seedCertifications } from '../db/seed-products.js';
import { waitForDatabase } from '../db/wait-for-database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** An already opened database (tests); the app still closes it. */
  database?: Database;
}

/** Opens the database, applies migrations, seeds the demo data when asked and closes it with the app. */
export default fp<DbPluginOptions>(
  async (app, { config, database: given }) => {
    const database =
      given ?? openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: join(config.DATA_DIR, 'pglite'),
        onConnectionError: (error) => app.log.warn({ err: error }, 'an idle database connection was closed'),
      });
    app.addHook('onClose', () => database.close());
    await waitForDatabase(database, { log: app.log });

    await database.withStartupLock(async () => {
      await database.migrate();
      await seedCertifications(database.db);
      if (config.SEED_DEMO) {
        // Demo product images go to the file storage when it is registered before this plugin.
        const seeded = await seedDemo(database.db, {
          storage: app.hasDecorator('storage') ? app.storage : undefined,
          digitalLinkOrigin: config.DIGITAL_LINK_DOMAIN,
        });
        if (seeded) app.log.info('demo data seeded');
      }
    });
    app.decorate('db', database.db);
    app.log.info({ database: database.kind }, 'database ready');
  },
  { name: 'db' },
);
