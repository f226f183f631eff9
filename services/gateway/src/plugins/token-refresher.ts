import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@product-console/shared';
import { gatewayErrors } from '../errors.js';
import type { TokenRefreshResult } from './metrics.js';
import type { SessionStore } from './store.js';
import { tokensOf, type SessionHandle, type SessionService, type TokenPairName } from './session.js';
import type { UpstreamClient, UpstreamResponse } from './upstream.js';

const errorCodeOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string'
    ? (body as { code: string }).code
    : undefined;

export const isTokenExpired = (response: UpstreamResponse) =>
  response.status === 401 && errorCodeOf(response.body) === ERROR_CODES.TOKEN_EXPIRED;

/** `Authorization: "Bearer <jwt>"` of the API, as the bare token the session keeps. */
export const bareToken = (authorization: string) => authorization.replace(/^Bearer\s+/i, '').trim();

export interface TokenRefresher {
  /**
   * Renews the given pair of the session once, however many requests ask at the same time: in
   * this process they share one promise; across replicas a store lock lets one replica call the
   * API while the others wait and re-read the session. Answers the session as it now is.
   * Throws 401 E401003 (session destroyed) when the API rejects the refresh token and 401 with
   * 'Error. Please log in again.' for any other refusal.
   */
  refreshOnce(handle: SessionHandle, pair: TokenPairName, requestId?: string): Promise<SessionHandle>;
}

export interface TokenRefresherOptions {
  client: UpstreamClient;
  sessions: SessionService;
  store: SessionStore;
  log: FastifyBaseLogger;
  /** How long a replica holds the refresh lock at most; others wait that long for it. */
  lockTtlMs: number;
  /** Told of every refresh this replica made at the API. */
  onRefresh?: (result: TokenRefreshResult) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createTokenRefresher({ client, sessions, store, log, lockTtlMs, onRefresh }: TokenRefresherOptions): TokenRefresher {
  const inFlight = new Map<string, Promise<SessionHandle>>();

  async function callRefresh(current: SessionHandle, pair: TokenPairName, requestId?: string): Promise<SessionHandle> {
    const tokens = tokensOf(current.data, pair);
    if (!tokens) throw gatewayErrors.refreshFailed();
    const response = await client.call('POST', '/api/auth/token/refresh', {
      body: { authToken: tokens.refreshToken },
      requestId,
    });
    if (response.status === 401 && errorCodeOf(response.body) === ERROR_CODES.REFRESH_INVALID) {
      onRefresh?.('invalid');
      await sessions.destroy(current.id);
      log.info({ userId: current.data.userId }, 'refresh token rejected; session destroyed');
      throw gatewayErrors.refreshInvalid();
    }
    const answer = response.body as { Authorization?: unknown; authToken?: unknown; isSwitch?: unknown } | null;
    if (
      response.status !== 200 ||
      typeof answer?.Authorization !== 'string' ||
      typeof answer.authToken !== 'string' ||
      !bareToken(answer.Authorization)
    ) {
      onRefresh?.('failed');
      throw gatewayErrors.refreshFailed({ status: response.status });
    }
    onRefresh?.('ok');
    const renewed = { accessToken: bareToken(answer.Authorization), refreshToken: answer.authToken };
    // Spec point 8: a refresh answer with isSwitch renews the switched company's pair.
    const data =
      answer.isSwitch === true && current.data.switch
        ? { ...current.data, switch: { ...current.data.switch, ...renewed } }
        : { ...current.data, ...renewed };
    const updated = { id: current.id, data };
    await sessions.save(updated);
    return updated;
  }

  async function refresh(handle: SessionHandle, pair: TokenPairName, requestId?: string): Promise<SessionHandle> {
    const staleAccessToken = tokensOf(handle.data, pair)?.accessToken;
    const lockKey = `lock:refresh:${handle.id}`;
    const deadline = Date.now() + lockTtlMs;
    for (;;) {
      const lock = await store.acquireLock(lockKey, lockTtlMs).catch((err) => {
        throw gatewayErrors.storeUnavailable(err);
      });
      try {
        const current = await sessions.load(handle.id);
        if (!current) throw gatewayErrors.refreshInvalid();
        const currentTokens = tokensOf(current.data, pair);
        if (!currentTokens) throw gatewayErrors.refreshFailed();
        // Another request (here or on another replica) has renewed the pair meanwhile.
        if (currentTokens.accessToken !== staleAccessToken) return current;
        if (lock) return await callRefresh(current, pair, requestId);
      } finally {
        if (lock) await store.releaseLock(lockKey, lock).catch(() => {});
      }
      if (Date.now() > deadline) throw gatewayErrors.refreshFailed(new Error('refresh lock wait timed out'));
      await sleep(25);
    }
  }

  return {
    refreshOnce(handle, pair, requestId) {
      const key = `${handle.id}:${pair}`;
      let promise = inFlight.get(key);
      if (!promise) {
        promise = refresh(handle, pair, requestId).finally(() => inFlight.delete(key));
        inFlight.set(key, promise);
      }
      return promise;
    },
  };
}

/**
 * Calls the API with one of the session's tokens; on 401 E401002 renews that pair once and calls
 * again with the new token. Answers the response and the session as it is after the call.
 */
export async function callWithSession(
  request: FastifyRequest,
  handle: SessionHandle,
  pair: TokenPairName,
  call: (token: string) => Promise<UpstreamResponse>,
): Promise<{ response: UpstreamResponse; handle: SessionHandle }> {
  const tokens = tokensOf(handle.data, pair);
  if (!tokens) throw gatewayErrors.unauthenticated();
  const first = await call(tokens.accessToken);
  if (!isTokenExpired(first)) return { response: first, handle };
  const renewed = await request.server.tokenRefresher.refreshOnce(handle, pair, request.id);
  const renewedTokens = tokensOf(renewed.data, pair);
  if (!renewedTokens) throw gatewayErrors.refreshFailed();
  return { response: await call(renewedTokens.accessToken), handle: renewed };
}

declare module 'fastify' {
  interface FastifyInstance {
    tokenRefresher: TokenRefresher;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'tokenRefresher',
      createTokenRefresher({
        client: app.upstream,
        sessions: app.sessions,
        store: app.store,
        log: app.log,
        // A refresh is one API call: the lock outlives it.
        lockTtlMs: app.upstream.timeoutMs + 2_000,
        onRefresh: (result) => app.metrics.tokenRefresh(result),
      }),
    );
  },
  { name: 'token-refresher', fastify: '5.x', dependencies: ['upstream', 'store', 'session', 'metrics'] },
);
