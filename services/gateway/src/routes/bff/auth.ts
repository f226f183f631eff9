import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ROLE, signInBodySchema, switchCustomerBodySchema, type SessionInfo } from '@product-console/shared';
import { z } from 'zod';
import { fromUpstreamError, gatewayErrors } from '../../errors.js';
import { activePair, companyKeyOf, type SessionHandle } from '../../plugins/session.js';
import { bareToken, callWithSession } from '../../plugins/token-refresher.js';
import type { UpstreamResponse } from '../../plugins/upstream.js';

/**
 * What sign-in and switch-customer must carry (spec point 5). The user object is the API's to
 * shape; only the fields the session needs are checked here.
 */
const tokenAnswerSchema = z.object({
  Authorization: z.string().transform(bareToken).pipe(z.string().min(1)),
  authToken: z.string().min(1),
  user: z.looseObject({ userId: z.number(), roleId: z.number() }),
});

const userAnswerSchema = z.object({ user: z.looseObject({ userId: z.number() }) });

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw gatewayErrors.validation(parsed.error);
  return parsed.data;
}

function ok(response: UpstreamResponse): unknown {
  if (response.status >= 200 && response.status < 300) return response.body;
  throw fromUpstreamError(response.status, response.body);
}

export function tokenAnswer(response: UpstreamResponse) {
  const parsed = tokenAnswerSchema.safeParse(ok(response));
  if (!parsed.success) throw gatewayErrors.tokenNotProvided();
  return parsed.data;
}

function userAnswer(response: UpstreamResponse) {
  const parsed = userAnswerSchema.safeParse(ok(response));
  if (!parsed.success) throw gatewayErrors.badUpstreamAnswer(parsed.error);
  return parsed.data.user;
}

/** Revokes refresh-token families at the API; the session goes away whatever it answers. */
async function signOutUpstream(request: FastifyRequest, pairs: { accessToken: string; refreshToken: string }[]) {
  await Promise.all(
    pairs.map((pair) =>
      request.server.upstream
        .call('POST', '/api/auth/sign/out', { token: pair.accessToken, body: { authToken: pair.refreshToken }, requestId: request.id })
        .then((response) => {
          if (response.status >= 400) request.log.info({ status: response.status }, 'upstream sign-out refused');
        })
        .catch((err) => request.log.info({ err }, 'upstream sign-out failed')),
    ),
  );
}

/**
 * Opens the browser's session for a token answer of the API (password or single sign-on) and sets
 * its cookie. A new id at every sign-in: an id planted before signing in (session fixation) is worthless.
 */
export async function openSession(request: FastifyRequest, reply: FastifyReply, answer: ReturnType<typeof tokenAnswer>): Promise<void> {
  const app = request.server;
  const previous = await app.sessions.fromRequest(request);
  if (previous) {
    await app.sessions.destroy(previous.id);
    await signOutUpstream(request, [previous.data, ...(previous.data.switch ? [previous.data.switch] : [])]);
  }
  const pair = { accessToken: answer.Authorization, refreshToken: answer.authToken };
  const handle = await app.sessions
    .create({ userId: answer.user.userId, roleId: answer.user.roleId, companyKey: companyKeyOf(answer.user), ...pair, switch: null })
    .catch(async (err: unknown) => {
      // Nobody will ever hold these tokens: revoke them.
      await signOutUpstream(request, [pair]);
      throw err;
    });
  app.sessions.setCookie(reply, handle.id);
}

/** The user as the console should see it: the switched company's view while switched. */
async function currentUser(request: FastifyRequest, handle: SessionHandle): Promise<SessionInfo> {
  const pair = activePair(handle.data);
  const path = pair === 'switch' ? '/api/auth/super/switch-customer' : '/api/auth/me/';
  const { response, handle: current } = await callWithSession(request, handle, pair, (token) =>
    request.server.upstream.call('GET', path, { token, requestId: request.id }),
  );
  const user = userAnswer(response) as SessionInfo['user'];
  return { user, switchedCustomerId: current.data.switch?.customerId ?? null };
}

function requireSuperAdmin(handle: SessionHandle) {
  if (handle.data.roleId !== ROLE.SUPER_ADMIN) throw gatewayErrors.forbidden();
}

const authRoutes: FastifyPluginAsync = async (app) => {
  const signInLimits = { onRequest: app.rateLimits.signInByAddress, preHandler: app.rateLimits.signInByEmail };

  app.post('/sign-in', signInLimits, async (request, reply) => {
    const body = parseBody(signInBodySchema, request.body);
    // Without a store no session can be kept: refuse before the API checks the password, so a
    // store outage (which also lifts the rate limits) cannot be used to test passwords.
    await app.sessions.assertAvailable();
    const answer = tokenAnswer(
      await app.upstream.call('POST', '/api/auth/sign/in', { body, requestId: request.id }),
    );
    await openSession(request, reply, answer);
    return { user: answer.user };
  });

  app.post('/sign-out', async (request, reply) => {
    const handle = await app.sessions.fromRequest(request);
    if (handle) {
      const pairs = [handle.data, ...(handle.data.switch ? [handle.data.switch] : [])];
      await signOutUpstream(request, pairs);
      await app.sessions.destroy(handle.id);
    }
    app.sessions.clearCookie(reply);
    return { result: true };
  });

  app.get('/me', async (request) => {
    const handle = await app.sessions.require(request);
    return currentUser(request, handle);
  });

  app.post('/switch', async (request) => {
    const handle = await app.sessions.require(request);
    requireSuperAdmin(handle);
    const { customerId } = parseBody(switchCustomerBodySchema, request.body);
    const { response, handle: current } = await callWithSession(request, handle, 'main', (token) =>
      app.upstream.call('POST', '/api/auth/token/switch-customer', { token, body: { customerId }, requestId: request.id }),
    );
    const answer = tokenAnswer(response);
    const previousSwitch = current.data.switch;
    await app.sessions.save({
      id: current.id,
      data: {
        ...current.data,
        switch: { customerId, companyKey: companyKeyOf(answer.user), accessToken: answer.Authorization, refreshToken: answer.authToken },
      },
    });
    request.log.info(
      { audit: 'company-switch', userId: current.data.userId, customerId, at: new Date().toISOString() },
      'super-admin switched company',
    );
    if (previousSwitch) await signOutUpstream(request, [previousSwitch]);
    return { user: answer.user, switchedCustomerId: customerId } as SessionInfo;
  });

  app.delete('/switch', async (request) => {
    const handle = await app.sessions.require(request);
    requireSuperAdmin(handle);
    const previousSwitch = handle.data.switch;
    const updated = { id: handle.id, data: { ...handle.data, switch: null } };
    await app.sessions.save(updated);
    if (previousSwitch) {
      request.log.info(
        { audit: 'company-switch-end', userId: handle.data.userId, customerId: previousSwitch.customerId, at: new Date().toISOString() },
        'super-admin left switched company',
      );
      await signOutUpstream(request, [previousSwitch]);
    }
    return currentUser(request, updated);
  });
};

export default authRoutes;
