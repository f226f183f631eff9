// The gateway built from source (run with `node --conditions=source --import tsx`) serving the built
// console and the consumer landing (services/web/dist and dist-ssr, `npm run build -w services/web`),
// configured as in production but for the public routes' per-address limit (one load generator is
// one address; the counting still runs). Argument: the upstream URL. It reports its port over IPC.
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../services/gateway/src/app.ts';
import { loadConfig } from '../../../services/gateway/src/config.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  UPSTREAM_URL: process.argv[2],
  INTERNAL_TOKEN: 'bench-internal-token-of-at-least-32-chars',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
  COOKIE_SECURE: 'false',
  WEB_DIST_DIR: fileURLToPath(new URL('../../../services/web/dist', import.meta.url)),
  LANDING_SSR_MODULE: fileURLToPath(new URL('../../../services/web/dist-ssr/landing.js', import.meta.url)),
  SHUTDOWN_DELAY_MS: '0',
  PUBLIC_RATE_LIMIT: '1000000000',
});
const app = await buildApp(config, { storeKeyPrefix: `bench:${process.pid}:` });
await app.listen({ host: config.HOST, port: config.PORT });
process.send({ port: app.server.address().port, store: app.store.kind });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
