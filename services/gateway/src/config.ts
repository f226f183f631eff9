import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Unset and empty variables mean the same: compose files and test harnesses often pass ''. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Fastify's trustProxy: a boolean, a hop count, or a comma-separated list of addresses/CIDRs. */
const trustProxy = z.string().transform((value): boolean | number | string => {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
});

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));
const redisUrl = z.url({ protocol: /^rediss?$/ });

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z
  .object({
    HOST: optional(z.string()).default('0.0.0.0'),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
    NODE_ENV: optional(z.enum(['development', 'test', 'production'])).default('production'),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
    UPSTREAM_URL: optional(httpUrl).default('http://127.0.0.1:4000'),
    UPSTREAM_TIMEOUT_MS: optional(positiveInt).default(10_000),
    REDIS_URL: optional(redisUrl),
    SESSION_TTL_SECONDS: optional(positiveInt).default(1_209_600),
    COOKIE_SECURE: optional(booleanFlag),
    WEB_DIST_DIR: optional(z.string()).default(defaultWebDistDir),
    TRUST_PROXY: optional(trustProxy).default(false),
    SHUTDOWN_DELAY_MS: optional(z.coerce.number().int().min(0)),
  })
  .transform((env) => ({
    ...env,
    // Browsers accept Secure cookies on http://localhost, but not on a LAN address in development.
    COOKIE_SECURE: env.COOKIE_SECURE ?? !(env.NODE_ENV === 'development' || env.NODE_ENV === 'test'),
    // Time for a load balancer to see readyz turn 503 before the listener closes.
    SHUTDOWN_DELAY_MS: env.SHUTDOWN_DELAY_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
  }));

export type GatewayConfig = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid gateway configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined>): GatewayConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}
