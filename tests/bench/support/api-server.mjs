// The real API built from source (run with `node --conditions=source --import tsx`) on an
// in-memory PGlite with the demo data, or on BENCH_DATABASE_URL. Reports its port over IPC.
import { buildApp } from '../../../services/api/src/app.ts';
import { loadConfig } from '../../../services/api/src/config.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  JWT_SECRET: 'bench-secret-of-at-least-32-characters!!',
  INTERNAL_TOKEN: 'bench-internal-token-of-at-least-32-chars',
  CREDENTIAL_KEY_SECRET: 'bench-credential-key-secret-of-32-chars!',
  SEED_DEMO: 'true',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: process.argv[2],
});
const app = await buildApp(config);
await app.listen({ host: config.HOST, port: config.PORT });
process.send({ port: app.server.address().port });
// The database lives in memory: nothing to keep, so the process simply ends with its parent.
process.on('disconnect', () => process.exit(0));
