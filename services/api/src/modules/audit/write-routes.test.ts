import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES, DEFAULT_DESIGN, gs1CheckDigit, gtin14, VISITOR_ADDRESS_HEADER } from '@product-console/shared';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, type DemoProduct } from '../../test/demo.js';
import { multipart, png } from '../../test/multipart.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/seed.js';
import { suspiciousSerials } from '../analytics/tables.js';
import { issueAccountToken } from '../auth/account-tokens.js';
import { users } from '../auth/tables.js';
import { counterfeitReports, diversionSignals } from '../authenticity/tables.js';
import { certifications } from '../certifications/tables.js';
import { companies } from '../companies/tables.js';
import { auditLog } from './tables.js';

/*
 * The audit test of decision 088: every route that may change data (every POST, PUT, PATCH and
 * DELETE the API registers) is called once, successfully, and must leave at least one new audit
 * entry. A new write route fails the coverage check below until it is walked here or allow-listed.
 */

/** Routes that change nothing durable the log is for, each with why. */
const ALLOW_LIST: Record<string, string> = {
  // Sessions: sign-in, sign-out and token refresh/switch only issue or revoke tokens (sessions are not audited).
  'POST /api/auth/sign/in': 'issues tokens; the last sign-in time is bookkeeping',
  'POST /api/auth/sign/out': 'revokes a session',
  'POST /api/auth/token/refresh': 'rotates a session token',
  'POST /api/auth/token/switch-customer': "issues a super-admin's switched-company tokens",
  // Account tokens: only a reset or the code exchange is written, never the account itself.
  'POST /api/auth/password/forgot': 'sends a reset e-mail with a single-use token (tokens are not audited)',
  'POST /api/auth/password/verify-code': 'exchanges the e-mailed code for a reset token',
  'POST /api/auth/sub-admin/invitation': 'sends the invitation again with a new single-use token',
  // A person's own read marks of notifications: view state, not data of the company.
  'PATCH /api/service/notifications/read-all': 'read marks',
  'PATCH /api/service/notifications/:id/read': 'read marks',
  // Asking for another plan e-mails the super-admin and notifies; nothing of the company changes until they act.
  'POST /api/service/plan/request': 'a request (mail and notification), no change',
  // An export writes a file and a code job row; the generation of serials is walked instead.
  // Scans from the resolver: the analytics ingest is not audited (hot path, decision 088).
  'POST /api/internal/resolver/scans': 'scan ingest',
  // EPCIS: a test delivery and paging tokens change nothing.
  'POST /api/trace/epcis-subscriptions/:subscriptionId/test': 'sends a test delivery; records only its outcome on the subscription',
  'DELETE /epcis/nextPageToken/:token': 'releases a paging cursor',
  // Uploads of files alone: the content or passport that uses the file is saved (and audited) by its own route.
  'POST /api/product/content/media': 'stores a file; PUT /api/product/content saves the content that shows it',
  'POST /api/product/passport/document': 'stores a file; PUT /api/product/cert-info saves the certificate that links it',
  // The editor's machine translation: fills the cache of translated texts, nothing of the company.
  'POST /api/service/translation': "asks the translation provider; the author's save is audited",
  // Product-data webhooks: a test event and a resend are deliveries, the queue's bookkeeping (not audited).
  'POST /api/webhooks/:webhookId/test': 'queues a test delivery',
  'POST /api/webhook-deliveries/:deliveryId/resend': 'queues a failed delivery again',
  'POST /api/v1/webhooks/:webhookId/test': 'queues a test delivery',
  // Single sign-on through the gateway (internal token): a look-up, then tokens; a user made at first sign-in is
  // recorded by the users trigger, its actor the sign-in route (nobody is signed in yet).
  'POST /api/internal/sso/lookup': 'reads the company of an e-mail domain',
  'POST /api/internal/sso/sign-in': 'issues tokens (a user created just in time is audited under the sign-in route)',
};


interface Step {
  /** `METHOD url` as registered. */
  route: string;
  request: () => Promise<InjectOptions & { authorization?: string }> | (InjectOptions & { authorization?: string });
  /** The status a successful call answers; 2xx by default. */
  status?: number;
}

let t: TestApp;
let acme: string;
let superAdmin: string;
let projectIds: Record<string, number>;
let camping: DemoProduct & { companyId: number };
let nextReference = 7700;
const newGtin = () => gtin14(0, '0614142', nextReference++);
const importedGln = `0614142${'77002'}${gs1CheckDigit('061414277002')}`;
const walkedGln = `0614142${'77001'}${gs1CheckDigit('061414277001')}`;
/** Ids made by earlier steps for later ones. */
const made: Record<string, number | string> = {};

/** An EPCIS ObjectEvent of one serial. */
const epcisEvent = (serial: number) => ({
  type: 'ObjectEvent',
  eventTime: '2026-03-01T10:00:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  epcList: [`urn:epc:id:sgtin:0614141.107346.${serial}`],
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
});

