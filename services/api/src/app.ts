import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOG_REDACTION, requestLogFields } from '@product-console/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './modules/auth/account-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { planRoutes } from './modules/plans/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { subAdminRoutes } from './modules/sub-admins/routes.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin, { validatorCompiler } from './plugins/errors.js';
import eventsPlugin from './plugins/events.js';
import idempotencyPlugin from './plugins/idempotency.js';
import mailerPlugin, { type MailTransport } from './plugins/mailer.js';
import storagePlugin, { type FileStorage } from './plugins/storage.js';
import translationPlugin from './plugins/translation.js';
import jobsPlugin from './plugins/jobs.js';
import mailMakersPlugin from './plugins/mail-makers.js';
import notificationsPlugin from './plugins/notifications.js';
import captureWorkerPlugin from './plugins/capture-worker.js';
import webhookWorkerPlugin from './plugins/webhook-worker.js';
import epcisStreamsPlugin from './plugins/epcis-streams.js';
import scanRetentionPlugin from './plugins/scan-retention.js';
import reportRetentionPlugin from './plugins/report-retention.js';
import umamiForwarderPlugin from './plugins/umami-forwarder.js';
import seedPlugin from './plugins/seed.js';
import analyticsRebuildPlugin from './plugins/analytics-rebuild.js';
import serialWindowsPlugin from './plugins/serial-windows.js';
import codeWorkerPlugin from './plugins/code-worker.js';
import productWebhookWorkerPlugin from './plugins/product-webhook-worker.js';
import { fileRoutes } from './modules/files/routes.js';
import { productRoutes } from './modules/products/routes.js';
import { entryRoutes } from './modules/entries/routes.js';
import { qualifierRoutes } from './modules/qualifiers/routes.js';
import { batchRoutes } from './modules/batches/routes.js';
import { recallRoutes } from './modules/recalls/routes.js';
import { dataRoutes } from './modules/data/routes.js';
import { linkRoutes } from './modules/links/routes.js';
import { redirectRuleRoutes } from './modules/redirect-rules/routes.js';
import { resolverRoutes } from './modules/resolver/routes.js';
import { qrRoutes } from './modules/qr/routes.js';
import { codeRoutes } from './modules/codes/routes.js';
import { contentRoutes } from './modules/contents/routes.js';
import { translationRoutes } from './modules/translation/routes.js';
import { landingPageRoutes } from './modules/landing/routes.js';
import { passportRoutes } from './modules/passports/routes.js';
import { credentialRoutes } from './modules/credentials/routes.js';
import { getPublishedPassport } from './modules/passports/queries.js';
import apiKeyAuthPlugin from './modules/api-keys/plugin.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import scanIngestPlugin from './modules/analytics/ingest.js';
import { epcisCaptureRoutes } from './modules/epcis/routes.js';
import { epcisNotFound } from './modules/epcis/plugin.js';
import { epcisQueryRoutes } from './modules/epcis/query-routes.js';
import { epcisMasterDataRoutes } from './modules/epcis/master-data-routes.js';
import { placeRoutes } from './modules/places/routes.js';
import { epcisConsoleRoutes } from './modules/epcis/console-routes.js';
import { traceRoutes } from './modules/trace/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import nfcKeySealerPlugin from './modules/authenticity/nfc/plugin.js';
import { nfcRoutes } from './modules/authenticity/nfc/routes.js';
import { diversionRoutes } from './modules/authenticity/diversion-routes.js';
import { lifecycleRoutes } from './modules/authenticity/lifecycle-routes.js';
import { marketRoutes } from './modules/authenticity/markets.js';
import { authenticityRoutes } from './modules/authenticity/routes.js';
import { labelRoutes } from './modules/labels/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import auditPlugin from './plugins/audit.js';
import auditRetentionPlugin from './plugins/audit-retention.js';
import { auditRoutes } from './modules/audit/routes.js';
import { publicApiRoutes } from './modules/public-api/routes.js';

export interface AppDeps {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** A ready file storage (tests); otherwise the local folder `${DATA_DIR}/files`. */
  storage?: FileStorage;
  /** A ready mail transport (tests); otherwise SMTP or the outbox folder, from the config. */
  mailTransport?: MailTransport;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Clients and proxies often send `content-type: application/json` with no body on calls
 * that take none (PATCH .../read-all): treat that as no body instead of a 400. Anything
 * else goes through Fastify's own parser, with its prototype-poisoning protection.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

/**
 * The most of a refused body read before its 413 is sent: past the largest body the gateway passes
 * on (its UPLOAD_LIMIT_BYTES, 55 MiB by default), the sender is not the gateway and the connection is cut.
 */
const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;

/** Reads a request's body to its end, dropping it; past `limit` bytes the connection is cut. */
function discardBody(body: IncomingMessage, limit: number): Promise<void> {
  return new Promise((resolve) => {
    let discarded = 0;
    body.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limit) body.destroy();
    });
    body.once('end', resolve).once('close', resolve);
    body.resume();
  });
}

/**
 * A body past its route's limit (1 MiB, or a capture's) is answered 413, and Fastify would answer
 * at once and close the connection with the rest unread: a sender still writing, the gateway, then
 * meets a reset and loses the answer (it told its client 502). The rest is read and dropped first,
 * up to REFUSED_BODY_DRAIN_BYTES, and the connection stays open (decision 061, note of 2026-11-27).
 */
