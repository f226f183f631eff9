import { and, eq } from 'drizzle-orm';
import { CompactSign } from 'jose';
import { LOT_AI, SERIAL_AI, type PassportGranularity } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { shownToPublic } from '../access/public-products.js';
import { batchOfLot } from '../batches/service.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { entryDigitalLink, digitalLinkOriginFor } from '../links/digital-link.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { issuerDidOf } from './did.js';
import { activeSigningKey, type KeySealer } from './keys.js';
import { passportCredential, type PublishedPassportSource } from './untp.js';

/** Reads a published passport version (the latest when `version` is absent), full data; null when there is none. */
export type PublishedPassportReader = (
  db: Db,
  query: { productId: number; version?: number },
) => Promise<(PublishedPassportSource & { companyId: number }) | null>;

export interface CredentialDeps {
  db: Db;
  sealer: KeySealer;
  readPassport: PublishedPassportReader;
  /** DIGITAL_LINK_DOMAIN: the shared domain of Digital Link URIs and of issuer DIDs. */
  templateOrigin: string;
  /** Where stored files are served (PUBLIC_URL). */
  filesOrigin: string;
}

export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

/**
 * What a passport's subject adds to the product's Digital Link (decision 076, ESPR granularity): a
 * batch passport read for one of the product's lots is that batch's (`/10/{lot}`); an item passport
 * read for a registered serial is that item's (`[/10/{lot}]/21/{serial}`); else nothing (the model).
 */
async function subjectQualifiers(db: Db, granularity: PassportGranularity | undefined, scanned: { productId: number; lot?: string; serial?: string }, entryId: number): Promise<string> {
  const lot = scanned.lot && (await batchOfLot(db, scanned.productId, scanned.lot)) ? `/${LOT_AI}/${encodeURIComponent(scanned.lot)}` : '';
  if (granularity === 'batch') return lot;
  if (granularity !== 'item' || !scanned.serial) return '';
  const [serial] = await db
    .select({ id: qualifiers.id })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.value, scanned.serial), eq(qualifiers.isDeleted, false)));
  return serial ? `${lot}/${SERIAL_AI}/${encodeURIComponent(scanned.serial)}` : '';
}

/**
 * The credential of a published passport version of a live product of an approved company, and
 * its signature (VC-JOSE: compact JWS, EdDSA, `kid` = the DID verification method). null: no such
 * version, or the product is not shown to the public (`shownToPublic`, as the landing).
 */
export async function issuePassportCredential(deps: CredentialDeps, query: { productId: number; version?: number; lot?: string; serial?: string }) {
  const { db } = deps;
  const passport = await deps.readPassport(db, query);
  if (!passport) return null;
  const [product] = await db
    .select({ productName: products.productName, aiString: entries.aiString, aiValue: entries.aiValue, entryPath: entries.entryPath, entryId: entries.id })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, query.productId), eq(products.companyId, passport.companyId), shownToPublic()));
  if (!product) return null;
  const issuer = await issuerDidOf(db, deps.templateOrigin, passport.companyId);
  if (!issuer) return null;
  const origin = await digitalLinkOriginFor(db, deps.templateOrigin, { companyId: passport.companyId });
  const credential = passportCredential(passport, {
    issuer,
    productName: product.productName,
    digitalLink: entryDigitalLink(origin, product) + (await subjectQualifiers(db, passport.data.granularity, query, product.entryId)),
    filesOrigin: deps.filesOrigin,
  });
  const key = await activeSigningKey(db, deps.sealer, passport.companyId);
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', kid: `${issuer.did}#${key.keyId}`, typ: 'vc+jwt', cty: 'vc' })
    .sign(key.privateKey);
  return { credential, jws, version: passport.version };
}
