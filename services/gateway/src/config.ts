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

/** The API's development default (services/api/src/config.ts), so `npm run dev` needs no settings. */
const DEVELOPMENT_INTERNAL_TOKEN = 'development-only-internal-token-0123456789';

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultLandingSsrModule = fileURLToPath(new URL('../../web/dist-ssr/landing.js', import.meta.url));

const envSchema = z
  .object({
    HOST: optional(z.string()).default('0.0.0.0'),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
    NODE_ENV: optional(z.enum(['development', 'test', 'production'])).default('production'),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
    UPSTREAM_URL: optional(httpUrl).default('http://127.0.0.1:4000'),
    /**
     * Time for the API to answer one call. Shorter than the load balancer's read timeout (nginx:
     * proxy_read_timeout 75 s here, 60 s by default) so a slow API gets the gateway's own 504 with
     * the catalogue message, not the load balancer's HTML page.
     */
    UPSTREAM_TIMEOUT_MS: optional(positiveInt).default(10_000),
    REDIS_URL: optional(redisUrl),
    /** Prefix of every key the gateway keeps in Redis: gateways of one deployment share it; two deployments on one Redis must not. */
    REDIS_KEY_PREFIX: optional(z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'Must be 1–64 letters, digits, colons, underscores or dashes')).default('gw:'),
    SESSION_TTL_SECONDS: optional(positiveInt).default(1_209_600),
    COOKIE_SECURE: optional(booleanFlag),
    /** The console's address as browsers reach it; single sign-on's redirect URI is `<PUBLIC_URL>/bff/auth/sso/callback`. */
    PUBLIC_URL: optional(httpUrl).default('http://localhost:3000'),
    /** How long a started single sign-on may take at the provider before its state expires. */
    SSO_STATE_TTL_SECONDS: optional(positiveInt).default(600),
    WEB_DIST_DIR: optional(z.string()).default(defaultWebDistDir),
    /** The consumer landing's server renderer (the web workspace's SSR build); the landing paths fall back to the console without it. */
    LANDING_SSR_MODULE: optional(z.string()).default(defaultLandingSsrModule),
    /** How long a landing view's data is reused; writes to the product drop it at once (resolver invalidation). */
    LANDING_CACHE_TTL_SECONDS: optional(positiveInt).default(60),
    /** Landing views each replica keeps in memory at most. */
    LANDING_CACHE_MAX_ENTRIES: optional(positiveInt).default(5_000),
    TRUST_PROXY: optional(trustProxy).default(false),
    SHUTDOWN_DELAY_MS: optional(z.coerce.number().int().min(0)),
    /** How long a Redis connect or command may take before the caller gets a 503. */
    STORE_TIMEOUT_MS: optional(positiveInt).default(2_000),

    // Server timeouts. nginx (deploy/nginx.conf) and cloud load balancers keep idle upstream
    // connections for 60 s: the gateway must keep them open *longer*, so it is always the load
    // balancer that closes an idle connection and never the gateway while a request is on its way.
    KEEP_ALIVE_TIMEOUT_MS: optional(positiveInt).default(65_000),
    /** Time a client has to send the request headers (slow-loris guard). */
    HEADERS_TIMEOUT_MS: optional(positiveInt).default(30_000),
    /** Time for one whole request, body included: a 25 MiB upload on a slow line fits. */
    REQUEST_TIMEOUT_MS: optional(positiveInt).default(300_000),
    /** A socket silent for this long is closed. */
    CONNECTION_TIMEOUT_MS: optional(positiveInt).default(120_000),
    /** TCP connect to the API; a refused or black-holed API fails fast with 503. */
    UPSTREAM_CONNECT_TIMEOUT_MS: optional(positiveInt).default(3_000),

    /** Largest JSON (or other parsed) request body. */
    BODY_LIMIT_BYTES: optional(positiveInt).default(1_048_576),
    /** Largest streamed request body passed to the API: a 50 MiB MP4 of a content block (VIDEO_UPLOAD_MAX_BYTES) with its multipart framing. */
    UPLOAD_LIMIT_BYTES: optional(positiveInt).default(57_671_680),

    /** How long a plan-limit verdict is reused for one company. */
    PLAN_CACHE_TTL_SECONDS: optional(positiveInt).default(60),

    /** Sign-in attempts per window, counted per client address and, separately, per email. */
    SIGN_IN_RATE_LIMIT: optional(positiveInt).default(10),
    /** Other /bff calls per window, counted per session (per address without one). */
    BFF_RATE_LIMIT: optional(positiveInt).default(600),
    /**
     * Visitors' account calls that write or send mail (sign-up, forgot and reset password, code
     * check, invitation acceptance) per window, per client address.
     */
    ACCOUNT_RATE_LIMIT: optional(positiveInt).default(5),
    /**
     * Requests per window, per client address, to everything the gateway answers without a
     * credential (resolver, landing views, DID documents, stored images, the console's files),
     * counted in each replica's memory: the effective limit is this times the replicas. Generous
     * on purpose (decision 063): a shop or a carrier full of shoppers shares one address.
     */
    PUBLIC_RATE_LIMIT: optional(positiveInt).default(3_000),
    /**
     * API keys the API refused on /epcis per window, per client address; past it, keys the
     * gateway has not seen accepted are refused (429) before they cost the API a lookup (decision 061).
     */
    EPCIS_KEY_FAILURE_LIMIT: optional(positiveInt).default(20),
    /** Calls to the public API (/api/v1) per window and per API key (per client address without one). */
    PUBLIC_API_RATE_LIMIT: optional(positiveInt).default(600),
    RATE_LIMIT_WINDOW_MS: optional(positiveInt).default(60_000),

    /** Secret sent on internal API calls (resolver data, scan records); the API's INTERNAL_TOKEN. */
    INTERNAL_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),

    // GS1 Digital Link resolver (routes/resolver: its cache, invalidation bus and loader).
    /** How long a product's resolution data is reused before the API is asked again. */
    RESOLVER_CACHE_TTL_SECONDS: optional(positiveInt).default(300),
    /** How long "no such product" is remembered: a product created later shows within this time. */
    RESOLVER_NEGATIVE_TTL_SECONDS: optional(positiveInt).default(30),
    /** Entries the in-process cache of each replica holds at most (least recently used go first). */
    RESOLVER_CACHE_MAX_ENTRIES: optional(positiveInt).default(10_000),
    /** Scans are sent to the API in batches: every this many milliseconds, or sooner when a batch is full. */
    RESOLVER_SCAN_FLUSH_MS: optional(positiveInt).default(1_000),
    RESOLVER_SCAN_BATCH_SIZE: optional(z.coerce.number().int().min(1).max(1_000)).default(500),
    /**
     * Public origin of Digital Link URIs (`https://id.example.com`): the anchor of link sets and the
     * resolver root. Unset: the origin the request came to (Host, or X-Forwarded-* from a trusted proxy).
     */
    RESOLVER_ORIGIN: optional(httpUrl),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.INTERNAL_TOKEN !== undefined, {
    path: ['INTERNAL_TOKEN'],
    message: 'is required when NODE_ENV=production (the API has the same value)',
    when: () => true,
  })
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must not exceed REQUEST_TIMEOUT_MS (Node refuses it)',
  })
  .refine((env) => env.UPSTREAM_TIMEOUT_MS < env.REQUEST_TIMEOUT_MS, {
    path: ['UPSTREAM_TIMEOUT_MS'],
    message: 'must be shorter than REQUEST_TIMEOUT_MS',
  })
  .transform((env) => ({
    ...env,
    INTERNAL_TOKEN: env.INTERNAL_TOKEN ?? DEVELOPMENT_INTERNAL_TOKEN,
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