function drainRefusedBodies(app: FastifyInstance): void {
  app.addHook('onError', async (request, reply, error) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE' || request.raw.complete || request.raw.destroyed) return;
    reply.removeHeader('connection');
    await discardBody(request.raw, REFUSED_BODY_DRAIN_BYTES);
  });
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // No secret in a log line (decision 062): the request line's address is redacted by one
    // serializer, and the secret headers and any `url` wherever a log call puts them. The address
    // logged is the socket's: the gateway's, never a shopper's (no proxy is trusted here).
    logger: {
      level: config.LOG_LEVEL,
      stream: deps.logStream,
      redact: LOG_REDACTION,
      serializers: { req: (request: { method?: string; url?: string; ip?: string }) => requestLogFields(request, true) },
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    // EPCIS resources carry identifiers in the path (`/epcis/events/{eventID}`, `/epcis/epcs/{epc}/events`): URIs longer than the default 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    bodyLimit: BODY_LIMIT_BYTES,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    requestTimeout: 30_000,
    http: { headersTimeout: 10_000, requestTimeout: 30_000 },
    return503OnClosing: true,
    // Start-up migrates and seeds under a database lock; on a busy machine that outlasts Fastify's 10 s default.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  drainRefusedBodies(app);

  // External plugins.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Product console API', description: 'The upstream API of the product console', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // The public API (`/api/v1`) has its own document (modules/public-api/routes.ts).
    transform: (input) => (input.url.startsWith('/api/v1/') ? { schema: { ...input.schema, hide: true }, url: input.url } : jsonSchemaTransform(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Multipart bodies (file uploads): each file at most UPLOAD_MAX_BYTES; routes read parts themselves.
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 50, fields: 50, fieldSize: BODY_LIMIT_BYTES, parts: 100 },
  });

  // App plugins.
  // Before every route: the actor of each request's writes, for the audit triggers (decision 088).
  await app.register(auditPlugin);
  await app.register(storagePlugin, { config, storage: deps.storage });
  await app.register(dbPlugin, { config, database: deps.database });
  // The durable job queue on the same database: every background job of every replica (decision 072).
  await app.register(jobsPlugin, { config });
  await app.register(authPlugin, { config });
  // Machine clients (EPCIS): `app.authenticateApiKey` beside the console's `app.authenticate`.
  await app.register(apiKeyAuthPlugin);
  await app.register(errorsPlugin);
  await app.register(mailerPlugin, { config, transport: deps.mailTransport });
  // Domain events between modules, and the plan-usage answer header they imply (decision 026).
  await app.register(eventsPlugin);
  // After authentication and before the routes: every creating call goes through it.
  await app.register(idempotencyPlugin);
  await app.register(translationPlugin, { config });
  // Scan facts, rollups, suspicious serials, retention and the Umami forwarder (decision 055).
  await app.register(scanIngestPlugin, { config });
  // The sealer of NFC master keys and imported tag keys (`app.nfcKeySealer`, decision 069).
  await app.register(nfcKeySealerPlugin, { config });

  // Workers and event subscribers: each names what it needs.
  await app.register(mailMakersPlugin, { config });
  await app.register(notificationsPlugin);
  await app.register(captureWorkerPlugin);
  await app.register(webhookWorkerPlugin, { config });
  await app.register(epcisStreamsPlugin, { config });
  await app.register(scanRetentionPlugin, { config });
  await app.register(reportRetentionPlugin);
  await app.register(umamiForwarderPlugin, { config });
  await app.register(analyticsRebuildPlugin);
  await app.register(serialWindowsPlugin);
  await app.register(codeWorkerPlugin, { config });
  await app.register(productWebhookWorkerPlugin, { config });
  await app.register(auditRetentionPlugin, { config });

  // Routes.
  await app.register(healthRoutes, { config });
  await app.register(authRoutes, { config });
  await app.register(accountRoutes, { config });
  await app.register(subAdminRoutes, { config });
  await app.register(companyRoutes, { config });
  await app.register(planRoutes, { config });
  await app.register(notificationRoutes, { config });
  await app.register(overviewRoutes, { config });
  await app.register(projectRoutes, { config });
  await app.register(fileRoutes, { config });
  await app.register(productRoutes, { config });
  await app.register(entryRoutes, { config });
  await app.register(qualifierRoutes, { config });
  await app.register(batchRoutes, { config });
  await app.register(recallRoutes, { config });
  await app.register(lifecycleRoutes, { config });
  await app.register(dataRoutes, { config });
  await app.register(linkRoutes, { config });
  await app.register(redirectRuleRoutes, { config });
  await app.register(qrRoutes, { config });
  await app.register(codeRoutes, { config });
  await app.register(contentRoutes, { config });
  await app.register(landingPageRoutes, { config });
  await app.register(passportRoutes, { config });
  await app.register(credentialRoutes, { config, readPassport: getPublishedPassport });
  await app.register(traceRoutes, { config });
  await app.register(placeRoutes, { config });
  await app.register(analyticsRoutes, { config });
  await app.register(marketRoutes, { config });
  await app.register(diversionRoutes, { config });
  await app.register(authenticityRoutes, { config });
  await app.register(resolverRoutes, { config });
  await app.register(translationRoutes, { config });
  await app.register(apiKeyRoutes, { config });
  await app.register(epcisConsoleRoutes, { config });
  await app.register(nfcRoutes, { config });
  await app.register(webhookRoutes, { config });
  // EPCIS 2.0 REST bindings for machine clients (API keys, problem+json answers).
  await app.register(epcisCaptureRoutes, { config });
  await app.register(epcisQueryRoutes, { config });
  await app.register(epcisMasterDataRoutes, { config });
  await app.register(labelRoutes, { config });
  await app.register(epcisNotFound, { prefix: '/epcis' });
  await app.register(ssoRoutes, { config });
  await app.register(auditRoutes, { config });
  // The public REST API for machine clients with scoped keys (issue 30 §1).
  await app.register(publicApiRoutes, { config, prefix: '/api/v1' });

  // Last: the reference data, and the demo made through the modules' own services.
  await app.register(seedPlugin, { config });

  return app;
}
