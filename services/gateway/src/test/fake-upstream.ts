import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { ERROR_CODES, PLAN_USAGE_CHANGED_HEADER, type User } from '@product-console/shared';

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
  /** How long each plan check takes to answer. */
  planCheckDelayMs: number;
  /** Products a company may hold: the product check answers isLimit once it holds that many. */
  productLimit: number;
  signInWithoutTokens: boolean;
  /** Product and link calls answer 400 and change nothing. */
  mutationsFail: boolean;
  /** /api/flaky answers 503 this many more times before it answers 200. */
  flakyFailures: number;
  /** Lifetime written into the `exp` claim of new access tokens. */
  accessTokenSeconds: number;
  /**
   * How the landing page's product read (a visitor's call) answers: at once with the address it
   * was asked, after 2 s, or by dropping the connection.
   */
  landingAnswer: 'address' | 'slow' | 'hang-up';
}

export interface FakeUpstream {
  url: string;
  options: FakeUpstreamOptions;
  refreshCalls: number;
  /** Plan checks that reached the API, product and link alike. */
  planCheckCalls: number;
  /** Products per company (service name), moved by the product create and delete calls. */
  products: Record<string, number>;
  /** Requests that reached /api/flaky. */
  flakyCalls: number;
  /** Bytes received by /api/upload/count, counted as they stream in. */
  uploadedBytes: number;
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
/** What /api/catalogue answers: a page of products, a few KB of JSON, and its ETag. */
export const CATALOGUE = {
  result: Array.from({ length: 40 }, (_, i) => ({ productId: i + 1, product_name: `Trail boots ${i + 1}`, product_number: `TB-${100 + i}`, status: 'published' })),
  pageInfo: { page: 1, pageSize: 40, total: 40 },
};
export const CATALOGUE_ETAG = '"catalogue-v1"';
/** What /api/photo answers: PNG bytes, compressed already. */
export const PHOTO = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(4096)]);
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
  'sub@demo.example': {
    ...baseUser,
    userId: 3,
    username: 'sub',
    email: 'sub@demo.example',
    roleId: 3,
    serviceName: 'acme',
    companyName: 'Acme Outdoor',
    firstName: 'Sid',
    lastName: 'Sub',
  },
};

/** A product of Acme outside the projects of its sub-admin: the stand-in answers it 404 for them. */
export const PRODUCT_OUTSIDE_SUB_ADMIN = '7';