const json = (method: InjectOptions['method'], url: string, payload?: object, authorization = acme) => ({ method, url, payload, authorization });
/** A call of the public API with a key of every scope: its entries name the key. */
const v1 = (method: InjectOptions['method'], url: string, payload?: object) => json(method, `/api/v1${url}`, payload, `Bearer ${made.v1Key}`);
const v1Gln = `0614142${'77003'}${gs1CheckDigit('061414277003')}`;
const V1_PASSPORT = {
  uniqueProductIdentifier: 'https://id.example/01/00614142041007',
  granularity: 'model',
  manufacturer: { name: 'Acme Outdoor Ltd', gln: '0614142000011', address: { city: 'Berlin', country: 'DE' } },
};

const STEPS: Step[] = [
  // Accounts and the company.
  { route: 'PUT /api/auth/me/profile', request: () => json('PUT', '/api/auth/me/profile', { updateInfo: { department: 'Audited' } }) },
  { route: 'PUT /api/auth/me/company-info', request: () => json('PUT', '/api/auth/me/company-info', { updateInfo: { timeZone: 'Asia/Seoul' } }) },
  {
    route: 'POST /api/auth/sub-admin/up',
    request: () => json('POST', '/api/auth/sub-admin/up', { newUser: { email: 'walker@demo.example', first_name: 'Walt', last_name: 'Walker' } }),
  },
  { route: 'POST /api/auth/sub-admin/access', request: () => json('POST', '/api/auth/sub-admin/access', { subAdminId: made.subAdmin, projectIds: [projectIds.Camping], accessInfo: { product: { r: true, w: false } } }) },
  { route: 'PUT /api/auth/sub-admin/del', request: () => json('PUT', `/api/auth/sub-admin/del?subAdminId=${made.subAdmin}`) },
  { route: 'PUT /api/service/super/customer/permission', request: () => json('PUT', '/api/service/super/customer/permission', { customerId: made.borealis, permission: true }, superAdmin) },

  // Projects.
  { route: 'POST /api/project', request: () => json('POST', '/api/project', { project_name: 'Walked' }) },
  { route: 'PATCH /api/project/:id', request: () => json('PATCH', `/api/project/${made.project}`, { description: 'Walked through' }) },
  { route: 'DELETE /api/project/:id', request: () => json('DELETE', `/api/project/${made.project}`) },

  // API keys.
  { route: 'POST /api/auth/api-keys', request: () => json('POST', '/api/auth/api-keys', { name: 'Walker key' }) },
  { route: 'DELETE /api/auth/api-keys/:apiKeyId', request: () => json('DELETE', `/api/auth/api-keys/${made.apiKeyId}`) },

  // Places.
  { route: 'POST /api/trace/places', request: () => json('POST', '/api/trace/places', { gln: walkedGln, name: 'Walked warehouse', type: 'warehouse', countryCode: 'KR' }) },
  { route: 'PUT /api/trace/places', request: () => json('PUT', `/api/trace/places?placeId=${made.place}`, { gln: walkedGln, name: 'Walked warehouse two', type: 'warehouse', countryCode: 'KR' }) },
  { route: 'DELETE /api/trace/places', request: () => json('DELETE', `/api/trace/places?placeId=${made.place}`) },

  // Batches, recalls.
  { route: 'POST /api/entry/batches/', request: () => json('POST', '/api/entry/batches/', { productId: camping.productId, lot: 'WALK-1', expiryDate: '2027-06-30' }) },
  { route: 'PUT /api/entry/batches/', request: () => json('PUT', '/api/entry/batches/', { batchId: made.batch, expiryDate: '2027-07-31' }) },
  {
    route: 'POST /api/entry/batches/links',
    request: () => json('POST', '/api/entry/batches/links', { batchId: made.batch, linkType: 'gs1:pip', title: 'Lot notice', targetUrl: 'https://acme.example/lot' }),
  },
  {
    route: 'DELETE /api/entry/batches/links',
    request: async () => {
      const [link] = (await call(t.app, acme, { method: 'GET', url: `/api/entry/batches/links?batchId=${made.batch}` })).json().result as { batchLinkId: number }[];
      return json('DELETE', `/api/entry/batches/links?batchId=${made.batch}&batchLinkId=${link.batchLinkId}`);
    },
  },
  {
    route: 'POST /api/recall/',
    request: () => json('POST', '/api/recall/', { productId: camping.productId, scope: 'batches', batchIds: [made.batch], reason: 'Walked recall', action: 'Return it to the shop.', contact: 'recall@acme.example' }),
  },
  { route: 'PUT /api/recall/end', request: () => json('PUT', `/api/recall/end?recallId=${made.recall}`) },
  { route: 'PUT /api/entry/batches/delete', request: () => json('PUT', `/api/entry/batches/delete?batchId=${made.batch}`) },

  // Serials.
  {
    route: 'POST /api/entry/qualifiers/',
    request: () =>
      json('POST', '/api/entry/qualifiers/', { qualifierPath: '/21/WALK-1', identifierCode: '21', entryId: camping.entry.entry_id, entryPath: camping.entry.entryPath, gcp: camping.entry.gcp }),
  },
  {
    route: 'PUT /api/entry/qualifiers/status',
    request: () => json('PUT', '/api/entry/qualifiers/status', { entryId: camping.entry.entry_id, entryPath: camping.entry.entryPath, qualifierId: made.qualifier, status: 'deactivated', reason: 'Walked' }),
  },
  {
    route: 'PUT /api/entry/qualifiers/status/bulk',
    request: () => json('PUT', '/api/entry/qualifiers/status/bulk', { entryId: camping.entry.entry_id, entryPath: camping.entry.entryPath, qualifierIds: [made.qualifier], status: 'active' }),
  },
  {
    route: 'PUT /api/entry/qualifiers/delete',
    request: () =>
      json('PUT', `/api/entry/qualifiers/delete?qualifierId=${made.qualifier}&entryId=${camping.entry.entry_id}&entryPath=${encodeURIComponent(camping.entry.entryPath)}`),
  },
  { route: 'POST /api/product/codes/serials', request: () => json('POST', '/api/product/codes/serials', { mode: 'sequential', productId: camping.productId, count: 3, prefix: 'WK-', start: 1, padding: 4 }) },

  // Links and rules.
  { route: 'PUT /api/service/redirect-rules', request: () => json('PUT', '/api/service/redirect-rules', { linkType: 'gs1:pip', rules: [{ name: 'Korea', targetUrl: 'https://acme.example/kr', countries: ['KR'] }] }) },

  // Content and passport.
  { route: 'POST /api/product/languages', request: () => json('POST', '/api/product/languages', { productId: camping.productId, languageCode: 'it' }) },
  { route: 'DELETE /api/product/languages', request: () => json('DELETE', `/api/product/languages?productId=${camping.productId}&languageCode=it`) },
  { route: 'PUT /api/product/details', request: () => json('PUT', '/api/product/details', { productId: camping.productId, details: 'Walked details' }) },
  { route: 'PUT /api/product/nfc', request: () => json('PUT', '/api/product/nfc', { productId: camping.productId, isNFC: 0 }) },
  { route: 'PUT /api/product/markets', request: () => json('PUT', '/api/product/markets', { productId: camping.productId, intendedMarkets: ['KR', 'JP'] }) },
  {
    route: 'POST /api/product/passport/access-links',
    request: () => json('POST', '/api/product/passport/access-links', { productId: camping.productId, name: 'Walked authority', level: 'authority', expiresInDays: 30 }),
  },
  { route: 'DELETE /api/product/passport/access-links', request: () => json('DELETE', `/api/product/passport/access-links?productId=${camping.productId}&accessLinkId=${made.accessLink}`) },
  { route: 'POST /api/service/issuer-keys/rotate', request: () => json('POST', '/api/service/issuer-keys/rotate') },
  { route: 'POST /api/service/nfc/master-keys', request: () => json('POST', '/api/service/nfc/master-keys') },
  { route: 'PUT /api/trace/start', request: () => json('PUT', `/api/trace/start?productId=${camping.productId}`) },

  // Products.
  {
    route: 'POST /api/product/',
    request: async () => ({
      method: 'POST',
      url: '/api/product/?service=DL',
      authorization: acme,
      ...multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Walked lamp', product_number: 'WK-1', features: '', description: '', isNFC: 0, details: '', dynamicInfo: [], gtin: newGtin() }]) }, [
        { field: 'productImg', data: await png() },
      ]),
    }),
  },
  { route: 'PATCH /api/product/move/:id', request: () => json('PATCH', `/api/product/move/${made.product}`, { targetProjectId: projectIds['Trail Gear'] }) },
  { route: 'PUT /api/product/move/bulk', request: () => json('PUT', '/api/product/move/bulk', { productIds: [made.product], targetProjectId: projectIds.Camping }) },
  { route: 'DELETE /api/product/:id', request: () => json('DELETE', `/api/product/${made.product}`) },
  {
    route: 'POST /api/product/',
    request: async () => ({
      method: 'POST',
      url: '/api/product/?service=DL',
      authorization: acme,
      ...multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Walked lamp', product_number: 'WK-2', features: '', description: '', isNFC: 0, details: '', dynamicInfo: [], gtin: newGtin() }]) }, [
        { field: 'productImg', data: await png() },
      ]),
    }),
  },

  // Accounts: a password of one's own (the hash is redacted in the entry).
  { route: 'PUT /api/auth/me/password', request: () => json('PUT', '/api/auth/me/password', { oldPassword: DEMO_PASSWORD, password: 'Walked-pass-2026' }, made.ownSession as string) },

  // Entries and links.
  { route: 'POST /api/entry/entries/', request: () => json('POST', '/api/entry/entries/', { entries: [{ aiString: '01', aiValue: newGtin().slice(1), gcp: '0614142', title: 'Walked bottle' }] }) },
  { route: 'PUT /api/entry/entries/', request: () => json('PUT', '/api/entry/entries/', { entryPath: made.entryPath, isActive: false }) },
  {
    route: 'POST /api/entry/links/',
    request: () =>
      json('POST', '/api/entry/links/', { productId: camping.productId, entryId: camping.entry.entry_id, entryPath: camping.entry.entryPath, targetUrl: 'https://acme.example/walk', linkType: 'gs1:pip', lang: 'fr', title: 'Walked link' }),
  },
  { route: 'PUT /api/entry/links/', request: () => json('PUT', '/api/entry/links/', { updatedLink: { linkId: made.link, title: 'Walked link two' } }) },
  { route: 'DELETE /api/entry/links/', request: () => json('DELETE', `/api/entry/links/?linkId=${made.link}&entryPath=${camping.entry.entryPath}&entryId=${camping.entry.entry_id}`) },
  { route: 'PUT /api/entry/links/rules', request: () => json('PUT', '/api/entry/links/rules', { productId: camping.productId, linkType: 'gs1:pip', rules: [{ targetUrl: 'https://acme.example/ios', devices: ['ios'] }] }) },

  // Content, design, passport.
  {
    route: 'PUT /api/product/content',
    request: () => json('PUT', '/api/product/content', { productId: camping.productId, contents: [{ type: 'text', inputs: [{ languageCode: 'DEFAULT', inputData: 'Walked content' }] }] }),
  },
  { route: 'PUT /api/product/design', request: () => json('PUT', '/api/product/design', { productId: camping.productId, design: { ...DEFAULT_DESIGN, isAutoTrans: true } }) },
  {
    route: 'PUT /api/product/passport',
    request: () =>
      json('PUT', '/api/product/passport', {
        productId: camping.productId,
        template: 'core',
        data: { uniqueProductIdentifier: 'https://id.example/01/00614142009007', granularity: 'model', manufacturer: { name: 'Acme Outdoor Ltd' } },
      }),
  },
  { route: 'POST /api/product/passport/publish', request: () => json('POST', '/api/product/passport/publish', { productId: camping.productId }) },
  { route: 'PUT /api/product/cert-info', request: () => json('PUT', '/api/product/cert-info', { productId: camping.productId, certificates: [{ certificationId: made.certification, number: 'WALK-1', issuer: 'TÜV', validFrom: '2026-01-01', validUntil: '2029-12-31' }] }) },

  // Traceability.
  {
    route: 'POST /api/trace/events',
    request: () =>
      json('POST', `/api/trace/events?productId=${camping.productId}`, {
        type: 'ObjectEvent',
        eventTime: '2031-04-01T08:00:00.000Z',
        eventTimeZoneOffset: '+00:00',
        quantityList: [{ epcClass: `https://id.gs1.org/01/${camping.product.gtin}/10/WALK`, quantity: 5, uom: 'KGM' }],
        action: 'OBSERVE',
        bizStep: 'receiving',
      }),
  },
  { route: 'POST /api/trace/epcis-queries', request: () => json('POST', '/api/trace/epcis-queries', { name: 'walked-shipments', eventType: 'ObjectEvent', bizStep: 'shipping' }) },
  {
    route: 'POST /api/trace/epcis-subscriptions',
    request: () => json('POST', '/api/trace/epcis-subscriptions', { queryName: 'walked-shipments', dest: 'https://hooks.acme.example/epcis', signatureToken: 'walked-secret', delivery: 'stream' }),
  },
  { route: 'PATCH /api/trace/epcis-subscriptions/:subscriptionId', request: () => json('PATCH', `/api/trace/epcis-subscriptions/${made.subscription}`, { paused: true }) },
  { route: 'DELETE /api/trace/epcis-subscriptions/:subscriptionId', request: () => json('DELETE', `/api/trace/epcis-subscriptions/${made.subscription}`) },
  { route: 'DELETE /api/trace/epcis-queries/:name', request: () => json('DELETE', '/api/trace/epcis-queries/walked-shipments') },

  // The public: a company's sign-up.
  {
    route: 'POST /api/auth/sign/up',
    request: () => ({
      method: 'POST',
      url: '/api/auth/sign/up',
      ...multipart({
        newUser: JSON.stringify({ company_name: 'Walked Ltd', service_name: 'walked', category_id: 1, email: 'owner@walked.example', gcps: ['7040009'], first_name: 'Wanda', last_name: 'Walk', password: 'Walked-pass-2026', role_id: 2, department: 'Management' }),
      }),
    }),
  },

  // Machine clients (EPCIS) with an API key.
  { route: 'POST /epcis/queries', request: () => json('POST', '/epcis/queries', { name: 'walked-api', query: { EQ_bizStep: ['shipping'] } }, `Bearer ${made.key}`) },
  {
    route: 'POST /epcis/queries/:queryName/subscriptions',
    request: () => json('POST', '/epcis/queries/walked-api/subscriptions', { dest: 'https://hooks.acme.example/api', stream: true }, `Bearer ${made.key}`),
  },
  { route: 'DELETE /epcis/queries/:queryName/subscriptions/:subscriptionID', request: () => json('DELETE', `/epcis/queries/walked-api/subscriptions/${made.apiSubscription}`, undefined, `Bearer ${made.key}`) },
  { route: 'DELETE /epcis/queries/:queryName', request: () => json('DELETE', '/epcis/queries/walked-api', undefined, `Bearer ${made.key}`) },

  {
    route: 'POST /epcis/events',
    request: () => ({ method: 'POST', url: '/epcis/events', authorization: `Bearer ${made.key}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(epcisEvent(9001)) }),
  },
  {
    route: 'POST /epcis/capture',
    request: () => ({
      method: 'POST',
      url: '/epcis/capture',
      authorization: `Bearer ${made.key}`,
      headers: { 'content-type': 'application/ld+json' },
      payload: JSON.stringify({
        '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
        type: 'EPCISDocument',
        schemaVersion: '2.0',
        creationDate: '2026-03-01T10:00:00.000+01:00',
        epcisBody: { eventList: [epcisEvent(9002)] },
      }),
    }),
  },
  {
    route: 'PUT /api/entry/batches/serials',
    request: async () => {
      const batch = (await call(t.app, acme, { method: 'POST', url: '/api/entry/batches/', payload: { productId: camping.productId, lot: 'WALK-2' } })).json().result as { batchId: number };
      return json('PUT', '/api/entry/batches/serials', { productId: camping.productId, batchId: batch.batchId, qualifierIds: [made.serial] });
    },
  },

  // Files of serials, places and tags.
  {
    route: 'POST /api/service/data/import',
    request: () => ({
      method: 'POST',
      url: '/api/service/data/import?type=serial_material',
      authorization: acme,
      ...multipart({ entryPath: camping.entry.entryPath, entryId: String(camping.entry.entry_id), gcp: camping.entry.gcp }, [
        { field: 'file', data: Buffer.from('serial\nWALK-IMP-1\nWALK-IMP-2\n'), filename: 'serials.csv', contentType: 'text/csv' },
      ]),
    }),
  },
  {
    route: 'POST /api/entry/qualifiers/status/upload',
    request: () => ({
      method: 'POST',
      url: '/api/entry/qualifiers/status/upload',
      authorization: acme,
      ...multipart({ entryId: String(camping.entry.entry_id), entryPath: camping.entry.entryPath, status: 'deactivated', reason: 'Returned' }, [
        { field: 'file', data: Buffer.from('WALK-IMP-1\n'), filename: 'list.txt', contentType: 'text/plain' },
      ]),
    }),
  },
  {
    route: 'POST /api/trace/places/import',
    request: () => ({
      method: 'POST',
      url: '/api/trace/places/import',
      authorization: acme,
      ...multipart({}, [{ field: 'file', data: Buffer.from(`gln;name;city\n${importedGln};Imported store;Seoul\n`), filename: 'places.csv', contentType: 'application/octet-stream' }]),
    }),
  },
  {
    route: 'POST /api/product/nfc/tags/import',
    request: () => ({
      method: 'POST',
      url: `/api/product/nfc/tags/import?productId=${camping.productId}`,
      authorization: acme,
      ...multipart({}, [{ field: 'file', data: Buffer.from('uid,serial\n04A1B2C3D4E5F6,WALK-BATCH\n'), filename: 'tags.csv', contentType: 'text/csv' }]),
    }),
  },

  // The authenticity desk: a shopper's report through the gateway, then the desk's decisions.
  {
    route: 'POST /api/authenticity/reports',
    request: () => {
      const body = multipart({ serviceName: 'acme', productId: String(camping.productId), purchasePlace: 'Market stall', email: 'shopper@example.it', emailConsent: 'on', language: 'it' });
      return { method: 'POST', url: '/api/authenticity/reports', payload: body.payload, headers: { ...body.headers, ...GATEWAY_HEADERS, [VISITOR_ADDRESS_HEADER]: '203.0.113.77' } };
    },
  },
  {
    route: 'PUT /api/authenticity/reports/decide',
    request: async () => {
      made.report = (await t.app.db.select({ id: sql<number>`max(${counterfeitReports.id})` }).from(counterfeitReports))[0].id;
      return json('PUT', `/api/authenticity/reports/decide?id=${made.report}`, { status: 'confirmed', note: 'Walked' });
    },
  },
  { route: 'POST /api/authenticity/reports/answer', request: () => json('POST', `/api/authenticity/reports/answer?id=${made.report}`, { message: 'Grazie.' }) },
  { route: 'PUT /api/authenticity/diversions/dismiss', request: () => json('PUT', `/api/authenticity/diversions/dismiss?id=${made.diversion}`) },
  { route: 'PUT /api/authenticity/diversions/undismiss', request: () => json('PUT', `/api/authenticity/diversions/undismiss?id=${made.diversion}`) },
  { route: 'PUT /api/authenticity/flagged/dismiss', request: () => json('PUT', `/api/authenticity/flagged/dismiss?id=${made.flagged}`, { dismissed: true }) },

  // Accounts by e-mailed token: a password reset, an invitation accepted.
  {
    route: 'POST /api/auth/password/reset',
    request: async () => {
      const { token } = await issueAccountToken(t.app.db, made.nordicManager as number, 'password-reset', 600);
      return { method: 'POST', url: '/api/auth/password/reset', payload: { userId: made.nordicManager, token, password: 'Reset-walk-2026' } };
    },
  },
  {
    route: 'POST /api/auth/invitation/accept',
    request: async () => {
      const created = (await call(t.app, acme, { method: 'POST', url: '/api/auth/sub-admin/up', payload: { newUser: { email: 'invited-walker@demo.example', first_name: 'Ivy', last_name: 'Walker' } } })).json().result as { user_id: number };
      const { token } = await issueAccountToken(t.app.db, created.user_id, 'invitation', 600);
      return { method: 'POST', url: '/api/auth/invitation/accept', payload: { userId: created.user_id, token, password: 'Invited-walk-2026' } };
    },
  },

  // Codes.
  { route: 'POST /api/product/codes/exports', request: () => json('POST', '/api/product/codes/exports', { productId: camping.productId, format: 'csv' }) },

  // Product-data webhooks.
  { route: 'POST /api/webhooks', request: () => json('POST', '/api/webhooks', { url: 'https://hooks.example.com/walk', description: 'Walked', eventTypes: ['product.created'] }) },
  { route: 'PATCH /api/webhooks/:webhookId', request: () => json('PATCH', `/api/webhooks/${made.webhook}`, { description: 'Walked again' }) },
  { route: 'POST /api/webhooks/:webhookId/secret', request: () => json('POST', `/api/webhooks/${made.webhook}/secret`) },
  { route: 'DELETE /api/webhooks/:webhookId', request: () => json('DELETE', `/api/webhooks/${made.webhook}`) },

  // The label of a smart-label product.
  {
    route: 'PUT /api/product/label',
    request: async () => {
      const gtin = newGtin();
      const product = { project_id: projectIds.Camping, category_id: 3, product_name: 'Walked shirt', gtin };
      const created = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...multipart({ product: JSON.stringify([product]) }) });
      const label = { kind: 'textile', fibres: [{ fibre: 'cotton', percent: 100 }], care: {} };
      return json('PUT', '/api/product/label', { productId: created.json().productId, label });
    },
  },

  // Single sign-on settings, against a discovery document the test serves.
  {
    route: 'PUT /api/auth/me/sso',
    request: () =>
      json('PUT', '/api/auth/me/sso', { issuer: discovery.issuer, clientId: 'walker', clientSecret: 'walk-secret', domains: ['walk.example'], jitRole: 'off', mandatory: false }),
  },
  { route: 'DELETE /api/auth/me/sso', request: () => json('DELETE', '/api/auth/me/sso') },

  // The public API, with a key: each write through the same services, recorded as the key's.
  { route: 'POST /api/v1/products', request: () => v1('POST', '/products', { project_id: projectIds.Camping, product_name: 'Keyed lamp', gtin: newGtin(), service: 'DPP' }) },
  { route: 'PUT /api/v1/products/:productId', request: () => v1('PUT', `/products/${made.v1Product}`, { product_name: 'Keyed lamp two' }) },
  { route: 'POST /api/v1/products/:productId/serials', request: () => v1('POST', `/products/${made.v1Product}/serials`, { serials: ['KEYED-1'] }) },
  {
    route: 'PUT /api/v1/products/:productId/serials/:serialId/status',
    request: () => v1('PUT', `/products/${made.v1Product}/serials/${made.v1Serial}/status`, { status: 'deactivated', reason: 'Walked' }),
  },
  { route: 'PUT /api/v1/products/:productId/passport/draft', request: () => v1('PUT', `/products/${made.v1Product}/passport/draft`, { template: 'core', data: V1_PASSPORT }) },
  { route: 'POST /api/v1/products/:productId/passport/publish', request: () => v1('POST', `/products/${made.v1Product}/passport/publish`) },
  { route: 'POST /api/v1/products/:productId/batches', request: () => v1('POST', `/products/${made.v1Product}/batches`, { lot: 'KEYED-L1' }) },
  { route: 'PATCH /api/v1/products/:productId/batches/:batchId', request: () => v1('PATCH', `/products/${made.v1Product}/batches/${made.v1Batch}`, { quantity: 12 }) },
  {
    route: 'POST /api/v1/products/:productId/links',
    request: () => v1('POST', `/products/${made.v1Product}/links`, { linkType: 'gs1:certificationInfo', targetUrl: 'https://acme.example/keyed-certificates', lang: 'ko' }),
  },
  { route: 'PATCH /api/v1/products/:productId/links/:linkId', request: () => v1('PATCH', `/products/${made.v1Product}/links/${made.v1Link}`, { targetUrl: 'https://acme.example/keyed-two' }) },
  { route: 'DELETE /api/v1/products/:productId/links/:linkId', request: () => v1('DELETE', `/products/${made.v1Product}/links/${made.v1Link}`) },
  {
    route: 'POST /api/v1/products/:productId/recalls',
    request: () =>
      v1('POST', `/products/${made.v1Product}/recalls`, { scope: 'batches', batchIds: [made.v1Batch], reason: 'Walked seal', action: 'Return it', contact: 'recalls@acme.example' }),
  },
  { route: 'POST /api/v1/recalls/:recallId/end', request: () => v1('POST', `/recalls/${made.v1Recall}/end`) },
  {
    route: 'PUT /api/v1/products/:productId/content',
    request: () => v1('PUT', `/products/${made.v1Product}/content`, { contents: [{ type: 'text', inputs: [{ languageCode: 'DEFAULT', inputData: 'Keyed text' }] }] }),
  },
  {
    route: 'PUT /api/v1/products/:productId/design',
    request: () => v1('PUT', `/products/${made.v1Product}/design`, { ...DEFAULT_DESIGN, layoutStyle: DEFAULT_DESIGN.layoutStyle === 'header' ? 'horizon' : 'header' }),
  },
  { route: 'POST /api/v1/places', request: () => v1('POST', '/places', { gln: v1Gln, name: 'Keyed dock', type: 'dock', countryCode: 'DE' }) },
  { route: 'PUT /api/v1/places/:placeId', request: () => v1('PUT', `/places/${made.v1Place}`, { gln: v1Gln, name: 'Keyed dock two', type: 'dock', countryCode: 'DE' }) },
  { route: 'DELETE /api/v1/places/:placeId', request: () => v1('DELETE', `/places/${made.v1Place}`) },
  { route: 'POST /api/v1/webhooks', request: () => v1('POST', '/webhooks', { url: 'https://hooks.example.com/keyed', eventTypes: ['product.updated'] }) },
  { route: 'PATCH /api/v1/webhooks/:webhookId', request: () => v1('PATCH', `/webhooks/${made.v1Webhook}`, { enabled: false }) },
  { route: 'POST /api/v1/webhooks/:webhookId/secret', request: () => v1('POST', `/webhooks/${made.v1Webhook}/secret`) },
  { route: 'DELETE /api/v1/webhooks/:webhookId', request: () => v1('DELETE', `/webhooks/${made.v1Webhook}`) },
  { route: 'DELETE /api/v1/products/:productId/batches/:batchId', request: () => v1('DELETE', `/products/${made.v1Product}/batches/${made.v1Batch}`) },
  { route: 'DELETE /api/v1/products/:productId', request: () => v1('DELETE', `/products/${made.v1Product}`) },

  // Products: an update, then the bulk delete (last: later steps use the product).
  {
    route: 'PUT /api/product/',
    request: () => ({
      method: 'PUT',
      url: `/api/product/?productId=${made.product}&service=DL`,
      authorization: acme,
      ...multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Walked lamp two', product_number: 'WK-2', features: '', description: '', isNFC: 0, details: '', dynamicInfo: [] }]) }),
    }),
  },
  { route: 'PUT /api/product/bulk', request: () => json('PUT', '/api/product/bulk', { productIds: [made.product] }) },
];

/** What a step's answer leaves for later steps. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route answers its own shape
type Answer = Record<string, any>;

function remember(route: string, body: Answer): void {
  const result = body?.result as Answer;
  switch (route) {
    // The public API answers the resource itself.
    case 'POST /api/v1/products':
      made.v1Product = body.id;
      break;
    case 'POST /api/v1/products/:productId/serials':
      made.v1Serial = body.data[0].id;
      break;
    case 'POST /api/v1/products/:productId/batches':
      made.v1Batch = body.batchId;
      break;
    case 'POST /api/v1/products/:productId/recalls':
      made.v1Recall = body.recallId;
      break;
    case 'POST /api/v1/products/:productId/links':
      made.v1Link = body.linkId;
      break;
    case 'POST /api/v1/places':
      made.v1Place = body.placeId;
      break;
    case 'POST /api/v1/webhooks':
      made.v1Webhook = body.webhookId;
      break;
    case 'POST /api/auth/sub-admin/up':
      made.subAdmin = result.user_id;
      break;
    case 'POST /api/project':
      made.project = result.project_id;
      break;
    case 'POST /api/auth/api-keys':
      made.apiKeyId = result.apiKeyId ?? result.id;
      break;
    case 'POST /api/trace/places':
      made.place = result.placeId;
      break;
    case 'POST /api/entry/batches/':
      made.batch = result.batchId;
      break;
    case 'POST /api/entry/batches/links':
      made.batchLink = result.batchLinkId ?? result.links?.at(-1)?.batchLinkId;
      break;
    case 'POST /api/recall/':
      made.recall = result.recallId;
      break;
    case 'POST /api/entry/qualifiers/':
      made.qualifier = result.qualifierId ?? result.qualifier_id;
      break;
    case 'POST /api/product/passport/access-links':
      made.accessLink = result.accessLinkId;
      break;
    case 'POST /api/product/':
      made.product = body.productId;
      break;
    case 'POST /api/entry/entries/':
      made.entryPath = result[0].entryPath;
      break;
    case 'POST /api/entry/links/':
      made.link = result.linkId ?? body.linkId;
      break;
    case 'POST /epcis/queries/:queryName/subscriptions':
      made.apiSubscription = body.subscriptionID;
      break;
    case 'POST /api/webhooks':
      made.webhook = result.webhookId;
      break;
    case 'POST /api/trace/epcis-subscriptions':
      made.subscription = result.subscriptionId ?? result.id;
      break;
  }
}

const lastAuditId = async () => (await t.app.db.select({ id: sql<string>`coalesce(max(${auditLog.id}), 0)::text` }).from(auditLog))[0].id;

/** An OpenID provider's discovery document, all single sign-on's save reads. */
const discovery = { issuer: '', server: null as Server | null };

beforeAll(async () => {
  discovery.server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ issuer: discovery.issuer, authorization_endpoint: `${discovery.issuer}/auth`, token_endpoint: `${discovery.issuer}/token`, jwks_uri: `${discovery.issuer}/jwks` }),
    );
  });
  await new Promise<void>((resolve) => discovery.server!.listen(0, '127.0.0.1', resolve));
  discovery.issuer = `http://127.0.0.1:${(discovery.server.address() as AddressInfo).port}`;
  t = await createTestApp();
  ({ acme, projectIds } = await demoSetUp(t.app));
  superAdmin = (await signIn(t.app, DEMO_USERS.superAdmin)).authorization;
  camping = { ...(await productInProject(t.app, acme, projectIds.Camping)), companyId: 0 };
  camping.companyId = (await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme')))[0].id;
  made.key = (await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'Walking machine' } })).json().result.key as string;
  made.v1Key = (await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'Keyed machine', scopes: [...API_SCOPES] } })).json().result.key as string;
  const serial = await call(t.app, acme, {
    method: 'POST',
    url: '/api/entry/qualifiers/',
    payload: { qualifierPath: '/21/WALK-BATCH', identifierCode: '21', entryId: camping.entry.entry_id, entryPath: camping.entry.entryPath, gcp: camping.entry.gcp },
  });
  made.serial = (serial.json().result as { qualifierId: number }).qualifierId;
  const [flag] = await t.app.db
    .insert(suspiciousSerials)
    .values({ companyId: camping.companyId, productId: camping.productId, serial: 'WALK-BATCH', reason: 'countries', evidence: [] })
    .returning();
  made.flagged = flag.id;
  const [signal] = await t.app.db
    .insert(diversionSignals)
    .values({ companyId: camping.companyId, productId: camping.productId, serial: 'WALK-BATCH', country: 'BR', scans: 3, firstAt: new Date(), lastAt: new Date() })
    .returning();
  made.diversion = signal.id;
  made.nordicManager = (await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.nordicManager)))[0].id;
  made.ownSession = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  made.certification = (await t.app.db.select().from(certifications).limit(1))[0].id;
  made.borealis = (await t.app.db.select().from(companies).where(eq(companies.serviceName, 'borealis')))[0].id;
});
afterAll(async () => {
  await t?.close();
  discovery.server?.close();
});

