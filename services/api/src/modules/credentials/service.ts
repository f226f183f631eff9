import { and, eq } from 'drizzle-orm';
import { CompactSign } from 'jose';
import type { Db } from '../../db/client.js';
import { shownToPublic } from '../access/public-products.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { entryDigitalLink, digitalLinkOriginFor } from '../links/digital-link.js';
import { products } from '../products/tables.js';
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
 * The credential of a published passport version of a live product of an approved company, and
 * its signature (VC-JOSE: compact JWS, EdDSA, `kid` = the DID verification method). null: no such
 * version, or the product is not shown to the public (`shownToPublic`, as the landing).
 */
export async function issuePassportCredential(deps: CredentialDeps, query: { productId: number; version?: number }) {
  const { db } = deps;
  const passport = await deps.readPassport(db, query);
  if (!passport) return null;
  const [product] = await db
    .select({ productName: products.productName, aiString: entries.aiString, aiValue: entries.aiValue, entryPath: entries.entryPath })
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
    digitalLink: entryDigitalLink(origin, product),
    filesOrigin: deps.filesOrigin,
  });
  const key = await activeSigningKey(db, deps.sealer, passport.companyId);
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', kid: `${issuer.did}#${key.keyId}`, typ: 'vc+jwt', cty: 'vc' })
    .sign(key.privateKey);
  return { credential, jws, version: passport.version };
}
