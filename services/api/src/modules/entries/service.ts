import { and, eq, or } from 'drizzle-orm';
import {
  AI_GLN,
  MESSAGES,
  entryPath as pathOf,
  entryValue,
  gtinProblem,
  hasValidCheckDigit,
  type Entry,
  type EntryCreateBody,
  type EntryUpdateBody,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, duplicateGtin, notFound, validationFailed, type FieldError } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { companies } from '../companies/tables.js';
import { authorizeAnyProductProject, authorizeEntry, productOfEntry } from '../access/policies.js';
import { toEntry } from '../products/service.js';
import { entries, type EntryRow } from './tables.js';


export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** The company's live (not deleted) entry with this id, else 404. */
export async function findLiveEntry(db: Db, companyId: number, entryId: number): Promise<EntryRow> {
  const [entry] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.companyId, companyId), eq(entries.isDeleted, false)));
  if (!entry) throw notFound();
  return entry;
}

interface CheckedKey {
  aiString: string;
  aiValue: string;
  gcp: string;
  title: string;
}

const GTIN_MESSAGES = {
  format: 'Enter 8, 12, 13 or 14 digits',
  checkDigit: MESSAGES.invalidGtinCheckDigit,
  prefix: MESSAGES.invalidGtinPrefix,
} as const;

/** Validates one key as product creation does and gives its stored form, or the field errors. */
function checkKey(item: EntryCreateBody['entries'][number], index: number, gcps: readonly string[]): CheckedKey | FieldError[] {
  const at = (field: string) => `entries.${index}.${field}`;
  if (!gcps.includes(item.gcp)) return [{ path: at('gcp'), message: 'Not one of your company prefixes.' }];
  const title = item.title ?? '';
  if (item.aiString === AI_GLN) {
    // A whole GLN already starting with the prefix is taken as typed; otherwise prefix plus value (spec point 5).
    const value = item.aiValue.length === 13 && item.aiValue.startsWith(item.gcp) ? item.aiValue : entryValue(AI_GLN, item.aiValue, item.gcp);
    if (!/^\d{13}$/.test(value)) return [{ path: at('aiValue'), message: 'A GLN has 13 digits: the company prefix, the location reference and a check digit.' }];
    if (!hasValidCheckDigit(value)) return [{ path: at('aiValue'), message: 'The GLN check digit is wrong.' }];
    return { aiString: AI_GLN, aiValue: value, gcp: item.gcp, title };
  }
  const problem = gtinProblem(item.aiValue, [item.gcp]);
  if (problem) return [{ path: at('aiValue'), message: GTIN_MESSAGES[problem] }];
  return { aiString: item.aiString, aiValue: entryValue(item.aiString, item.aiValue), gcp: item.gcp, title };
}

/**
 * `POST /api/entry/entries/`: registers every key or none. Keys are checked against the
 * company's prefixes and check digits, then against live entries (409) in one transaction that
 * holds the company row, so that two requests cannot register the same key.
 */
export async function createEntries(db: Db, auth: AuthContext, companyId: number, body: EntryCreateBody, domain: string): Promise<Entry[]> {
  await authorizeAnyProductProject(db, auth, companyId, 'write');
  try {
    const rows = await db.transaction(async (tx) => {
      const [company] = await tx.select({ gcps: companies.gcps }).from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw notFound();

      const keys: CheckedKey[] = [];
      const problems: FieldError[] = [];
      const seen = new Map<string, number>();
      body.entries.forEach((item, index) => {
        const checked = checkKey(item, index, company.gcps);
        if (Array.isArray(checked)) {
          problems.push(...checked);
          return;
        }
        const path = pathOf(checked.aiString, checked.aiValue);
        const first = seen.get(path);
        if (first !== undefined) problems.push({ path: `entries.${index}.aiValue`, message: `Same key as entries.${first}` });
        seen.set(path, first ?? index);
        keys.push(checked);
      });
      if (problems.length > 0) throw validationFailed(problems);

      const taken = await tx
        .select({ aiString: entries.aiString, aiValue: entries.aiValue })
        .from(entries)
        .where(and(eq(entries.isDeleted, false), or(...keys.map((key) => and(eq(entries.aiString, key.aiString), eq(entries.aiValue, key.aiValue))))));
      if (taken.length > 0) {
        const takenPaths = new Set(taken.map((row) => pathOf(row.aiString, row.aiValue)));
        throw duplicateGtin(
          keys.flatMap((key, index) => (takenPaths.has(pathOf(key.aiString, key.aiValue)) ? [{ path: `entries.${index}.aiValue`, message: MESSAGES.duplicateGtin }] : [])),
        );
      }

      return tx
        .insert(entries)
        .values(keys.map((key) => ({ companyId, entryPath: pathOf(key.aiString, key.aiValue), ...key, titleEng: key.title })))
        .returning();
    });
    return rows.map((row) => toEntry(row, domain));
  } catch (error) {
    // Another company registered the same key at the same moment: the partial unique index refuses it.
    if (isUniqueViolation(error)) throw duplicateGtin([]);
    throw error;
  }
}

/**
 * `PUT /api/entry/entries/`: changes a live entry of the company. An entry still identifying a
 * live product cannot be deleted on its own (deleting the product frees it).
 */
export async function updateEntry(db: Db, auth: AuthContext, companyId: number, body: EntryUpdateBody, domain: string): Promise<Entry> {
  const [entry] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.entryPath, body.entryPath), eq(entries.companyId, companyId), eq(entries.isDeleted, false)));
  if (!entry) throw notFound();
  await authorizeEntry(db, auth, entry, 'write');
  if (body.isDeleted && (await productOfEntry(db, entry.id))) {
    throw conflict('This entry identifies a product. Delete the product instead.');
  }
  const [updated] = await db
    .update(entries)
    .set({
      ...(body.isActive !== undefined && { isActive: body.isActive }),
      ...(body.isDeleted && { isDeleted: true, isActive: false }),
      updatedAt: new Date(),
    })
    .where(eq(entries.id, entry.id))
    .returning();
  return toEntry(updated, domain);
}
