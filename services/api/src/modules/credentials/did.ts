import { and, eq, ilike, isNotNull } from 'drizzle-orm';
import { digitalLinkOrigin } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { digitalLinkOriginFor } from '../links/digital-link.js';
import { listIssuerKeys } from './keys.js';

export const DID_CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'];

/** did:web's method-specific id of an origin: the host, its port percent-encoded (`localhost%3A3000`). */
export function didWebHost(origin: string): string {
  return encodeURIComponent(new URL(digitalLinkOrigin(origin)).host);
}

/**
 * The issuer DID of a company (decision 046): `did:web:{host}` of its own custom Digital Link
 * domain, else `did:web:{template host}:{serviceName}` on the domain it shares with other companies.
 */
export async function issuerDidOf(db: Db, templateOrigin: string, companyId: number): Promise<{ did: string; name: string } | null> {
  const [company] = await db.select({ serviceName: companies.serviceName, name: companies.companyName }).from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const origin = await digitalLinkOriginFor(db, templateOrigin, { companyId });
  const own = new URL(origin).host !== new URL(digitalLinkOrigin(templateOrigin)).host;
  const did = own ? `did:web:${didWebHost(origin)}` : sharedDomainDid(templateOrigin, company.serviceName);
  return { did, name: company.name };
}

export const sharedDomainDid = (templateOrigin: string, serviceName: string) =>
  `did:web:${didWebHost(templateOrigin)}:${encodeURIComponent(serviceName)}`;

export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: { id: string; type: 'JsonWebKey2020'; controller: string; publicKeyJwk: Record<string, unknown> }[];
  assertionMethod: string[];
}

/** A DID document listing every issuer key of a company, the active one first, retired ones after. */
async function companyDocument(db: Db, did: string, companyId: number): Promise<DidDocument> {
  const keys = await listIssuerKeys(db, companyId);
  keys.sort((a, b) => (a.status === b.status ? 0 : a.status === 'active' ? -1 : 1));
  const verificationMethod = keys.map((key) => ({
    id: `${did}#${key.keyId}`,
    type: 'JsonWebKey2020' as const,
    controller: did,
    publicKeyJwk: key.publicJwk as Record<string, unknown>,
  }));
  // Retired keys stay assertion methods: what they signed before the rotation still verifies.
  return { '@context': DID_CONTEXT, id: did, verificationMethod, assertionMethod: verificationMethod.map((method) => method.id) };
}

/**
 * The DID document the gateway serves: `/{serviceName}/did.json` (serviceName given) is the
 * company's document on the shared domain; `/.well-known/did.json` of a host is the document of the
 * company whose custom domain it is, else the shared domain's own, which lists no keys. null: no
 * such company.
 */
export async function didDocument(db: Db, templateOrigin: string, where: { serviceName?: string; host?: string }): Promise<DidDocument | null> {
  if (where.serviceName !== undefined) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.serviceName, where.serviceName), eq(companies.permission, true)));
    if (!company) return null;
    return companyDocument(db, sharedDomainDid(templateOrigin, where.serviceName), company.id);
  }
  const host = where.host?.toLowerCase();
  if (host && host !== new URL(digitalLinkOrigin(templateOrigin)).host) {
    const candidates = await db
      .select({ companyId: users.companyId, customDomain: users.customDomain })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(isNotNull(users.customDomain), ilike(users.customDomain, `%${host.replace(/[%_\\]/g, '\\$&')}%`), eq(companies.permission, true)));
    for (const candidate of candidates) {
      if (candidate.companyId === null) continue;
      const origin = await digitalLinkOriginFor(db, templateOrigin, { companyId: candidate.companyId });
      if (new URL(origin).host === host) return companyDocument(db, `did:web:${encodeURIComponent(host)}`, candidate.companyId);
    }
  }
  return { '@context': DID_CONTEXT, id: `did:web:${didWebHost(templateOrigin)}`, verificationMethod: [], assertionMethod: [] };
}
