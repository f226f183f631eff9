import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { installJobSchema } from '../jobs/queue.js';
import { waitForDatabase } from '../db/wait-for-database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The opened database: its raw SQL runs the job queue (`plugins/jobs.ts`). */
    database: Database;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** An already opened database (tests); the app still closes it. */
  database?: Database;
}

/** Opens the database, applies the migrations (the tables and the job queue's) and closes it with the app. */
export default fp<DbPluginOptions>(
  async (app, { config, database: given }) => {
    const database =
      given ??
      openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: join(config.DATA_DIR, 'pglite'),
        onConnectionError: (error) => app.log.warn({ err: error }, 'an idle database connection was closed'),
      });
    app.addHook('onClose', () => database.close());
    await waitForDatabase(database, { log: app.log });

    await database.withStartupLock(async () => {
      await database.migrate();
      await installJobSchema(database.sql);
    });
    app.decorate('db', database.db);
    app.decorate('database', database);
    app.log.info({ database: database.kind }, 'database ready');
  },
  { name: 'db' },
);
