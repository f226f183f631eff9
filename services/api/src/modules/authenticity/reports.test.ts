import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTERNAL_TOKEN_HEADER, REPORTS_PER_ADDRESS_PER_DAY, VISITOR_ADDRESS_HEADER, qualifierPathOf } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { readOutbox, waitForMail } from '../../test/mail.js';
import { multipart } from '../../test/multipart.js';
import { entries } from '../entries/tables.js';
import { notifications } from '../notifications/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { counterfeitReports, serialStatusChanges } from './tables.js';

let t: TestApp;
let acme: string;
let sub: string;
let nordic: string;
let tent: { id: number; entryId: number; entryPath: string };
let backpack: { id: number; entryId: number; entryPath: string };
let nextAddress = 10;

async function demoProduct(name: string) {
  const [row] = await t.app.db
    .select({ id: products.id, entryId: entries.id, entryPath: entries.entryPath })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .where(eq(products.productName, name));
  return row;
}

/** Registers a serial of the product's entry (as the serials screen stores it). */
async function addSerial(product: { entryId: number }, serial: string): Promise<void> {
  const [entry] = await t.app.db.select({ companyId: entries.companyId }).from(entries).where(eq(entries.id, product.entryId));
  await t.app.db.insert(qualifiers).values({ companyId: entry.companyId, entryId: product.entryId, identifierCode: '21', qualifierPath: qualifierPathOf('21', serial), value: serial });
}

/** A fresh shopper's address (one per test, so that the per-address bound stays out of the way). */
const address = () => `203.0.113.${nextAddress++}`;

function fileReport(fields: Record<string, string>, options: { address?: string; photo?: Buffer; gateway?: boolean } = {}) {
  const body = multipart(
    { serviceName: 'acme', productId: String(tent.id), purchasePlace: 'Market stall, Via Roma', ...fields },
    options.photo ? [{ field: 'photo', data: options.photo, filename: 'photo.jpg', contentType: 'image/jpeg' }] : [],
  );
  const headers: Record<string, string> = { ...body.headers, [VISITOR_ADDRESS_HEADER]: options.address ?? address() };
  if (options.gateway !== false) headers[INTERNAL_TOKEN_HEADER] = t.config.INTERNAL_TOKEN;
  return t.app.inject({ method: 'POST', url: '/api/authenticity/reports', headers, payload: body.payload });
}

const reportsOf = (productId: number) => t.app.db.select().from(counterfeitReports).where(eq(counterfeitReports.productId, productId)).orderBy(counterfeitReports.id);

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  sub = (await signIn(t.app, DEMO_USERS.acmeSubAdmin)).authorization;
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  tent = await demoProduct('Basecamp 2P Tent');
  backpack = await demoProduct('Summit 45L Backpack');
});
afterAll(async () => {
  await t?.close();
});

