import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  QUALIFIERS_OF_PRODUCT_MAX,
  SERIAL_AI,
  SERIAL_PROBLEM_MESSAGES,
  parseDigitalLink,
  qualifierPathOf,
  serialProblem,
  type Qualifier,
  type QualifierCreateBody,
  type QualifierListQuery,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { duplicateSerial, notFound, validationFailed, type FieldError } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeEntry } from '../access/policies.js';
import { findLiveEntry, isUniqueViolation } from '../entries/service.js';
import type { EntryRow } from '../entries/tables.js';
import { authorizeProduct } from '../access/policies.js';
import { qualifiers, type QualifierRow } from './tables.js';

export function toQualifier(row: QualifierRow): Qualifier {
  return {
    qualifierId: row.id,
    qualifierPath: row.qualifierPath,
    identifierCode: row.identifierCode,
    entryId: row.entryId,
    value: row.value,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  };
}


/** A serial path of an entry read as a Digital Link: its AI, decoded value and canonical path. */
export interface ParsedQualifier {
  ai: string;
  value: string;
  qualifierPath: string;
}

/**
 * Reads `qualifierPath` (`/21/{serial}`, percent-encoded) after the entry's path as a whole
 * Digital Link URI, so the GS1 rules of the shared parser apply (AI order, length, check digit
 * of the key); the value must also keep to CSET 82. Answers the reason when it is refused.
 */
export function parseSerialPath(entryPath: string, qualifierPath: string): ParsedQualifier | { problem: string } {
  if (!/^\/21\/[^/?#]+$/.test(qualifierPath)) return { problem: 'A serial path is /21/{serial}, with / % and ? percent-encoded.' };
  let value: string;
  try {
    value = decodeURIComponent(qualifierPath.slice(4));
  } catch {
    return { problem: 'The serial is not correctly percent-encoded.' };
  }
  const problem = serialProblem(value);
  if (problem) return { problem: SERIAL_PROBLEM_MESSAGES[problem] };
  // URLs resolve these as path steps, so no scanner could ever reach them.
  if (value === '.' || value === '..') return { problem: 'A serial cannot be . or ..' };
  const link = parseDigitalLink(`https://x${entryPath}${qualifierPath}`);
  const [qualifier] = link?.qualifiers ?? [];
  if (!link || link.qualifiers.length !== 1 || qualifier.ai !== SERIAL_AI || qualifier.value !== value) {
    return { problem: 'This entry cannot carry a serial.' };
  }
  return { ai: SERIAL_AI, value, qualifierPath: qualifierPathOf(SERIAL_AI, value) };
}

/** The entry named by id, checked against the path (and prefix) the caller sent with it. */
export async function entryForWrite(db: Db, auth: AuthContext, companyId: number, ref: { entryId: number; entryPath: string; gcp?: string }): Promise<EntryRow> {
  const entry = await findLiveEntry(db, companyId, ref.entryId);
  await authorizeEntry(db, auth, entry, 'write');
  const problems: FieldError[] = [];
  if (ref.entryPath !== entry.entryPath) problems.push({ path: 'entryPath', message: 'Not the path of this entry.' });
  if (ref.gcp !== undefined && ref.gcp !== entry.gcp) problems.push({ path: 'gcp', message: 'Not the company prefix of this entry.' });
  if (problems.length > 0) throw validationFailed(problems);
  return entry;
}

export async function entryForRead(db: Db, auth: AuthContext, companyId: number, entryId: number): Promise<EntryRow> {
  const entry = await findLiveEntry(db, companyId, entryId);
  await authorizeEntry(db, auth, entry, 'read');
  return entry;
}

const live = (entryId: number) => and(eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false));
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `GET /api/entry/qualifiers/all/product`: the live qualifiers of the product's entry, oldest first, capped. */
export async function qualifiersOfProduct(db: Db, auth: AuthContext, companyId: number, productId: number): Promise<Qualifier[]> {
  const product = await authorizeProduct(db, auth, companyId, productId, 'read');
  if (product.entryId === null) return [];
  const rows = await db.select().from(qualifiers).where(live(product.entryId)).orderBy(asc(qualifiers.id)).limit(QUALIFIERS_OF_PRODUCT_MAX);
  return rows.map(toQualifier);
}

/** `GET /api/entry/qualifiers/path`: one live qualifier of the entry by its path, else 404. */
export async function qualifierByPath(db: Db, auth: AuthContext, companyId: number, entryId: number, path: string): Promise<Qualifier> {
  const entry = await entryForRead(db, auth, companyId, entryId);
  const parsed = parseSerialPath(entry.entryPath, path);
  if ('problem' in parsed) throw validationFailed([{ path: 'path', message: parsed.problem }]);
  const [row] = await db
    .select()
    .from(qualifiers)
    .where(and(live(entry.id), eq(qualifiers.qualifierPath, parsed.qualifierPath)));
  if (!row) throw notFound();
  return toQualifier(row);
}

/** `GET /api/entry/qualifiers/all`: a page of the entry's live qualifiers, newest first. */
export async function listQualifiers(db: Db, auth: AuthContext, companyId: number, query: QualifierListQuery): Promise<{ result: Qualifier[]; total: number }> {
  const entry = await entryForRead(db, auth, companyId, query.entryId);
  const conditions = [live(entry.id)];
  if (query.root) conditions.push(eq(qualifiers.identifierCode, query.root.replace(/^\//, '')));
  if (query.search) conditions.push(ilike(qualifiers.value, `%${escapeLike(query.search)}%`));
  if (query.status) conditions.push(eq(qualifiers.status, query.status));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(qualifiers).where(where);
  const rows = await db
    .select()
    .from(qualifiers)
    .where(where)
    .orderBy(desc(qualifiers.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { result: rows.map(toQualifier), total };
}

/** `POST /api/entry/qualifiers/`: registers one serial of an entry; a live duplicate is 409. */
export async function createQualifier(db: Db, auth: AuthContext, companyId: number, body: QualifierCreateBody): Promise<{ qualifier: Qualifier; entryPath: string }> {
  const entry = await entryForWrite(db, auth, companyId, body);
  const parsed = parseSerialPath(entry.entryPath, body.qualifierPath);
  if ('problem' in parsed) throw validationFailed([{ path: 'qualifierPath', message: parsed.problem }]);
  try {
    const row = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: qualifiers.id })
        .from(qualifiers)
        .where(and(live(entry.id), eq(qualifiers.qualifierPath, parsed.qualifierPath)));
      if (existing) throw duplicateSerial();
      const [inserted] = await tx
        .insert(qualifiers)
        .values({ companyId, entryId: entry.id, identifierCode: parsed.ai, qualifierPath: parsed.qualifierPath, value: parsed.value })
        .returning();
      return inserted;
    });
    return { qualifier: toQualifier(row), entryPath: entry.entryPath };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSerial();
    throw error;
  }
}

/** `PUT /api/entry/qualifiers/delete`: marks a live qualifier of the entry deleted (its path is free again). */
export async function deleteQualifier(db: Db, auth: AuthContext, companyId: number, ref: { qualifierId: number; entryId: number; entryPath: string }): Promise<string> {
  const entry = await entryForWrite(db, auth, companyId, ref);
  const [row] = await db
    .update(qualifiers)
    .set({ isDeleted: true })
    .where(and(eq(qualifiers.id, ref.qualifierId), live(entry.id)))
    .returning({ id: qualifiers.id });
  if (!row) throw notFound();
  return entry.entryPath;
}
