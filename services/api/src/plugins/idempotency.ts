import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';
import { idempotencyInProgress, idempotencyKeyReused, validationFailed } from '../errors.js';
import { createIdempotencyStore, type IdempotencyScope, type IdempotencyStore } from '../modules/idempotency/store.js';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyStore;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The methods that create or change something each time they run (PUT and DELETE are idempotent already). */
const METHODS = new Set(['POST', 'PATCH']);
/** 1 to 255 visible ASCII characters: a UUID fits, and nothing else is worth a database row. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Answers that carry tokens are never written down: a stored token would outlive its purpose. */
const CREDENTIAL_PATHS = /^\/api\/auth\/(?:sign|token|password)\//;
/** Routes whose answer shows a secret key once (decisions 069, 086): never written down either. */
const SECRET_ANSWER_ROUTES = new Set(['/api/service/nfc/master-keys', '/api/webhooks', '/api/webhooks/:webhookId/secret', '/api/v1/webhooks', '/api/v1/webhooks/:webhookId/secret']);
/** The answer headers a replay repeats: where the created thing is, and which resolutions changed. */
const REPLAYED_HEADERS = ['location', RESOLVER_INVALIDATE_HEADER];

/**
 * The key of the request, or null when it has none. The IETF draft sends it as a structured
 * string ("..."), most clients send it bare: both spell the same key.
 */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  const key = /^"[^"]*"$/.test(value) ? value.slice(1, -1) : value;
  if (!KEY_PATTERN.test(key)) {
    throw validationFailed([{ path: 'Idempotency-Key', message: 'Must be 1 to 255 visible ASCII characters' }]);
  }
  return key;
}

/** JSON with its object keys sorted, so that the same body always hashes alike. */
function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    ) ?? ''
  );
}

/**
 * What makes a retry "the same request": the company acted for, the query and the JSON body.
 * A multipart body is still an unread stream when the key is claimed, so it is not part of it
 * (decision 023): the same key on the same path replays whatever the first upload created.
 */
function fingerprintOf(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const body = request.isMultipart() ? null : (request.body ?? null);
  return createHash('sha256')
    .update(canonicalJson([request.auth.companyId, query, body]))
    .digest('hex');
}

interface Held {
  scope: IdempotencyScope;
  claim: string;
}

function replay(reply: FastifyReply, answer: { statusCode: number; contentType: string | null; body: string; headers: Record<string, string> }) {
  reply.code(answer.statusCode).headers(answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.type(answer.contentType);
  // A string sent with a JSON content type goes out as it is: the recorded bytes, not re-serialised.
  return reply.send(answer.body);
}

/**
 * `Idempotency-Key` on creating calls (IETF draft "The Idempotency-Key HTTP Header Field"): the
 * first request with a key claims it and runs; its successful answer is recorded; a retry gets
 * that answer again (`Idempotent-Replayed: true`) without running anything, a retry while the
 * first still runs gets 409, the key on a different request 422. A failed answer releases the
 * key so that the retry runs. Keys are the signed-in caller's; calls without a user ignore them.
 */
export default fp(
  async (app) => {
    const store = createIdempotencyStore(app.db);
    app.decorate('idempotency', store);
    const held = new WeakMap<FastifyRequest, Held>();

    async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
      const claim = held.get(request);
      if (!claim) return;
      held.delete(request);
      const ok = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string';
      try {
        if (!ok) {
          await store.release(claim.scope, claim.claim);
          return;
        }
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        const contentType = reply.getHeader('content-type');
        await store.complete(claim.scope, claim.claim, {
          statusCode: reply.statusCode,
          contentType: contentType === undefined ? null : String(contentType),
          body: payload,
          headers,
        });
      } catch (err) {
        // The answer still goes out; the key is given up so that a retry is not refused for 24 hours.
        request.log.error({ err, reqId: request.id }, 'could not record the answer of an idempotency key');
        await store.release(claim.scope, claim.claim).catch(() => undefined);
      }
    }

    // preHandler: after the route's authentication (onRequest) and body validation, before the handler.
    app.addHook('preHandler', async (request, reply) => {
      if (!METHODS.has(request.method)) return;
      const key = idempotencyKeyOf(request);
      if (key === null || !request.auth) return;
      const path = request.url.split('?', 1)[0];
      if (CREDENTIAL_PATHS.test(path) || SECRET_ANSWER_ROUTES.has(request.routeOptions.url ?? '')) return;

      const scope: IdempotencyScope = { userId: request.auth.userId, method: request.method, path, key };
      const outcome = await store.claim(scope, fingerprintOf(request));
      if (outcome.kind === 'claimed') {
        held.set(request, { scope, claim: outcome.claim });
        return;
      }
      if (outcome.kind === 'replay') return replay(reply, outcome.answer);
      if (outcome.kind === 'inProgress') throw idempotencyInProgress();
      throw idempotencyKeyReused();
    });

    // Every answer, errors included, passes here before it is sent.
    app.addHook('onSend', async (request, reply, payload) => {
      await settle(request, reply, payload);
      return payload;
    });
    // Should no answer have been sent (the client went away first), the key must not stay claimed.
    app.addHook('onResponse', async (request, reply) => settle(request, reply, undefined));
  },
  { name: 'idempotency', dependencies: ['db', 'auth', 'errors'] },
);
