import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { ERROR_CODES, type User } from '@product-console/shared';

/**
 * A stand-in for services/api with the calls the gateway makes: sign-in, refresh, me, switch and
 * an echo route that reports the headers it received. It issues JWT-shaped tokens it can expire.
 */

interface AccessGrant {
  userId: number;
  customerId: number | null;
  expired: boolean;
}

export interface ReceivedCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FakeUpstreamOptions {
  /** Answer refresh with 401 E401003, a 500, or normally. */
  refreshFails: 'E401003' | 500 | null;
  refreshDelayMs: number;
  planCheckFails: boolean;
  signInWithoutTokens: boolean;
  /** Lifetime written into the `exp` claim of new access tokens. */
  accessTokenSeconds: number;
}

export interface FakeUpstream {
  url: string;
  options: FakeUpstreamOptions;
  refreshCalls: number;
  /** Requests that reached /api/echo, with their headers as received. */
  calls: ReceivedCall[];
  signOuts: string[];
  /** Every access and refresh token issued so far. */
  issuedTokens: string[];
  /** Every access token issued so far answers 401 E401002 from now on. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

export const PASSWORD = 'correct-horse';
export const CUSTOMERS: Record<number, string> = { 10: 'acme', 11: 'nordic' };

const baseUser = {
  username: '',
  companyName: '',
  profile: null,
  showDefaultPage: true,
  department: 'Ops',
  officePhone: '',
  mobile: '',
  customDomain: null,
  isLoggedIn: true,
};

export const USERS: Record<string, User> = {
  'super@demo.example': {
    ...baseUser,
    userId: 1,
    username: 'super',
    email: 'super@demo.example',
    roleId: 1,
    serviceName: '',
    firstName: 'Sue',
    lastName: 'Per',
  },
  'manager@demo.example': {
    ...baseUser,
    userId: 2,
    username: 'manager',
    email: 'manager@demo.example',
    roleId: 2,
    serviceName: 'acme',
    companyName: 'Acme Outdoor',
    firstName: 'Mana',
    lastName: 'Ger',
  },
};

const userById = (id: number) => Object.values(USERS).find((u) => u.userId === id)!;

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const app = Fastify({ logger: false });
  const access = new Map<string, AccessGrant>();
  const refresh = new Map<string, { userId: number; customerId: number | null; used: boolean }>();

  const fake: FakeUpstream = {
    url: '',
    options: { refreshFails: null, refreshDelayMs: 0, planCheckFails: false, signInWithoutTokens: false, accessTokenSeconds: 900 },
    refreshCalls: 0,
    calls: [],
    signOuts: [],
    issuedTokens: [],
    expireAccessTokens() {
      for (const grant of access.values()) grant.expired = true;
    },
    close: () => app.close(),
  };

  function issuePair(userId: number, customerId: number | null) {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      sub: userId,
      role: userById(userId).roleId,
      ...(customerId ? { act: customerId } : {}),
      exp: Math.floor(Date.now() / 1000) + fake.options.accessTokenSeconds,
      jti: randomBytes(8).toString('hex'),
    };
    const accessToken = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${randomBytes(16).toString('base64url')}`;
    const refreshToken = `rt_${randomBytes(24).toString('hex')}`;
    access.set(accessToken, { userId, customerId, expired: false });
    refresh.set(refreshToken, { userId, customerId, used: false });
    fake.issuedTokens.push(accessToken, refreshToken);
    return { accessToken, refreshToken };
  }

  /** The grant of the request's bearer, or an answer already sent. */
  function authenticate(request: FastifyRequest, reply: FastifyReply): AccessGrant | null {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const grant = access.get(token);
    if (!grant) {
      reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: 'Please sign in to continue.' });
      return null;
    }
    if (grant.expired) {
      reply.code(401).send({ code: ERROR_CODES.TOKEN_EXPIRED, message: 'Your session has expired.' });
      return null;
    }
    return grant;
  }

  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.post<{ Body: { email: string; password: string } }>('/api/auth/sign/in', async (request, reply) => {
    const user = USERS[request.body.email];
    if (!user || request.body.password !== PASSWORD) {
      return reply.code(401).send({ code: ERROR_CODES.INVALID_CREDENTIALS, message: 'The email or password is incorrect.' });
    }
    if (fake.options.signInWithoutTokens) return { user };
    const pair = issuePair(user.userId, null);
    return { Authorization: `Bearer ${pair.accessToken}`, authToken: pair.refreshToken, user };
  });

  app.post<{ Body: { authToken?: string } }>('/api/auth/sign/out', async (request) => {
    if (request.body?.authToken) fake.signOuts.push(request.body.authToken);
    return { result: true };
  });

  app.post<{ Body: { authToken: string } }>('/api/auth/token/refresh', async (request, reply) => {
    fake.refreshCalls += 1;
    if (fake.options.refreshDelayMs) await new Promise((r) => setTimeout(r, fake.options.refreshDelayMs));
    if (fake.options.refreshFails === 500) return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: 'boom' });
    const grant = refresh.get(request.body.authToken);
    if (fake.options.refreshFails === 'E401003' || !grant || grant.used) {
      return reply.code(401).send({ code: ERROR_CODES.REFRESH_INVALID, message: 'Your session is no longer valid.' });
    }
    grant.used = true;
    const pair = issuePair(grant.userId, grant.customerId);
    return { Authorization: `Bearer ${pair.accessToken}`, authToken: pair.refreshToken, isSwitch: grant.customerId !== null };
  });

  app.get('/api/auth/me/', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    return { user: userById(grant.userId) };
  });

  app.get('/api/auth/super/switch-customer', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    if (grant.customerId === null) return reply.code(403).send({ code: ERROR_CODES.FORBIDDEN, message: 'not switched' });
    return { user: { ...userById(grant.userId), serviceName: CUSTOMERS[grant.customerId] } };
  });

  app.post<{ Body: { customerId: number } }>('/api/auth/token/switch-customer', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const user = userById(grant.userId);
    if (user.roleId !== 1) return reply.code(403).send({ code: ERROR_CODES.FORBIDDEN, message: 'forbidden' });
    const serviceName = CUSTOMERS[request.body.customerId];
    if (!serviceName) return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
    const pair = issuePair(user.userId, request.body.customerId);
    return { Authorization: `Bearer ${pair.accessToken}`, authToken: pair.refreshToken, user: { ...user, serviceName } };
  });

  app.get('/api/service/plan/check/product', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    if (fake.options.planCheckFails) return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: 'boom' });
    return { isLimit: false };
  });

  app.get<{ Querystring: { productId?: string } }>('/api/service/plan/check/link', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    if (fake.options.planCheckFails) return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: 'boom' });
    return { isLimit: request.query.productId === '99' };
  });

  app.get('/api/slow', async () => {
    await new Promise((r) => setTimeout(r, 2_000));
    return { ok: true };
  });

  const echo = async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    fake.calls.push({ method: request.method, url: request.url, headers: request.headers });
    const body = request.body;
    reply.header('set-cookie', 'upstream=1; Path=/');
    return {
      method: request.method,
      url: request.url,
      customerId: grant.customerId,
      // The echo never sends the bearer back, so a test can scan answers for leaked tokens.
      headers: { ...request.headers, authorization: request.headers.authorization ? '[present]' : undefined },
      bodyText: Buffer.isBuffer(body) ? body.toString('utf8') : body === undefined ? null : JSON.stringify(body),
    };
  };
  app.all('/api/echo', echo);
  app.all('/api/echo/*', echo);

  await app.listen({ host: '127.0.0.1', port: 0 });
  fake.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return fake;
}
