import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../../tests/fixtures/standards/index.mjs';
import { ERROR_CODES, type PassportData } from '@product-console/shared';
import { call, createTestApp, GATEWAY_HEADERS, type TestApp } from '../../test/app.js';
import { signInDemoUsers, type DemoSessions } from '../../test/demo.js';
import { DEMO_USERS } from '../../seed/seed.js';
import { users } from '../auth/tables.js';
import { certifications } from '../certifications/tables.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { passports, passportVersions, productCertificates } from '../passports/tables.js';

// The UNTP schema is GPL-licensed test data (tests/fixtures/standards/untp-dpp): read at test time, never built into the product.
const SCHEMA_PATH = standardsPath('untp-dpp/untp-dpp-schema.json');

/** A battery passport with public fields and restricted ones (facilities, repair instructions, cathode materials). */
const BATTERY_PASSPORT: PassportData = {
  uniqueProductIdentifier: 'ACME-BAT-48V-0001',
  granularity: 'model',
  commodityCode: '85076000',
  manufacturer: { name: 'Acme Outdoor Batteries', gln: '0614141000005', address: { city: 'Springfield', country: 'US' } },
  manufacturingFacilities: [{ name: 'Secret Plant North', gln: '0614141000012' }],
  complianceDocuments: [
    { kind: 'declarationOfConformity', title: 'EU declaration of conformity', filePath: '/files/passports/1/doc.pdf' },
    { kind: 'testReport', title: 'Confidential abuse test report', filePath: '/files/passports/1/report.pdf' },
  ],
  materialComposition: [
    { material: 'Lithium iron phosphate', sharePercent: 42.5 },
    { material: 'Aluminium', sharePercent: 20 },
  ],
  substancesOfConcern: [{ name: 'Lithium hexafluorophosphate', casNumber: '21324-40-3', concentrationPercent: 1.2 }],
  recycledContentPercent: 12,
  carbonFootprint: { kgCo2ePerUnit: 61.4, method: 'ISO 14067' },
  durability: { expectedLifetimeYears: 10, expectedLifetimeCycles: 3000 },
  repairability: { score: 7.5, sparePartsYears: 8, repairInstructions: 'Open the rear cover with the T20 key' },
  endOfLife: 'Return to any Acme dealer; the battery is taken back free of charge.',
  battery: {
    generalProductInformation: { category: 'lmt', chemistry: 'LFP', weightKg: 4.2, manufacturingDate: '2026-03-01' },
    carbonFootprint: { totalKgCo2ePerKWh: 72.1, perStage: { mainProduction: 40 } },
    materialComposition: { cathodeMaterials: ['Classified cathode blend'] },
  },
};

interface Jws {
  header: { alg: string; kid: string; typ: string; cty: string };
  // The credential as decoded: tests read into it freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: Record<string, any>;
  signingInput: string;
  signature: Buffer;
}

