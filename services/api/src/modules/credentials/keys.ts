import { createCipheriv, createDecipheriv, createPrivateKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.js';
import { companies } from '../companies/tables.js';
import { issuerKeys, type IssuerKeyRow } from './tables.js';

/**
 * Seals and opens secret keys with AES-256-GCM under a key derived (HKDF-SHA256) from
 * CREDENTIAL_KEY_SECRET, one derived key per purpose (the HKDF info string): passport issuer
 * keys, NFC tag keys. The sealed form names its version so that the scheme can change later.
 */
export interface KeySealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The HKDF info string of passport issuer private keys. */
export const ISSUER_KEYS_PURPOSE = 'passport issuer keys v1';

export function createKeySealer(secret: string, purpose: string = ISSUER_KEYS_PURPOSE): KeySealer {
  const key = Buffer.from(hkdfSync('sha256', secret, 'product-console', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown sealed key format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A public issuer key as listed to managers and in the DID document. */
export interface PublicIssuerKey {
  keyId: string;
  publicJwk: JWK;
  status: IssuerKeyRow['status'];
  createdAt: Date;
  retiredAt: Date | null;
}

const publicColumns = {
  keyId: issuerKeys.keyId,
  publicJwk: issuerKeys.publicJwk,
  status: issuerKeys.status,
  createdAt: issuerKeys.createdAt,
  retiredAt: issuerKeys.retiredAt,
};

async function newKeyValues(sealer: KeySealer, companyId: number) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const keyId = await calculateJwkThumbprint(publicJwk);
  return {
    companyId,
    keyId,
    publicJwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x },
    privateKeySealed: sealer.seal(JSON.stringify(privateJwk)),
    status: 'active' as const,
  };
}

/** The company's issuer keys, newest first (the active one and every retired one). */
export async function listIssuerKeys(db: Db, companyId: number): Promise<PublicIssuerKey[]> {
  const rows = await db.select(publicColumns).from(issuerKeys).where(eq(issuerKeys.companyId, companyId)).orderBy(asc(issuerKeys.id));
  return rows.reverse();
}

/** The signing key: the company's active key, made on first use. */
export async function activeSigningKey(db: Db, sealer: KeySealer, companyId: number): Promise<{ keyId: string; privateKey: KeyObject }> {
  const active = () =>
    db
      .select({ keyId: issuerKeys.keyId, sealed: issuerKeys.privateKeySealed })
      .from(issuerKeys)
      .where(and(eq(issuerKeys.companyId, companyId), eq(issuerKeys.status, 'active')))
      .limit(1);
  let [row] = await active();
  if (!row) {
    // Two first uses at once: the partial unique index keeps one, the other reads it back.
    await db.insert(issuerKeys).values(await newKeyValues(sealer, companyId)).onConflictDoNothing();
    [row] = await active();
  }
  if (!row) throw new Error('no active issuer key');
  return { keyId: row.keyId, privateKey: createPrivateKey({ key: JSON.parse(sealer.open(row.sealed)) as JWK & { kty: string }, format: 'jwk' }) };
}

/** Makes sure the company has an active key (so its DID document lists one). */
export async function ensureIssuerKey(db: Db, sealer: KeySealer, companyId: number): Promise<void> {
  await activeSigningKey(db, sealer, companyId);
}

/** Retires the active key (kept, still listed) and makes a new active one; answers the new key. */
export async function rotateIssuerKey(db: Db, sealer: KeySealer, companyId: number): Promise<PublicIssuerKey> {
  const values = await newKeyValues(sealer, companyId);
  return db.transaction(async (tx) => {
    // One rotation of a company at a time: the second waits and then retires the first's new key.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    await tx
      .update(issuerKeys)
      .set({ status: 'retired', retiredAt: sql`now()` })
      .where(and(eq(issuerKeys.companyId, companyId), eq(issuerKeys.status, 'active')));
    const [created] = await tx.insert(issuerKeys).values(values).returning(publicColumns);
    return created;
  });
}
