import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config.js';

let config: GatewayConfig;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config, { storeKeyPrefix: config.REDIS_KEY_PREFIX });
const FORCED_EXIT_MS = 30_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    app.log.warn({ signal }, 'second signal; exiting now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: readyz answers 503, in-flight requests finish');
  setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, FORCED_EXIT_MS + config.SHUTDOWN_DELAY_MS).unref();
  app.draining = true;
  // Give the load balancer time to see readyz fail before the listener stops accepting.
  if (config.SHUTDOWN_DELAY_MS > 0) await sleep(config.SHUTDOWN_DELAY_MS);
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while closing');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (err) {
  app.log.error({ err }, 'could not start listening');
  process.exit(1);
}
