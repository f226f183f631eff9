import { createPublicKey, verify } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../services/api/src/modules/companies/tables.js';
import { entries } from '../../services/api/src/modules/entries/tables.js';
import { passports } from '../../services/api/src/modules/passports/tables.js';
import { products } from '../../services/api/src/modules/products/tables.js';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * A verifier holding only a passport credential and the domain (issue 16): it fetches the credential
 * from the resolver (`?linkType=gs1:dpp` with a credential media type), resolves the issuer's
 * did:web to the gateway's DID document and checks the signature with Node's own Ed25519, nothing
 * of the signing code. A browser asking the same URI still gets the dpp view.
 */

let stack: Stack;
let cookie: string;
let entryPath: string;

beforeAll(async () => {
  stack = await startStack();
  cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
  // A demo DPP product of Acme: published passport and dpp link come with the demo data.
  const db = stack.api.app.db;
  const [acme] = await db.select().from(companies).where(eq(companies.serviceName, 'acme'));
  const [product] = await db
    .select({ entryPath: entries.entryPath })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(passports, eq(passports.productId, products.id))
    .where(and(eq(products.companyId, acme.id), eq(products.service, 'DPP'), isNull(products.deletedAt), eq(entries.aiString, '01'), eq(entries.isActive, true)))
    .orderBy(products.id)
    .limit(1);
  if (!product) throw new Error('no demo DPP product with a passport');
  entryPath = product.entryPath;
});
afterAll(async () => {
  await stack?.close();
});

const gateway = () => request(stack.gateway.server);
const resolveCredential = () => gateway().get(`${entryPath}?linkType=gs1:dpp`).set('Accept', 'application/vc+jwt').redirects(0).buffer(true).parse(text);

function text(res: NodeJS.ReadableStream, done: (err: Error | null, body: string) => void) {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (body += chunk));
  res.on('end', () => done(null, body));
}

/** did:web → the path of its document on the domain (did:web:host:a:b → /a/b/did.json) and the host. */
function didWebLocation(did: string): { host: string; path: string } {
  const [host, ...path] = did.replace(/^did:web:/, '').split(':').map(decodeURIComponent);
  return { host, path: path.length === 0 ? '/.well-known/did.json' : `/${path.join('/')}/did.json` };
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** Only what a verifier has: the compact JWS and the DID document the domain serves. */
async function verifyWithDomain(compact: string): Promise<boolean> {
  const [header, payload, signature] = compact.split('.');
  const { kid } = decode(header);
  const issuer = decode(payload).issuer.id as string;
  if (!kid.startsWith(`${issuer}#`)) return false;
  const { host, path } = didWebLocation(issuer);
  const res = await gateway().get(path).set('Host', host).expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/did\+json/);
  const document = JSON.parse(res.text);
  expect(document.id).toBe(issuer);
  const method = document.verificationMethod.find((candidate: { id: string }) => candidate.id === kid);
  if (!method || !document.assertionMethod.includes(kid)) return false;
  return verify(null, Buffer.from(`${header}.${payload}`), createPublicKey({ key: method.publicKeyJwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
}

describe('passport credential through the resolver', () => {
  it("answers a credential client with the demo product's signed passport and a browser with the dpp view", async () => {
    const signed = await resolveCredential().expect(200);
    expect(signed.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    expect(decode(signed.body.split('.')[1]).type).toEqual(['VerifiableCredential', 'DigitalProductPassport']);
    expect(signed.headers['access-control-allow-origin']).toBe('*');
    expect(await verifyWithDomain(signed.body)).toBe(true);

    const jsonLd = await gateway().get(`${entryPath}?linkType=gs1:dpp`).set('Accept', 'application/ld+json').redirects(0).expect(200);
    expect(jsonLd.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(JSON.parse(jsonLd.text)).toEqual(decode(signed.body.split('.')[1]));

    const browser = await gateway()
      .get(`${entryPath}?linkType=gs1:dpp`)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .redirects(0)
      .expect(307);
    expect(browser.headers.location).toMatch(/\/acme\/product-details\/\d+\/preview\/dpp$/);
  });

  it('fails verification when one byte of the credential changes', async () => {
    const compact = (await resolveCredential().expect(200)).body as string;
    const [header, payload, signature] = compact.split('.');
    const changed = Buffer.from(payload, 'base64url').toString('utf8').replace('"validFrom":"2', '"validFrom":"3');
    expect(changed).not.toBe(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(await verifyWithDomain([header, Buffer.from(changed).toString('base64url'), signature].join('.'))).toBe(false);
  });

  it('after a key rotation, the old credential still verifies and a new one names the new key', async () => {
    const before = (await resolveCredential().expect(200)).body as string;
    expect(await verifyWithDomain(before)).toBe(true);

    const rotated = await gateway().post('/bff/api/service/issuer-keys/rotate').set('Cookie', cookie).set('X-CSRF', '1').expect(200);
    const newKeyId = rotated.body.result.keyId as string;

    const after = (await resolveCredential().expect(200)).body as string;
    expect(decode(after.split('.')[0]).kid).toMatch(new RegExp(`#${newKeyId}$`));
    expect(decode(after.split('.')[0]).kid).not.toBe(decode(before.split('.')[0]).kid);
    expect(await verifyWithDomain(after)).toBe(true);
    expect(await verifyWithDomain(before)).toBe(true);
  });

  it('answers a credential client 404 for a product without a passport', async () => {
    const db = stack.api.app.db;
    const [acme] = await db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const [other] = await db
      .select({ entryPath: entries.entryPath })
      .from(products)
      .innerJoin(entries, eq(entries.id, products.entryId))
      .where(and(eq(products.companyId, acme.id), eq(products.service, 'DL'), isNull(products.deletedAt), eq(entries.aiString, '01')))
      .limit(1);
    await gateway().get(`${other.entryPath}?linkType=gs1:dpp`).set('Accept', 'application/vc+jwt').redirects(0).expect(404);
  });

  it('serves the shared domain its own DID document', async () => {
    const res = await gateway().get('/.well-known/did.json').set('Host', 'localhost:3000').expect(200);
    expect(JSON.parse(res.text)).toMatchObject({ id: 'did:web:localhost%3A3000', verificationMethod: [] });
    await gateway().get('/nobody-here/did.json').expect(404);
  });
});
