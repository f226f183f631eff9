import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { API_KEYS_PER_COMPANY_MAX, type ApiKey, type ApiKeyCreate, type ApiKeyCreated, type ApiScope } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { projects } from '../projects/tables.js';
import { apiKeys } from './tables.js';

/*
 * API keys of machine clients (EPCIS capture and query, issue 17). A key is `pck_` and 32 random
 * bytes in base64url; only its SHA-256 is stored, with its first 8 characters to tell keys apart.
 * The key itself is shown once, in the answer of its creation.
 */

export const API_KEY_PREFIX = 'pck_';
/** How many characters of a key the list shows (`pck_AbC1`). */
export const API_KEY_SHOWN_CHARS = 8;
/** A key's `last_used_at` is written at most this often: a busy client does not cost a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** Whose plan traceability (and so EPCIS) needs. */
export const API_KEY_SERVICE = 'DPP';

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The shape of a key as clients may send it; anything else is refused without a database look-up. */
export const API_KEY_PATTERN = /^pck_[A-Za-z0-9_-]{43}$/;

export async function createApiKey(db: Db, companyId: number, userId: number, input: ApiKeyCreate): Promise<ApiKeyCreated> {
  const key = generateApiKey();
  const row = await db.transaction(async (tx) => {
    // The company's row serialises creations, so two at once cannot both take the last place.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (input.projectId !== null) {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, input.projectId), eq(projects.companyId, companyId)));
      if (!project) throw validationFailed([{ path: 'projectId', message: 'Not a project of the company' }]);
    }
    const [{ live }] = await tx
      .select({ live: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
    if (live >= API_KEYS_PER_COMPANY_MAX) {
      throw conflict(`A company may hold at most ${API_KEYS_PER_COMPANY_MAX} API keys; revoke one first`);
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        companyId,
        name: input.name,
        keyHash: hashApiKey(key),
        prefix: key.slice(0, API_KEY_SHOWN_CHARS),
        createdBy: userId,
        scopes: input.scopes,
        projectId: input.projectId,
        expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
      })
      .returning({ id: apiKeys.id, name: apiKeys.name });
    return inserted;
  });
  return { apiKeyId: row.id, name: row.name, key };
}

/** The company's live keys, newest first, never the keys themselves. */
export async function listApiKeys(db: Db, companyId: number): Promise<ApiKey[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      createdBy: users.email,
      lastUsedAt: apiKeys.lastUsedAt,
      scopes: apiKeys.scopes,
      projectId: apiKeys.projectId,
      projectName: projects.name,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(projects, eq(projects.id, apiKeys.projectId))
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({
    apiKeyId: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    scopes: row.scopes,
    projectId: row.projectId,
    projectName: row.projectName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}

/** Revokes a live key of the company; 404 for another company's key, an unknown or an already revoked one. */
export async function revokeApiKey(db: Db, companyId: number, apiKeyId: string): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound();
}

export interface ApiClient {
  companyId: number;
  apiKeyId: string;
  scopes: ApiScope[];
  /** The one project the key may reach, or null for the whole company. */
  projectId: number | null;
  /** Who made the key (a manager or switched super-admin); null once that user is gone. */
  createdBy: number | null;
}

interface ApiKeyMatch extends ApiClient {
  lastUsedAt: Date | null;
}

/**
 * The client a key stands for: a live key of an approved company whose current plan (the latest
 * active subscription, as `plans/limits.ts` reads it) includes the DPP service; else null.
 */
/** The services of the key's company's current plan (the latest active subscription), as SQL. */
const currentServices = () => sql`(
    select ${plans.services} from ${subscriptions} join ${plans} on ${plans.id} = ${subscriptions.planId}
    where ${subscriptions.companyId} = ${apiKeys.companyId} and ${subscriptions.status} = 'active'
    order by ${subscriptions.startDate} desc, ${subscriptions.id} desc limit 1
  )`;

/** A key with an expiry works until then, not after. */
const notExpired = () => sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`;

export async function findApiClient(db: Db, key: string): Promise<ApiKeyMatch | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({
      apiKeyId: apiKeys.id,
      companyId: apiKeys.companyId,
      lastUsedAt: apiKeys.lastUsedAt,
      scopes: apiKeys.scopes,
      projectId: apiKeys.projectId,
      createdBy: apiKeys.createdBy,
    })
    .from(apiKeys)
    .innerJoin(companies, and(eq(companies.id, apiKeys.companyId), eq(companies.permission, true)))
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(key)),
        isNull(apiKeys.revokedAt),
        notExpired(),
        sql`${currentServices()} @> ${JSON.stringify([API_KEY_SERVICE])}::jsonb`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Which of these key ids still authenticate (as `findApiClient` judges a key): open EPCIS streams of the others are closed. */
export async function liveApiKeyIds(db: Db, apiKeyIds: readonly string[]): Promise<Set<string>> {
  if (apiKeyIds.length === 0) return new Set();
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .innerJoin(companies, and(eq(companies.id, apiKeys.companyId), eq(companies.permission, true)))
    .where(
      and(
        inArray(apiKeys.id, [...apiKeyIds]),
        isNull(apiKeys.revokedAt),
        notExpired(),
        sql`${currentServices()} @> ${JSON.stringify([API_KEY_SERVICE])}::jsonb`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Records the key's use, unless another request did within the last minute (in this process or any other). */
export async function touchApiKey(db: Db, apiKeyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, apiKeyId),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000}))`,
      ),
    );
}