describe('every write route leaves an audit entry', () => {
  it('walks or allow-lists every POST, PUT, PATCH and DELETE route of the API', () => {
    const known = new Set([...STEPS.map((step) => step.route), ...Object.keys(ALLOW_LIST)]);
    const registered = t.app.writeRoutes.map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.filter((route) => !known.has(route))).toEqual([]);
    expect([...known].filter((route) => !registered.includes(route))).toEqual([]);
  });

  for (const step of STEPS) {
    it(step.route, async () => {
      const before = await lastAuditId();
      const { authorization, ...options } = await step.request();
      const response = await call(t.app, authorization, options as never);
      if (step.status) expect(response.statusCode, response.body).toBe(step.status);
      else expect(response.statusCode, response.body).toBeLessThan(300);
      remember(step.route, response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {});
      // The request's own entries: those of jobs it or earlier steps started (actor `system`) do not count.
      const entries = await t.app.db.select().from(auditLog).where(sql`${auditLog.id} > ${before}::bigint and ${auditLog.actorType} <> 'system'`);
      expect(entries.length, `${step.route} wrote no audit entry`).toBeGreaterThan(0);
      // A key's call is the key's, though it acts with its maker's rights.
      if (step.route.includes(' /api/v1/')) expect(new Set(entries.map((entry) => entry.actorType))).toEqual(new Set(['api-key']));
    });
  }
});