describe("POST /api/authenticity/reports (public, through the gateway)", () => {
  it('keeps the report, its photo re-encoded without metadata and readable by the brand only, and tells the managers', async () => {
    const original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Shopper', Copyright: 'GPS 45.46N 9.19E' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await fileReport(
      { serial: 'TENT-1', purchaseDate: '2026-01-15', seller: 'Unknown stall', email: 'shopper@example.com', emailConsent: 'on', language: 'it' },
      { photo: original },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ result: { received: true } });

    const [report] = (await reportsOf(tent.id)).filter((row) => row.serial === 'TENT-1');
    expect(report).toMatchObject({
      purchasePlace: 'Market stall, Via Roma',
      purchaseDate: '2026-01-15',
      seller: 'Unknown stall',
      email: 'shopper@example.com',
      emailConsent: true,
      language: 'it',
      status: 'open',
    });
    expect(report.visitor).toMatch(/^[0-9a-f]+$/);
    expect(report.photoPath).toMatch(new RegExp(`^/files/reports/${report.id}/[0-9a-f]+\\.jpg$`));

    // Not served publicly, even knowing its key.
    const publicRead = await t.app.inject({ method: 'GET', url: `/api${report.photoPath}` });
    expect(publicRead.statusCode).toBe(404);
    // The brand reads it, stripped of its metadata.
    const photo = await call(t.app, acme, { method: 'GET', url: `/api/authenticity/reports/photo?id=${report.id}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const kept = await sharp(photo.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(kept.exif).toBeUndefined();
    // Another company does not.
    expect((await call(t.app, nordic, { method: 'GET', url: `/api/authenticity/reports/photo?id=${report.id}` })).statusCode).toBe(404);

    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'report.filed'), sql`${notifications.params}->>'reportId' = ${String(report.id)}`));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0].title).toBe('Suspected fake reported: Basecamp 2P Tent');
  });

  it('does not keep an e-mail given without consent', async () => {
    expect((await fileReport({ serial: 'TENT-2', email: 'nope@example.com' })).statusCode).toBe(201);
    const [report] = (await reportsOf(tent.id)).filter((row) => row.serial === 'TENT-2');
    expect(report).toMatchObject({ email: null, emailConsent: false, language: 'en', photoPath: null });
  });

  it('answers field errors: no place, a day in the future, a malformed e-mail, a photo that is not a JPEG, PNG or WebP', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const response = await fileReport({ purchasePlace: '  ', purchaseDate: future, email: 'not-an-address', emailConsent: 'on' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { path: string }) => detail.path).sort()).toEqual(['email', 'purchaseDate', 'purchasePlace']);

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    const refused = await fileReport({ serial: 'TENT-GIF' }, { photo: gif });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'photo' })]);
    const notImage = await fileReport({ serial: 'TENT-TXT' }, { photo: Buffer.from('hello, not an image') });
    expect(notImage.statusCode).toBe(400);
    expect((await reportsOf(tent.id)).filter((row) => row.serial?.startsWith('TENT-GIF') || row.serial === 'TENT-TXT')).toEqual([]);
  });

  it('answers a filled honeypot as received and keeps nothing', async () => {
    const before = (await reportsOf(tent.id)).length;
    const response = await fileReport({ serial: 'TENT-BOT', website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ result: { received: true } });
    expect((await reportsOf(tent.id)).length).toBe(before);
  });

  it(`takes at most ${REPORTS_PER_ADDRESS_PER_DAY} reports a day from one address, then answers 429; another address still reports`, async () => {
    const shopper = address();
    const answers = await Promise.all(
      Array.from({ length: REPORTS_PER_ADDRESS_PER_DAY + 2 }, (_, index) => fileReport({ serial: `TENT-R${index}` }, { address: shopper })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(REPORTS_PER_ADDRESS_PER_DAY);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].json()).toMatchObject({ code: ERROR_CODES.RATE_LIMITED, message: expect.stringContaining('Please try again tomorrow') });
    expect((await fileReport({ serial: 'TENT-OTHER' })).statusCode).toBe(201);
  });

  it("answers 404 for a product the landing does not show under that company's name, and refuses callers other than the gateway", async () => {
    expect((await fileReport({ serviceName: 'nordic' })).statusCode).toBe(404);
    expect((await fileReport({ productId: '999999' })).statusCode).toBe(404);
    const direct = await fileReport({}, { gateway: false });
    expect([401, 403]).toContain(direct.statusCode);
  });
});

describe('the brand handles a report', () => {
  async function newReport(fields: Record<string, string>): Promise<number> {
    expect((await fileReport(fields)).statusCode).toBe(201);
    const rows = await reportsOf(tent.id);
    return rows[rows.length - 1].id;
  }

  it('confirms a report and blacklists its serial in the same transaction; the verification view then says not genuine', async () => {
    await addSerial(tent, 'TENT-BL1');
    const id = await newReport({ serial: 'TENT-BL1' });
    const response = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/reports/decide?id=${id}`, payload: { status: 'confirmed', note: 'Same serial on 40 tents', blacklist: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ id, status: 'confirmed', note: 'Same serial on 40 tents' });
    expect(response.headers['x-resolver-invalidate']).toBe(tent.entryPath);

    const [serial] = await t.app.db.select().from(qualifiers).where(and(eq(qualifiers.entryId, tent.entryId), eq(qualifiers.qualifierPath, '/21/TENT-BL1')));
    expect(serial).toMatchObject({ status: 'blacklisted', statusReason: `confirmed copy (report #${id})` });
    const [change] = await t.app.db.select().from(serialStatusChanges).where(eq(serialStatusChanges.qualifierId, serial.id));
    expect(change).toMatchObject({ fromStatus: 'active', toStatus: 'blacklisted', changedByName: expect.stringMatching(/\S/) });

    const view = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${tent.id}&serviceName=acme&view=verification&serial=TENT-BL1` });
    expect(view.json().result.verification).toMatchObject({ status: 'notGenuine', reason: 'blacklisted' });
  });

  it('refuses to blacklist a serial that is not registered (409) and leaves the report as it was', async () => {
    const id = await newReport({ serial: 'TENT-NOPE' });
    const response = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/reports/decide?id=${id}`, payload: { status: 'confirmed', blacklist: true } });
    expect(response.statusCode).toBe(409);
    const [report] = await t.app.db.select().from(counterfeitReports).where(eq(counterfeitReports.id, id));
    expect(report.status).toBe('open');
    const dismissedBlacklist = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/reports/decide?id=${id}`, payload: { status: 'dismissed', blacklist: true } });
    expect(dismissedBlacklist.statusCode).toBe(400);
  });

  it("dismisses a report with a note; a sub-admin cannot act on another project's product, another company sees nothing", async () => {
    const id = await newReport({});
    expect((await call(t.app, sub, { method: 'PUT', url: `/api/authenticity/reports/decide?id=${id}`, payload: { status: 'dismissed' } })).statusCode).toBe(403);
    expect((await call(t.app, nordic, { method: 'PUT', url: `/api/authenticity/reports/decide?id=${id}`, payload: { status: 'dismissed' } })).statusCode).toBe(404);
    const response = await call(t.app, acme, { method: 'PUT', url: `/api/authenticity/reports/decide?id=${id}`, payload: { status: 'dismissed', note: 'Genuine, bought at our shop' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ status: 'dismissed', note: 'Genuine, bought at our shop', handledAt: expect.any(String) });
  });

  it("mails the answer in the shopper's language when the shopper agreed, and refuses it otherwise", async () => {
    const id = await newReport({ email: 'rossi@example.it', emailConsent: 'on', language: 'it' });
    const response = await call(t.app, acme, { method: 'POST', url: `/api/authenticity/reports/answer?id=${id}`, payload: { message: 'Grazie: il prodotto è contraffatto.' } });
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(() => readOutbox(t.config), 'rossi@example.it');
    expect(mail.subject).toBe('Acme Outdoor: la tua segnalazione su Basecamp 2P Tent');
    expect(mail.text).toContain('Grazie: il prodotto è contraffatto.');
    const [report] = await t.app.db.select().from(counterfeitReports).where(eq(counterfeitReports.id, id));
    expect(report).toMatchObject({ answer: 'Grazie: il prodotto è contraffatto.', answeredAt: expect.any(Date) });

    const silent = await newReport({ email: 'quiet@example.com' });
    const refused = await call(t.app, acme, { method: 'POST', url: `/api/authenticity/reports/answer?id=${silent}`, payload: { message: 'Hello' } });
    expect(refused.statusCode).toBe(409);
    const empty = await call(t.app, acme, { method: 'POST', url: `/api/authenticity/reports/answer?id=${id}`, payload: { message: '  ' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/authenticity/reports (the desk)', () => {
  it("lists the company's reports newest first, filtered by status and product; a sub-admin sees its projects' products only", async () => {
    await fileReport({ serial: 'TENT-LIST' });
    const backpackReport = await t.app.inject({
      method: 'POST',
      url: '/api/authenticity/reports',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN, [VISITOR_ADDRESS_HEADER]: address() },
      payload: { serviceName: 'acme', productId: backpack.id, purchasePlace: 'Online', serial: 'BP-1', email: 'a@example.com', emailConsent: true },
    });
    expect(backpackReport.statusCode).toBe(201);

    const all = await call(t.app, acme, { method: 'GET', url: '/api/authenticity/reports?page=1&size=100' });
    expect(all.statusCode).toBe(200);
    const listed = all.json().result as { productId: number; serial: string | null; createdAt: string; canAnswer: boolean }[];
    expect(listed.map((row) => row.serial)).toEqual(expect.arrayContaining(['TENT-LIST', 'BP-1']));
    expect(listed.map((row) => row.createdAt)).toEqual([...listed.map((row) => row.createdAt)].sort().reverse());
    expect(all.json().pageInfo).toMatchObject({ page: 1, size: 100, total: listed.length });
    expect(listed.find((row) => row.serial === 'BP-1')).toMatchObject({ canAnswer: true });
    expect(JSON.stringify(all.json())).not.toContain('a@example.com');

    const open = await call(t.app, acme, { method: 'GET', url: `/api/authenticity/reports?status=dismissed&productId=${tent.id}` });
    expect((open.json().result as { status: string; productId: number }[]).every((row) => row.status === 'dismissed' && row.productId === tent.id)).toBe(true);
    expect(open.json().pageInfo.total).toBeGreaterThan(0);

    const mine = await call(t.app, sub, { method: 'GET', url: '/api/authenticity/reports?size=100' });
    expect((mine.json().result as { productId: number }[]).map((row) => row.productId)).toEqual([backpack.id]);
    expect((await call(t.app, sub, { method: 'GET', url: `/api/authenticity/reports?productId=${tent.id}` })).statusCode).toBe(403);
    expect((await call(t.app, nordic, { method: 'GET', url: '/api/authenticity/reports' })).json().pageInfo.total).toBe(0);
  });

  it('exports the filtered reports as CSV with formula-like cells neutralised', async () => {
    await fileReport({ serial: 'TENT-CSV', seller: '=HYPERLINK("http://evil.example")' });
    const response = await call(t.app, acme, { method: 'GET', url: `/api/authenticity/reports/export?productId=${tent.id}&status=open` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toContain('purchasePlace');
    const row = lines.find((line) => line.includes('TENT-CSV'));
    expect(row).toContain(`'=HYPERLINK`);
    expect(lines.some((line) => line.includes('BP-1'))).toBe(false);
  });
});
