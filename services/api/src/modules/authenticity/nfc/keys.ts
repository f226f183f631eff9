import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies } from '../../companies/tables.js';
import { createKeySealer, type KeySealer } from '../../credentials/keys.js';
import { nfcMasterKeys, nfcTags } from '../tables.js';
import { deriveFileReadKey, deriveMetaReadKey } from './crypto.js';

/** The HKDF info string of NFC keys (master keys and imported tag keys): never the issuer keys' one. */
export const NFC_KEYS_PURPOSE = 'nfc tag keys v1';

/** The sealer of NFC keys, under CREDENTIAL_KEY_SECRET with its own derived key. */
export function createNfcKeySealer(secret: string): KeySealer {
  return createKeySealer(secret, NFC_KEYS_PURPOSE);
}

/** A master key as listed: never its value. */
export interface MasterKeyInfo {
  id: number;
  status: 'active' | 'retired';
  createdAt: Date;
  retiredAt: Date | null;
  /** Tags whose keys are diversified from it. */
  tags: number;
}

/** The company's master keys, newest first, with the number of tags each one keys. */
export async function listMasterKeys(db: Db, companyId: number): Promise<MasterKeyInfo[]> {
  const rows = await db
    .select({
      id: nfcMasterKeys.id,
      status: nfcMasterKeys.status,
      createdAt: nfcMasterKeys.createdAt,
      retiredAt: nfcMasterKeys.retiredAt,
      tags: count(nfcTags.id),
    })
    .from(nfcMasterKeys)
    .leftJoin(nfcTags, eq(nfcTags.masterKeyId, nfcMasterKeys.id))
    .where(eq(nfcMasterKeys.companyId, companyId))
    .groupBy(nfcMasterKeys.id)
    .orderBy(asc(nfcMasterKeys.id));
  return rows.reverse().map((row) => ({ ...row, tags: Number(row.tags) }));
}

/**
 * Makes a new master key (16 random bytes) the company's active one and retires the previous one,
 * whose tags keep verifying with it. Answers the key's value: the only time it leaves the product.
 */
export async function generateMasterKey(db: Db, sealer: KeySealer, companyId: number): Promise<{ id: number; key: string; createdAt: Date; retired: number | null }> {
  const key = randomBytes(16);
  return db.transaction(async (tx) => {
    // One generation per company at a time: the second waits, then retires the first's new key.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const retired = await tx
      .update(nfcMasterKeys)
      .set({ status: 'retired', retiredAt: sql`now()` })
      .where(and(eq(nfcMasterKeys.companyId, companyId), eq(nfcMasterKeys.status, 'active')))
      .returning({ id: nfcMasterKeys.id });
    const [created] = await tx
      .insert(nfcMasterKeys)
      .values({ companyId, sealedKey: sealer.seal(key.toString('hex').toUpperCase()), status: 'active' })
      .returning({ id: nfcMasterKeys.id, createdAt: nfcMasterKeys.createdAt });
    return { id: created.id, key: key.toString('hex').toUpperCase(), createdAt: created.createdAt, retired: retired[0]?.id ?? null };
  });
}

/** The id of the company's active master key, or null when it has none yet. */
export async function activeMasterKeyId(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: nfcMasterKeys.id })
    .from(nfcMasterKeys)
    .where(and(eq(nfcMasterKeys.companyId, companyId), eq(nfcMasterKeys.status, 'active')))
    .orderBy(asc(nfcMasterKeys.id))
    .limit(1);
  return row?.id ?? null;
}

/** The value of one of the company's master keys (active or retired), or null. */
export async function openMasterKey(db: Db, sealer: KeySealer, companyId: number, masterKeyId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ sealed: nfcMasterKeys.sealedKey })
    .from(nfcMasterKeys)
    .where(and(eq(nfcMasterKeys.id, masterKeyId), eq(nfcMasterKeys.companyId, companyId)));
  return row ? Buffer.from(sealer.open(row.sealed), 'hex') : null;
}

/** The SDM meta-read keys of the company's master keys (active first), with the id of each. */
export async function companyMetaReadKeys(db: Db, sealer: KeySealer, companyId: number): Promise<{ masterKeyId: number; metaReadKey: Buffer }[]> {
  const rows = await db
    .select({ id: nfcMasterKeys.id, sealed: nfcMasterKeys.sealedKey, status: nfcMasterKeys.status })
    .from(nfcMasterKeys)
    .where(eq(nfcMasterKeys.companyId, companyId))
    .orderBy(asc(nfcMasterKeys.id));
  return rows
    .sort((a, b) => (a.status === b.status ? b.id - a.id : a.status === 'active' ? -1 : 1))
    .map((row) => ({ masterKeyId: row.id, metaReadKey: deriveMetaReadKey(Buffer.from(sealer.open(row.sealed), 'hex')) }));
}

/** The imported keys of a tag as sealed together in `nfc_tags.sealed_keys`. */
interface ImportedKeys {
  metaRead: string;
  fileRead: string;
}

export function sealImportedKeys(sealer: KeySealer, keys: { metaReadKey: string; fileReadKey: string }): string {
  const value: ImportedKeys = { metaRead: keys.metaReadKey.toUpperCase(), fileRead: keys.fileReadKey.toUpperCase() };
  return sealer.seal(JSON.stringify(value));
}

export interface TagKeyRow {
  companyId: number;
  uid: string;
  keySource: 'master' | 'imported';
  masterKeyId: number | null;
  sealedKeys: string | null;
}

/** A tag's SDM meta-read and file-read keys: imported ones opened, or derived from its master key. */
export async function tagKeys(db: Db, sealer: KeySealer, tag: TagKeyRow): Promise<{ metaReadKey: Buffer; fileReadKey: Buffer } | null> {
  if (tag.keySource === 'imported') {
    if (!tag.sealedKeys) return null;
    const keys = JSON.parse(sealer.open(tag.sealedKeys)) as ImportedKeys;
    return { metaReadKey: Buffer.from(keys.metaRead, 'hex'), fileReadKey: Buffer.from(keys.fileRead, 'hex') };
  }
  if (tag.masterKeyId === null) return null;
  const master = await openMasterKey(db, sealer, tag.companyId, tag.masterKeyId);
  if (!master) return null;
  return { metaReadKey: deriveMetaReadKey(master), fileReadKey: deriveFileReadKey(master, Buffer.from(tag.uid, 'hex')) };
}