function parseJws(compact: string): Jws {
  const [header, payload, signature] = compact.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

/** Verifies with Node's own Ed25519 and only the DID document: the signer's library plays no part. */
interface DidDocumentJson {
  verificationMethod: { id: string; publicKeyJwk: JsonWebKey }[];
  assertionMethod: string[];
}

function verifiesAgainst(didDocument: DidDocumentJson, compact: string): boolean {
  const { header, signingInput, signature } = parseJws(compact);
  const method = didDocument.verificationMethod.find((candidate) => candidate.id === header.kid);
  if (!method || !didDocument.assertionMethod.includes(header.kid)) return false;
  const key = createPublicKey({ key: method.publicKeyJwk, format: 'jwk' });
  return verify(null, Buffer.from(signingInput), key, signature);
}

/** The same JWS with one byte of its payload changed (a character of the product name). */
function tampered(compact: string): string {
  const [header, payload, signature] = compact.split('.');
  const text = Buffer.from(payload, 'base64url').toString('utf8').replace('"name":"', '"name":"X');
  return [header, Buffer.from(text).toString('base64url'), signature].join('.');
}

describe('passport credentials', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let sessions: DemoSessions;
  let productId: number;
  let productName: string;
  const validate = (() => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    return ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')));
  })();

  const credential = (query: string, accept = 'application/vc+jwt') =>
    app.inject({ method: 'GET', url: `/api/product/passport/credential?${query}`, headers: { accept } });
  const didOf = async (serviceName: string) =>
    (await app.inject({ method: 'GET', url: `/api/internal/did?serviceName=${serviceName}`, headers: GATEWAY_HEADERS })).json();

  async function publish(version: number, data: PassportData) {
    let [passport] = await app.db.select().from(passports).where(eq(passports.productId, productId));
    if (!passport) [passport] = await app.db.insert(passports).values({ productId, template: 'battery' }).returning();
    await app.db
      .insert(passportVersions)
      .values({ passportId: passport.id, version, status: 'published', template: 'battery', data, publishedAt: new Date('2026-05-01T10:00:00Z') });
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    sessions = await signInDemoUsers(app);
    const [acme] = await app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const [product] = await app.db
      .select()
      .from(products)
      .where(and(eq(products.companyId, acme.id), isNull(products.deletedAt)))
      .orderBy(products.id)
      .limit(1);
    productId = product.id;
    productName = product.productName;
    // Earlier demo data may have published versions already: ours come after them.
    await app.db.delete(passports).where(eq(passports.productId, productId));
    await publish(1, BATTERY_PASSPORT);
    const [certification] = await app.db.select().from(certifications).limit(1);
    await app.db.delete(productCertificates).where(eq(productCertificates.productId, productId));
    await app.db.insert(productCertificates).values([
      { productId, certificationId: certification.id, position: 0, number: 'CE-2026-17', issuer: 'TÜV Test', validFrom: '2026-01-01', validUntil: null },
      { productId, certificationId: certification.id, position: 1, number: 'OLD-2019-01', issuer: 'Old Lab', validFrom: '2019-01-01', validUntil: '2020-01-01' },
    ]);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it("exports every demo DPP product's passport as a credential valid against the UNTP schema, verifiable with its DID document", async () => {
    const [acme] = await app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const demo = await app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, acme.id), eq(products.service, 'DPP'), isNull(products.deletedAt)));
    const exported = demo.filter(({ id }) => id !== productId);
    expect(exported.length).toBeGreaterThan(0);
    for (const { id } of exported) {
      const signed = await credential(`productId=${id}`);
      expect(signed.statusCode, `product ${id}`).toBe(200);
      const { payload } = parseJws(signed.body);
      expect(validate(payload), JSON.stringify(validate.errors, null, 2)).toBe(true);
      // The document as a verifier fetches it, after the credential (the company's first signature makes its key).
      expect(verifiesAgainst(await didOf('acme'), signed.body)).toBe(true);
    }
  });

  it('answers the latest published version as a VC-JOSE compact JWS signed with the company key named by its DID', async () => {
    const response = await credential(`productId=${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const { header, payload } = parseJws(response.body);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc' });
    expect(payload.issuer).toMatchObject({ id: 'did:web:localhost%3A3000:acme', name: 'Acme Outdoor' });
    expect(header.kid.startsWith(`${payload.issuer.id}#`)).toBe(true);
    expect(payload.type).toEqual(['VerifiableCredential', 'DigitalProductPassport']);
    expect(payload.validFrom).toBe('2026-05-01T10:00:00Z');
    expect(payload.credentialSubject.product.name).toBe(productName);
    expect(payload.credentialSubject.granularityLevel).toBe('model');
    expect(payload.credentialSubject.emissionsScorecard).toMatchObject({ carbonFootprint: 61.4, declaredUnit: 'H87' });
    expect(verifiesAgainst(await didOf('acme'), response.body)).toBe(true);
  });

  it('is valid against the UNTP DPP schema (JSON Schema 2020-12)', async () => {
    const response = await credential(`productId=${productId}`, 'application/ld+json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    const document = response.json();
    expect(validate(document), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The unsigned form is the JWS payload itself.
    expect(document).toEqual(parseJws((await credential(`productId=${productId}`)).body).payload);
  });

  it('carries only public fields and only valid certificates', async () => {
    const text = (await credential(`productId=${productId}`, 'application/vc+ld+json')).body;
    expect(text).not.toContain('Secret Plant North');
    expect(text).not.toContain('T20 key');
    expect(text).not.toContain('Classified cathode blend');
    expect(text).not.toContain('Confidential abuse test report');
    expect(text).toContain('EU declaration of conformity');
    expect(text).toContain('Lithium iron phosphate');
    expect(text).toContain('CE-2026-17');
    expect(text).not.toContain('OLD-2019-01');
  });

  it('fails verification when one byte of the credential changes', async () => {
    const { body } = await credential(`productId=${productId}`);
    expect(verifiesAgainst(await didOf('acme'), tampered(body))).toBe(false);
  });

  it('answers a given version, and 404 for a version or product without a published passport', async () => {
    await publish(2, { ...BATTERY_PASSPORT, recycledContentPercent: 30 });
    const latest = parseJws((await credential(`productId=${productId}`)).body).payload;
    const first = parseJws((await credential(`productId=${productId}&version=1`)).body).payload;
    expect(latest.credentialSubject.circularityScorecard.recycledContent).toBe(0.3);
    expect(first.credentialSubject.circularityScorecard.recycledContent).toBe(0.12);
    expect(first.id).toMatch(/version=1$/);
    expect((await credential(`productId=${productId}&version=9`)).statusCode).toBe(404);
    expect((await credential(`productId=999999`)).statusCode).toBe(404);
    expect((await credential(`productId=abc`)).statusCode).toBe(400);
  });

  it('rotation: old credentials still verify against the DID document, new ones name the new key', async () => {
    const before = (await credential(`productId=${productId}`)).body;
    const oldKid = parseJws(before).header.kid;

    expect((await call(app, sessions.sub, { method: 'POST', url: '/api/service/issuer-keys/rotate' })).statusCode).toBe(403);
    const rotated = await call(app, sessions.acme, { method: 'POST', url: '/api/service/issuer-keys/rotate' });
    expect(rotated.statusCode).toBe(200);
    const newKeyId = rotated.json().result.keyId as string;

    const after = (await credential(`productId=${productId}`)).body;
    expect(parseJws(after).header.kid).toBe(`did:web:localhost%3A3000:acme#${newKeyId}`);
    expect(parseJws(after).header.kid).not.toBe(oldKid);

    const document = await didOf('acme');
    expect(document.verificationMethod.map((method: { id: string }) => method.id)).toEqual([`did:web:localhost%3A3000:acme#${newKeyId}`, oldKid]);
    expect(verifiesAgainst(document, before)).toBe(true);
    expect(verifiesAgainst(document, after)).toBe(true);

    const keys = (await call(app, sessions.acme, { method: 'GET', url: '/api/service/issuer-keys' })).json().result;
    expect(keys.map((key: { status: string }) => key.status)).toEqual(['active', 'retired']);
    // Only public parts ever leave the API.
    expect(JSON.stringify(keys)).not.toMatch(/"d":/);
    expect(JSON.stringify(document)).not.toMatch(/"d":/);
  });

  it("keeps each company's keys to itself", async () => {
    const acmeKeys = (await call(app, sessions.acme, { method: 'GET', url: '/api/service/issuer-keys' })).json().result;
    const nordicKeys = (await call(app, sessions.nordic, { method: 'GET', url: '/api/service/issuer-keys' })).json().result;
    expect(nordicKeys).toHaveLength(1);
    expect(acmeKeys.map((key: { keyId: string }) => key.keyId)).not.toContain(nordicKeys[0].keyId);
    const nordicDocument = await didOf('nordic');
    expect(nordicDocument.id).toBe('did:web:localhost%3A3000:nordic');
    expect(nordicDocument.verificationMethod.map((method: { id: string }) => method.id)).toEqual([`did:web:localhost%3A3000:nordic#${nordicKeys[0].keyId}`]);
  });

  it('does not answer for a product whose entry is switched off', async () => {
    const [product] = await app.db.select({ entryId: products.entryId }).from(products).where(eq(products.id, productId));
    await app.db.update(entries).set({ isActive: false }).where(eq(entries.id, product.entryId!));
    try {
      expect((await credential(`productId=${productId}`)).statusCode).toBe(404);
    } finally {
      await app.db.update(entries).set({ isActive: true }).where(eq(entries.id, product.entryId!));
    }
    expect((await credential(`productId=${productId}`)).statusCode).toBe(200);
  });

  it("does not answer once its company's approval is withdrawn, as the landing", async () => {
    const [acme] = await app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    await app.db.update(companies).set({ permission: false }).where(eq(companies.id, acme.id));
    try {
      const withdrawn = await credential(`productId=${productId}`);
      expect(withdrawn.statusCode).toBe(404);
      expect(withdrawn.json().code).toBe(ERROR_CODES.NOT_FOUND);
    } finally {
      await app.db.update(companies).set({ permission: true }).where(eq(companies.id, acme.id));
    }
    expect((await credential(`productId=${productId}`)).statusCode).toBe(200);
  });

  it('a company with its own Digital Link domain issues as did:web of that host, its document at /.well-known/did.json there', async () => {
    const [manager] = await app.db.select().from(users).where(eq(users.email, DEMO_USERS.acmeManager));
    await app.db.update(users).set({ customDomain: 'brand.example' }).where(eq(users.id, manager.id));
    try {
      const signed = await credential(`productId=${productId}`);
      const { header, payload } = parseJws(signed.body);
      expect(payload.issuer.id).toBe('did:web:brand.example');
      expect(payload.credentialSubject.product.id).toMatch(/^https:\/\/brand\.example\/01\//);
      expect(header.kid.startsWith('did:web:brand.example#')).toBe(true);
      const document = (await app.inject({ method: 'GET', url: '/api/internal/did?host=brand.example', headers: GATEWAY_HEADERS })).json();
      expect(document.id).toBe('did:web:brand.example');
      expect(verifiesAgainst(document, signed.body)).toBe(true);
      // Another host is not the company's: the shared domain's document, without its keys.
      const elsewhere = (await app.inject({ method: 'GET', url: '/api/internal/did?host=other.example', headers: GATEWAY_HEADERS })).json();
      expect(verifiesAgainst(elsewhere, signed.body)).toBe(false);
    } finally {
      await app.db.update(users).set({ customDomain: manager.customDomain }).where(eq(users.id, manager.id));
    }
  });

  it("names a batch passport's subject by the scanned batch's Digital Link, an item passport's by the item's, a model passport's by the product's", async () => {
    const subjectOf = async (query: string) => (await credential(`productId=${productId}&${query}`, 'application/ld+json')).json().credentialSubject.product.id as string;
    const created = await call(app, sessions.acme, { method: 'POST', url: '/api/entry/batches/', payload: { productId, lot: 'PP/1' } });
    expect(created.statusCode).toBe(201);
    const [entry] = await app.db.select().from(entries).innerJoin(products, eq(products.entryId, entries.id)).where(eq(products.id, productId));
    await app.db.insert(qualifiers).values({ companyId: entry.entries.companyId, entryId: entry.entries.id, identifierCode: '21', qualifierPath: '/21/PP-ITEM', value: 'PP-ITEM' });
    const product = await subjectOf('lot=PP%2F1');
    expect(product).toMatch(/\/01\/\d{14}$/);

    await publish(50, { ...BATTERY_PASSPORT, granularity: 'batch' });
    expect(await subjectOf('lot=PP%2F1&serial=PP-ITEM')).toBe(`${product}/10/PP%2F1`);
    // A lot the product has no batch of names the product.
    expect(await subjectOf('lot=NOPE')).toBe(product);

    await publish(51, { ...BATTERY_PASSPORT, granularity: 'item' });
    expect(await subjectOf('lot=PP%2F1&serial=PP-ITEM')).toBe(`${product}/10/PP%2F1/21/PP-ITEM`);
    expect(await subjectOf('serial=UNKNOWN')).toBe(product);
    await app.db.delete(passportVersions).where(and(eq(passportVersions.version, 50)));
    await app.db.delete(passportVersions).where(and(eq(passportVersions.version, 51)));
  });

  it('serves DID documents to the gateway only; the shared domain has one of its own without keys', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/internal/did?serviceName=acme' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/internal/did?serviceName=nobody-here', headers: GATEWAY_HEADERS })).statusCode).toBe(404);
    const domain = await app.inject({ method: 'GET', url: '/api/internal/did?host=localhost:3000', headers: GATEWAY_HEADERS });
    expect(domain.json()).toMatchObject({ id: 'did:web:localhost%3A3000', verificationMethod: [], assertionMethod: [] });
    expect(domain.json()['@context'][0]).toBe('https://www.w3.org/ns/did/v1');
  });
});
