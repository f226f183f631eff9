import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

/*
 * `Database.listen` (decision 082) on both databases the API runs on: the embedded PGlite of the
 * default set-up, in one process, and PostgreSQL; a notification arrives once its transaction
 * commits and never from a rolled-back one; the streams' triggers are installed by the migrations.
 */

const serverUrl = process.env.DATABASE_URL ?? (inject('apiTestServerUrl') as string | undefined);

async function notified(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  const payloads: string[] = [];
  const stop = await database.listen('listen_test', (payload) => payloads.push(payload));
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return payloads;
  } finally {
    await stop();
  }
}

function listenSuite(name: string, open: () => Database, migrate: boolean) {
  describe(name, () => {
    let database: Database;
    beforeAll(async () => {
      database = open();
      if (migrate) await database.migrate();
    }, 120_000);
    afterAll(async () => database?.close());

    it('hears a notification once its transaction commits, and nothing of one rolled back', async () => {
      const payloads = await notified(database, async () => {
        await database.sql.executeSql("select pg_notify('listen_test', 'committed')", []);
        await database.sql.executeSql("begin; select pg_notify('listen_test', 'rolled back'); rollback;");
      });
      expect(payloads).toEqual(['committed']);
    });

    if (migrate) {
      it('has the triggers that tell streams of stored events, revoked keys and deleted queries', async () => {
        const { rows } = await database.sql.executeSql(
          "select tgname from pg_trigger where tgname in ('epcis_events_streams', 'api_keys_streams', 'epcis_queries_streams') order by tgname",
          [],
        );
        expect(rows.map((row) => row.tgname)).toEqual(['api_keys_streams', 'epcis_events_streams', 'epcis_queries_streams']);
      });
    }
  });
}

listenSuite('on the embedded PGlite', () => openDatabase({}), true);
if (serverUrl) listenSuite('on PostgreSQL', () => openDatabase({ databaseUrl: serverUrl }), false);