const userById = (id: number) => Object.values(USERS).find((u) => u.userId === id)!;

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const app = Fastify({ logger: false });
  const access = new Map<string, AccessGrant>();
  const refresh = new Map<string, { userId: number; customerId: number | null; used: boolean }>();

  const fake: FakeUpstream = {
    url: '',
    options: {
      refreshFails: null,
      refreshDelayMs: 0,
      planCheckFails: false,
      planCheckDelayMs: 0,
      productLimit: Number.POSITIVE_INFINITY,
      signInWithoutTokens: false,
      flakyFailures: 0,
      mutationsFail: false,
      accessTokenSeconds: 900,
      landingAnswer: 'address',
    },
    refreshCalls: 0,
    planCheckCalls: 0,
    products: {},
    flakyCalls: 0,
    uploadedBytes: 0,
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

  /** The company a grant acts for, by service name. */
  const companyOf = (grant: AccessGrant) => (grant.customerId ? CUSTOMERS[grant.customerId] : userById(grant.userId).serviceName);

  const planCheck = async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = authenticate(request, reply);
    if (!grant) return null;
    fake.planCheckCalls += 1;
    if (fake.options.planCheckDelayMs) await new Promise((r) => setTimeout(r, fake.options.planCheckDelayMs));
    if (fake.options.planCheckFails) {
      reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: 'boom' });
      return null;
    }
    return grant;
  };

  app.get('/api/service/plan/check/product', async (request, reply) => {
    const grant = await planCheck(request, reply);
    if (!grant) return reply;
    return { isLimit: (fake.products[companyOf(grant)] ?? 0) >= fake.options.productLimit };
  });

  app.get<{ Querystring: { productId?: string } }>('/api/service/plan/check/link', async (request, reply) => {
    const grant = await planCheck(request, reply);
    if (!grant) return reply;
    if (userById(grant.userId).roleId === 3 && request.query.productId === PRODUCT_OUTSIDE_SUB_ADMIN) {
      return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'not found' });
    }
    return { isLimit: request.query.productId === '99' };
  });

  // The calls after which plan usage changes; products move the company's count. Like the API,
  // a successful one says so with PLAN_USAGE_CHANGED_HEADER.
  const mutation = (delta: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    if (fake.options.mutationsFail) return reply.code(400).send({ code: ERROR_CODES.VALIDATION, message: 'invalid' });
    const company = companyOf(grant);
    fake.products[company] = (fake.products[company] ?? 0) + delta;
    reply.header(PLAN_USAGE_CHANGED_HEADER, '1');
    return { result: true };
  };
  app.post('/api/product/', mutation(1));
  app.delete('/api/product/:id', mutation(-1));
  app.put('/api/product/bulk', mutation(-1));
  app.patch('/api/product/move/:id', mutation(0));
  app.put('/api/product/move/bulk', mutation(0));
  app.post('/api/entry/links/', mutation(0));
  app.delete('/api/entry/links/', mutation(0));

  app.get('/api/flaky', async (_request, reply) => {
    fake.flakyCalls += 1;
    if (fake.options.flakyFailures > 0) {
      fake.options.flakyFailures -= 1;
      return reply.code(503).send({ code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: 'database down' });
    }
    return { ok: true };
  });
  app.post('/api/flaky', async (_request, reply) => {
    fake.flakyCalls += 1;
    return reply.code(503).send({ code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: 'database down' });
  });

  // What a proxy in front of a dead API answers: its page names internal addresses.
  app.get('/api/bad-gateway', async (_request, reply) =>
    reply.code(502).type('text/html').send('<h1>502 Bad Gateway</h1> upstream 10.0.0.7:4000 refused'),
  );

  // The connection drops before any answer.
  app.get('/api/hang-up', async (request, reply) => {
    request.raw.socket.destroy();
    return reply;
  });

  // Counts an upload as it streams in, keeping nothing, like an API writing to object storage.
  await app.register(async (counting) => {
    counting.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    counting.post('/api/upload/count', async (request, reply) => {
      if (!authenticate(request, reply)) return reply;
      let bytes = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
      fake.uploadedBytes += bytes;
      return { bytes };
    });
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
  // The API's internal calls: any that reach the stand-in are recorded, for tests that they do not.
  app.all('/api/internal/*', echo);

  // Answers of the kinds the gateway compresses or must not: a page of products (JSON, with an
  // ETag as the API's @fastify/etag makes), an event stream, an image.
  app.get('/api/catalogue', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    reply.header('etag', CATALOGUE_ETAG);
    // Compared weakly, as RFC 9110 has it for If-None-Match and as the API's @fastify/etag does.
    if (String(request.headers['if-none-match'] ?? '').replace(/^W\//, '') === CATALOGUE_ETAG) return reply.code(304).send();
    return CATALOGUE;
  });
  app.get('/api/events', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (let i = 0; i < 50; i += 1) reply.raw.write(`event: notification\ndata: {"id":${i},"text":"product ${i} was updated"}\n\n`);
    reply.raw.end();
  });
  app.get('/api/photo', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    return reply.type('image/png').send(PHOTO);
  });

  // A call a visitor makes before signing in: answers with the headers it received.
  app.post('/api/auth/password/forgot', async (request, reply) => {
    reply.header('set-cookie', 'upstream=1; Path=/');
    return { result: true, headers: request.headers };
  });

  app.get('/api/product/landing-page/preview-productInfo', async (request, reply) => {
    if (fake.options.landingAnswer === 'hang-up') {
      request.raw.socket.destroy();
      return reply;
    }
    if (fake.options.landingAnswer === 'slow') await new Promise((r) => setTimeout(r, 2_000));
    return { url: request.url };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  fake.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return fake;
}
