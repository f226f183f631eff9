import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { gatewayErrors } from '../errors.js';
import { isUnder } from '../lib/routed-path.js';
import type { SessionStore } from './store.js';

export const SESSION_COOKIE = 'sid';

const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** What the gateway keeps for one signed-in browser. The tokens never leave the gateway. */
export const sessionRecordSchema = z.object({
  userId: z.number(),
  roleId: z.number(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /**
   * The user's own company as the gateway's caches key it (`service:<serviceName>`); null for a
   * user without a company (an unswitched super-admin). Optional: sessions made before it existed.
   */
  companyKey: z.string().nullable().optional(),
  /** The super-admin's switched company: a second token pair, used while present. */
  switch: tokenPairSchema.extend({ customerId: z.number(), companyKey: z.string().nullable().optional() }).nullable(),
  createdAt: z.string(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/**
 * The cache key of a company: its service name, which the API keeps unique and puts in every user
 * answer, so a manager and a super-admin switched into the same company share one key.
 */
export function companyKeyOf(user: object): string | null {
  const serviceName = (user as { serviceName?: unknown }).serviceName;
  return typeof serviceName === 'string' && serviceName ? `service:${serviceName}` : null;
}

/** The company the session acts for: the switched one while switched, else the user's own. */
export function actingCompanyKey(session: SessionRecord): string | null {
  if (session.switch) return session.switch.companyKey ?? `customer:${session.switch.customerId}`;
  return session.companyKey ?? null;
}

export interface SessionHandle {
  id: string;
  data: SessionRecord;
}

/** Which token pair of a session a call uses: the main one, or the switched company's. */
export type TokenPairName = 'main' | 'switch';

export function activePair(session: SessionRecord): TokenPairName {
  return session.switch ? 'switch' : 'main';
}

export function tokensOf(session: SessionRecord, pair: TokenPairName): { accessToken: string; refreshToken: string } | null {
  if (pair === 'switch') return session.switch;
  return { accessToken: session.accessToken, refreshToken: session.refreshToken };
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const storeKey = (id: string) => `session:${id}`;

export interface SessionService {
  create(data: Omit<SessionRecord, 'createdAt'>): Promise<SessionHandle>;
  load(id: string): Promise<SessionHandle | null>;
  save(handle: SessionHandle): Promise<void>;
  destroy(id: string): Promise<void>;
  /** The session of the request's `sid` cookie, read once per request. */
  fromRequest(request: FastifyRequest): Promise<SessionHandle | null>;
  /** Like fromRequest, but answers 401 E401005 without a session. */
  require(request: FastifyRequest): Promise<SessionHandle>;
  /** Answers 503 E503002 unless the store answers now. */
  assertAvailable(): Promise<void>;
  setCookie(reply: FastifyReply, id: string): void;
  clearCookie(reply: FastifyReply): void;
}

export interface SessionServiceOptions {
  store: SessionStore;
  ttlSeconds: number;
  cookieSecure: boolean;
}

const kSession = Symbol('session');
type RequestWithSession = FastifyRequest & { [kSession]?: Promise<SessionHandle | null> };

export function createSessionService({ store, ttlSeconds, cookieSecure }: SessionServiceOptions): SessionService {
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: cookieSecure };

  const withStore = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (err) {
      throw gatewayErrors.storeUnavailable(err);
    }
  };

  const service: SessionService = {
    async create(data) {
      const id = randomBytes(32).toString('base64url');
      const handle = { id, data: { ...data, createdAt: new Date().toISOString() } };
      await service.save(handle);
      return handle;
    },
    async load(id) {
      if (!SESSION_ID.test(id)) return null;
      const raw = await withStore(() => store.get(storeKey(id)));
      if (raw === null) return null;
      const parsed = sessionRecordSchema.safeParse(raw);
      return parsed.success ? { id, data: parsed.data } : null;
    },
    async save(handle) {
      // Each save extends the session to the lifetime of the refresh token it now holds.
      await withStore(() => store.set(storeKey(handle.id), handle.data, ttlSeconds));
    },
    async destroy(id) {
      await withStore(() => store.delete(storeKey(id)));
    },
    fromRequest(request) {
      const cached = request as RequestWithSession;
      if (!cached[kSession]) {
        const id = request.cookies[SESSION_COOKIE];
        cached[kSession] = id ? service.load(id) : Promise.resolve(null);
      }
      return cached[kSession];
    },
    async require(request) {
      const handle = await service.fromRequest(request);
      if (!handle) throw gatewayErrors.unauthenticated();
      return handle;
    },
    async assertAvailable() {
      if (!(await store.ping())) throw gatewayErrors.storeUnavailable();
    },
    setCookie(reply, id) {
      reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions, maxAge: ttlSeconds });
    },
    clearCookie(reply) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
}

export interface SessionPluginOptions {
  ttlSeconds: number;
  cookieSecure: boolean;
}

/** The /bff calls that act for a signed-in user (all but the visitors' public pass-through). */
export const actsForUser = (path: string) => isUnder(path, '/bff') && !isUnder(path, '/bff/public');

export default fp<SessionPluginOptions>(
  async (app, options) => {
    const sessions = createSessionService({ store: app.store, ...options });
    app.decorate('sessions', sessions);
    // A call's session is read from the store while its other checks (the rate-limit counter,
    // registered after this hook) are under way: two store round trips cost the time of one.
    // The read is awaited, and its failure answered, by whichever route needs the session.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.cookies[SESSION_COOKIE] && actsForUser(request.routedPath)) sessions.fromRequest(request).catch(() => {});
      done();
    });
  },
  { name: 'session', fastify: '5.x', dependencies: ['store', '@fastify/cookie', 'routed-path'] },
);
