// The gateway built from source (run with `node --conditions=source --import tsx`), configured as
// in production but logging at warn and with the per-session and per-address public limits out of
// the way (still counted: their cost is part of what is measured).
// Arguments: the upstream URL, then a Redis URL for the store (BENCH_REDIS_URL when left out; the
// store lives in the process when both are empty). It reports its port over IPC.
import { buildApp } from '../../../services/gateway/src/app.ts';
import { loadConfig } from '../../../services/gateway/src/config.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  UPSTREAM_URL: process.argv[2],
  INTERNAL_TOKEN: 'bench-internal-token-of-at-least-32-chars',
  REDIS_URL: process.argv[3] ?? process.env.BENCH_REDIS_URL ?? '',
  COOKIE_SECURE: 'false',
  WEB_DIST_DIR: '/nonexistent',
  BFF_RATE_LIMIT: '1000000000',
  PUBLIC_RATE_LIMIT: '1000000000',
  SHUTDOWN_DELAY_MS: '0',
});
const app = await buildApp(config, { storeKeyPrefix: `bench:${process.pid}:` });
await app.listen({ host: config.HOST, port: config.PORT });
process.send({ port: app.server.address().port, store: app.store.kind });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
