import { z } from 'zod';
import { digitalLinkOrigin } from '@product-console/shared';

/** Used only outside production, so that `npm start` works with no settings. */
const DEVELOPMENT_JWT_SECRET = 'development-only-secret-change-me-0123456789';
/** Shared with the gateway's development default, so that the resolver works with no settings. */
export const DEVELOPMENT_INTERNAL_TOKEN = 'development-only-internal-token-0123456789';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/ })
        .optional()
        .describe('PostgreSQL server; unset = embedded PGlite under DATA_DIR'),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024)
      .describe('largest accepted uploaded file, in bytes'),
    DIGITAL_LINK_DOMAIN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^([A-Za-z0-9.-]+(:\d+)?|https?:\/\/[A-Za-z0-9.-]+(:\d+)?\/?)$/, 'must be a host name (id.example.com) or an origin (http://localhost:3000)')
        .optional()
        .describe('template domain of Digital Link URIs and automatic links, for users without a custom domain; default: the origin of PUBLIC_URL'),
    ),
    JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    INTERNAL_TOKEN: z
      .preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional())
      .describe('secret the gateway sends on its internal calls (resolver data, scan records); same value on both'),
    CREDENTIAL_KEY_SECRET: z
      .preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional())
      .describe('seals the passport issuer private keys at rest (AES-256-GCM); default outside production: derived from JWT_SECRET'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(1_209_600),
    SEED_DEMO: z.preprocess(emptyAsUndefined, booleanString.optional()),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000').describe('Console address used in e-mailed links'),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional().describe('smtp(s)://user:pass@host:port; wins over SMTP_HOST')),
    SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURE: z.preprocess(emptyAsUndefined, booleanString.optional()).describe('TLS from the start (port 465); default: STARTTLS when offered'),
    SMTP_USER: z.preprocess(emptyAsUndefined, z.string().optional()),
    SMTP_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
    MAIL_FROM: z.string().min(3).default('Product Console <no-reply@localhost>'),
    MAIL_OUTBOX_DIR: z.preprocess(emptyAsUndefined, z.string().optional()).describe('Without SMTP: where messages are written; default ${DATA_DIR}/outbox'),
    RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
    INVITATION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
    MAIL_RECIPIENT_LIMIT_15_MIN: z.coerce
      .number()
      .int()
      .positive()
      .default(3)
      .describe('most account mails (reset, invitation, sign-up notice) to one address in 15 minutes; more are dropped'),
    MAIL_RECIPIENT_LIMIT_HOUR: z.coerce.number().int().positive().default(6).describe('most account mails to one address in an hour'),
    JOB_POLL_INTERVAL_SECONDS: z.coerce
      .number()
      .min(0.5)
      .max(60)
      .default(2)
      .describe('how often an idle worker of the job queue looks for jobs (mail, captures, webhooks…)'),
    SIGN_UP_PLAN: z.string().min(1).default('Starter').describe('Plan a new company subscribes to (when it exists)'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local').describe('where stored files go: ${DATA_DIR}/files or an S3 bucket'),
    S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional().describe('S3-compatible server (MinIO…); unset = AWS')),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a bucket name').optional()),
    S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, booleanString.optional()).describe('default: on when S3_ENDPOINT is set'),
    S3_PREFIX: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\/?$/, 'must be a folder such as app/files')
        .transform((prefix) => prefix.replace(/\/+$/, ''))
        .optional()
        .describe('folder inside the bucket that holds every key'),
    ),
    TRANSLATION_PROVIDER: z
      .preprocess(emptyAsUndefined, z.enum(['none', 'libretranslate', 'deepl']).default('none'))
      .describe('machine translation of consumer pages (automatic translation): none, a LibreTranslate server or DeepL'),
    LIBRETRANSLATE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional()
        .describe('LibreTranslate server, e.g. http://libretranslate:5000; required when TRANSLATION_PROVIDER=libretranslate'),
    ),
    LIBRETRANSLATE_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()).describe('only when the LibreTranslate server asks for keys'),
    DEEPL_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()).describe('DeepL API key; required when TRANSLATION_PROVIDER=deepl'),
    DEEPL_API_URL: z
      .preprocess(
        emptyAsUndefined,
        z
          .url({ protocol: /^https?$/ })
          .transform((url) => url.replace(/\/+$/, ''))
          .default('https://api-free.deepl.com'),
      )
      .describe('DeepL API Free; https://api.deepl.com for a Pro key'),
    TRANSLATION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(5000)
      .describe('longest wait for the translation provider; a page then shows the original texts'),
    EPCIS_SUBSCRIPTION_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(5000)
      .describe('soonest interval between passes of the EPCIS subscription worker that a waiting retry or scheduled query asks for (passes also run after each capture and every minute)'),
    EPCIS_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(10_000).describe('first retry delay of a failed EPCIS webhook delivery; doubles per failure, at most an hour'),
    WEBHOOK_RETRY_LIMIT: z.coerce
      .number()
      .int()
      .min(0)
      .max(20)
      .default(8)
      .describe('retries of a failed product-data webhook delivery before it is dead (listed in the console, resendable)'),
    WEBHOOK_RETRY_DELAY_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(30)
      .describe('first retry delay of a failed product-data webhook delivery; doubles per retry'),
    EPCIS_STREAM_PING_MS: z.coerce
      .number()
      .int()
      .min(50)
      .default(30_000)
      .describe('interval of the ping on each open EPCIS WebSocket stream; a stream that missed a pong is closed, and its key is checked again'),
    EPCIS_STREAMS_PER_KEY: z.coerce.number().int().min(1).max(100).default(5).describe('open EPCIS WebSocket streams one API key may hold on one API process'),
    SCAN_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .default(395)
      .describe('days raw scans are kept (then deleted hourly); the hourly rollups the dashboard reads stay'),
    AUDIT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .default(730)
      .describe('days audit log entries are kept (then deleted daily by the audit-retention job)'),
    SUSPICIOUS_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60)
      .describe('a serial scanned by three or more visitors (addresses) from two or more countries within this many minutes is flagged as suspicious'),
    UMAMI_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional()
        .describe('Umami server (base URL, e.g. https://analytics.example/umami): each scan is also sent to ${UMAMI_URL}/api/send; unset = nothing is sent'),
    ),
    UMAMI_WEBSITE_ID: z.preprocess(emptyAsUndefined, z.string().min(1).max(100).optional()).describe('the website ID of the scans in Umami; required with UMAMI_URL'),
    EPCIS_WEBHOOK_ALLOW_PRIVATE: z
      .preprocess(emptyAsUndefined, booleanString.optional())
      .describe('let EPCIS subscriptions and product-data webhooks post to private and loopback addresses (SSRF guard off); default: on in development only'),
    SSO_ALLOW_INSECURE_ISSUERS: z
      .preprocess(emptyAsUndefined, booleanString.optional())
      .describe('accept plain-http and private or loopback OpenID Connect issuers for single sign-on; default: on outside production'),
    SSO_DISCOVERY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000).describe("longest wait for an issuer's discovery document on save"),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET !== undefined, {
    path: ['JWT_SECRET'],
    message: 'is required when NODE_ENV=production',
    // Report it together with the other problems, not only once they are fixed.
    when: () => true,
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.INTERNAL_TOKEN !== undefined, {
    path: ['INTERNAL_TOKEN'],
    message: 'is required when NODE_ENV=production',
    when: () => true,
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.CREDENTIAL_KEY_SECRET !== undefined, {
    path: ['CREDENTIAL_KEY_SECRET'],
    message: 'is required when NODE_ENV=production',
    when: () => true,
  })
  .refine((env) => env.STORAGE_DRIVER !== 's3' || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'is required when STORAGE_DRIVER=s3',
    when: () => true,
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS default credential chain)',
    when: () => true,
  })
  .refine((env) => env.TRANSLATION_PROVIDER !== 'libretranslate' || env.LIBRETRANSLATE_URL !== undefined, {
    path: ['LIBRETRANSLATE_URL'],
    message: 'is required when TRANSLATION_PROVIDER=libretranslate',
    when: () => true,
  })
  .refine((env) => env.TRANSLATION_PROVIDER !== 'deepl' || env.DEEPL_API_KEY !== undefined, {
    path: ['DEEPL_API_KEY'],
    message: 'is required when TRANSLATION_PROVIDER=deepl',
    when: () => true,
  })
  .refine((env) => (env.UMAMI_URL === undefined) === (env.UMAMI_WEBSITE_ID === undefined), {
    path: ['UMAMI_WEBSITE_ID'],
    message: 'set both UMAMI_URL and UMAMI_WEBSITE_ID, or neither',
    when: () => true,
  })
  .transform((env) => ({
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    INTERNAL_TOKEN: env.INTERNAL_TOKEN ?? DEVELOPMENT_INTERNAL_TOKEN,
    // Changing it makes the stored issuer keys unreadable: keep it with the database's backups.
    CREDENTIAL_KEY_SECRET: env.CREDENTIAL_KEY_SECRET ?? `${env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET}:passport-issuer-keys`,
    /** Always an origin: `id.example.com` becomes `https://id.example.com`. */
    DIGITAL_LINK_DOMAIN: digitalLinkOrigin(env.DIGITAL_LINK_DOMAIN ?? env.PUBLIC_URL),
    // The embedded database is the demo setup; a real server gets demo data only on request.
    SEED_DEMO: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
    // MinIO and most S3-compatible servers have no per-bucket host names.
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    EPCIS_WEBHOOK_ALLOW_PRIVATE: env.EPCIS_WEBHOOK_ALLOW_PRIVATE ?? env.NODE_ENV === 'development',
    SSO_ALLOW_INSECURE_ISSUERS: env.SSO_ALLOW_INSECURE_ISSUERS ?? env.NODE_ENV !== 'production',
  }));

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return parsed.data;
}
