import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIAL_AI, qualifierPathOf } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { demoSetUp, setSubAdminProductAccess } from '../../../test/demo.js';
import { multipart } from '../../../test/multipart.js';
import { products } from '../../products/tables.js';
import { qualifiers } from '../../qualifiers/tables.js';
import { idempotencyKeys } from '../../idempotency/tables.js';
import { nfcMasterKeys, nfcTags } from '../tables.js';
import { masterTagKeys, simulatedTap } from './simulated-tag.js';
import { checkTap } from './tap.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
/** An Acme product in Trail Gear (the sub-admin's project) with NFC on. */
let product: { productId: number; entryId: number; companyId: number };
let nextSerial = 1;
let nextUid = 0x100;

const uid = () => `04C0FFEE${(nextUid++).toString(16).toUpperCase().padStart(6, '0')}`;

async function addSerials(count: number): Promise<{ serial: string; qualifierId: number }[]> {
  const made = [];
  for (let index = 0; index < count; index += 1) {
    const serial = `T${nextSerial++}`;
    const [row] = await t.app.db
      .insert(qualifiers)
      .values({ companyId: product.companyId, entryId: product.entryId, identifierCode: SERIAL_AI, qualifierPath: qualifierPathOf(SERIAL_AI, serial), value: serial })
      .returning({ id: qualifiers.id });
    made.push({ serial, qualifierId: row.id });
  }
  return made;
}

const csv = (lines: string[][]) => ({ field: 'file', data: Buffer.from(lines.map((line) => line.join(',')).join('\n')), filename: 'tags.csv', contentType: 'text/csv' });

function importFile(authorization: string, file: ReturnType<typeof csv>, productId = product.productId) {
  return call(t.app, authorization, { method: 'POST', url: `/api/product/nfc/tags/import?productId=${productId}`, ...multipart({}, [file]) });
}

const listTags = (authorization: string, query = '') => call(t.app, authorization, { method: 'GET', url: `/api/product/nfc/tags?productId=${product.productId}${query}` });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  const [row] = await t.app.db.select().from(products).where(eq(products.projectId, projectIds['Trail Gear'])).limit(1);
  await t.app.db.update(products).set({ isNfc: 1 }).where(eq(products.id, row.id));
  product = { productId: row.id, entryId: row.entryId!, companyId: row.companyId };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('NFC master keys', () => {
  it('are for managers only', async () => {
    expect((await call(t.app, sub, { method: 'POST', url: '/api/service/nfc/master-keys' })).statusCode).toBe(403);
    expect((await call(t.app, sub, { method: 'GET', url: '/api/service/nfc/master-keys' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/service/nfc/master-keys' })).statusCode).toBe(401);
  });

  it('shows a new key once, seals it, and retires the previous one on rotation', async () => {
    const first = await call(t.app, acme, { method: 'POST', url: '/api/service/nfc/master-keys' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const created = first.json().result as { id: number; key: string; retiredKeyId: number | null };
    expect(created.key).toMatch(/^[0-9A-F]{32}$/);
    expect(created.retiredKeyId).toBeNull();
    const [stored] = await t.app.db.select().from(nfcMasterKeys).where(eq(nfcMasterKeys.id, created.id));
    expect(stored.sealedKey).not.toContain(created.key);
    expect(t.app.nfcKeySealer.open(stored.sealedKey)).toBe(created.key);

    const listed = await call(t.app, acme, { method: 'GET', url: '/api/service/nfc/master-keys' });
    expect(listed.body).not.toContain(created.key);
    expect(listed.json().result).toEqual([expect.objectContaining({ id: created.id, status: 'active', retiredAt: null, tags: 0 })]);

    const second = (await call(t.app, acme, { method: 'POST', url: '/api/service/nfc/master-keys' })).json().result as { id: number; key: string; retiredKeyId: number };
    expect(second.retiredKeyId).toBe(created.id);
    expect(second.key).not.toBe(created.key);
    const after = (await call(t.app, acme, { method: 'GET', url: '/api/service/nfc/master-keys' })).json().result as { id: number; status: string }[];
    expect(after.map((key) => [key.id, key.status])).toEqual([
      [second.id, 'active'],
      [created.id, 'retired'],
    ]);
    // Nordic sees none of Acme's keys.
    expect((await call(t.app, nordic, { method: 'GET', url: '/api/service/nfc/master-keys' })).json().result).toEqual([]);
  });
});

describe('a new master key is never written down', () => {
  it('is not kept for an idempotent replay', async () => {
    const response = await call(t.app, acme, { method: 'POST', url: '/api/service/nfc/master-keys', headers: { 'idempotency-key': 'nfc-key-once' } });
    expect(response.statusCode).toBe(200);
    const { key } = response.json().result as { key: string };
    const stored = await t.app.db.select().from(idempotencyKeys);
    expect(JSON.stringify(stored)).not.toContain(key);
    const again = await call(t.app, acme, { method: 'POST', url: '/api/service/nfc/master-keys', headers: { 'idempotency-key': 'nfc-key-once' } });
    expect(again.json().result.key).not.toBe(key);
  });
});

describe('POST /api/product/nfc/tags/import', () => {
  it('binds tags with imported keys and with the master key, lists them without keys, and their taps verify', async () => {
    const master = (await call(t.app, acme, { method: 'POST', url: '/api/service/nfc/master-keys' })).json().result as { key: string };
    const [a, b] = await addSerials(2);
    const uidA = uid();
    const uidB = uid();
    const importedKeys = { metaReadKey: '0123456789ABCDEF0123456789ABCDEF', fileReadKey: 'FEDCBA9876543210FEDCBA9876543210' };
    const response = await importFile(
      acme,
      csv([
        ['UID', 'Serial', 'sdm_meta_read_key', 'sdm file read key'],
        [uidA.toLowerCase(), a.serial, importedKeys.metaReadKey, importedKeys.fileReadKey],
        [uidB, b.serial, '', ''],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: true, imported: 2 });

    const listed = await listTags(acme);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(importedKeys.metaReadKey);
    expect(listed.json().result).toEqual(
      expect.arrayContaining([
        { uid: uidA, serial: a.serial, keySource: 'imported', lastCounter: null, lastTapAt: null },
        { uid: uidB, serial: b.serial, keySource: 'master', lastCounter: null, lastTapAt: null },
      ]),
    );
    const [stored] = await t.app.db.select().from(nfcTags).where(eq(nfcTags.uid, uidA));
    expect(stored.sealedKeys).not.toContain(importedKeys.fileReadKey);

    const target = (serial: { serial: string; qualifierId: number }) => ({ companyId: product.companyId, productId: product.productId, ...serial });
    expect(await checkTap(t.app.db, t.app.nfcKeySealer, target(a), simulatedTap({ uid: uidA, counter: 1, ...importedKeys }), null)).toEqual({ result: 'genuine', counter: 1 });
    expect(await checkTap(t.app.db, t.app.nfcKeySealer, target(b), simulatedTap({ uid: uidB, counter: 7, ...masterTagKeys(master.key, uidB) }), null)).toEqual({
      result: 'genuine',
      counter: 7,
    });
    const tapped = (await listTags(acme)).json().result as { uid: string; lastCounter: number | null; lastTapAt: string | null }[];
    expect(tapped.find((tag) => tag.uid === uidB)).toMatchObject({ lastCounter: 7, lastTapAt: expect.any(String) });
  });

  it('reads an xlsx workbook', async () => {
    const [c] = await addSerials(1);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('tags');
    sheet.addRow(['uid', 'serial']);
    const tagUid = uid();
    sheet.addRow([tagUid, c.serial]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await importFile(acme, { field: 'file', data, filename: 'tags.xlsx', contentType: 'application/octet-stream' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await listTags(acme)).json().result[0]).toMatchObject({ uid: tagUid, serial: c.serial, keySource: 'master' });
  });

  it('refuses the whole file with every bad row, and binds nothing', async () => {
    const [d, e, f, g, h, i] = await addSerials(6);
    const bound = (await listTags(acme)).json().result[0] as { uid: string; serial: string };
    const fresh = uid();
    const before = (await listTags(acme)).json().pageInfo.total as number;
    const response = await importFile(
      acme,
      csv([
        ['uid', 'serial', 'sdmMetaReadKey', 'sdmFileReadKey'],
        [fresh, d.serial, '', ''],
        ['04XYZ', e.serial, '', ''],
        [fresh, f.serial, '', ''],
        [uid(), 'NO-SUCH-SERIAL', '', ''],
        [uid(), bound.serial, '', ''],
        [bound.uid, g.serial, '', ''],
        [uid(), h.serial, '0123456789ABCDEF0123456789ABCDEF', ''],
        [uid(), i.serial, 'XX23456789ABCDEF0123456789ABCDEF', '0123456789ABCDEF0123456789ABCDEF'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json() as { result: boolean; details: { row: number; message: string }[]; more: number };
    expect(body.result).toBe(false);
    const byRow = (row: number) => body.details.filter((problem) => problem.row === row).map((problem) => problem.message);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([expect.stringMatching(/^uid: a UID is 14 hex/)]);
    expect(byRow(4)).toEqual([expect.stringMatching(/^uid: same UID as row 2/)]);
    expect(byRow(5)).toEqual([expect.stringMatching(/^serial: no live serial/)]);
    expect(byRow(6)).toEqual([expect.stringMatching(/^serial: this serial already has a tag/)]);
    expect(byRow(7)).toEqual([expect.stringMatching(/^uid: this tag is already bound/)]);
    expect(byRow(8)).toEqual([expect.stringMatching(/^sdmMetaReadKey, sdmFileReadKey: give both/)]);
    expect(byRow(9)).toEqual([expect.stringMatching(/^sdmMetaReadKey: a key is 32 hex/)]);
    expect((await listTags(acme)).json().pageInfo.total).toBe(before);

    const noHeader = await importFile(acme, csv([['tag', 'item'], [fresh, d.serial]]));
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().details.map((detail: { message: string }) => detail.message)).toEqual([expect.stringContaining('`uid`'), expect.stringContaining('`serial`')]);
  });

  it('needs product write access and the caller’s own product', async () => {
    const [serial] = await addSerials(1);
    const file = csv([['uid', 'serial'], [uid(), serial.serial]]);
    expect((await importFile(nordic, file)).statusCode).toBe(404);
    const previous = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await importFile(sub, file)).statusCode).toBe(403);
      expect((await listTags(sub)).statusCode).toBe(200);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], previous.product ?? { r: true, w: true });
    }
    expect((await importFile(sub, file)).statusCode).toBe(200);
  });
});

describe('the SDM form', () => {
  it('answers one serial’s URI, NDEF file and offsets whose bytes are the placeholders', async () => {
    const [one] = await addSerials(1);
    const response = await call(t.app, acme, { method: 'GET', url: `/api/product/nfc/sdm?productId=${product.productId}&serial=${one.serial}` });
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json().result as { uri: string; ndefHex: string; piccDataOffset: number; sdmMacOffset: number; sdmMacInputOffset: number };
    expect(form.uri).toMatch(new RegExp(`/21/${one.serial}\\?picc_data=0{32}&cmac=0{16}$`));
    const ndef = Buffer.from(form.ndefHex, 'hex');
    expect(ndef.subarray(form.piccDataOffset, form.piccDataOffset + 32).toString()).toBe('0'.repeat(32));
    expect(ndef.subarray(form.sdmMacOffset - 5, form.sdmMacOffset + 16).toString()).toBe(`cmac=${'0'.repeat(16)}`);
    expect(form.sdmMacInputOffset).toBe(form.sdmMacOffset);

    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/nfc/sdm?productId=${product.productId}&serial=NOPE` })).statusCode).toBe(404);
    expect((await call(t.app, nordic, { method: 'GET', url: `/api/product/nfc/sdm?productId=${product.productId}&serial=${one.serial}` })).statusCode).toBe(404);
  });

  it('downloads the encoding CSV of all serials or of a page', async () => {
    const response = await call(t.app, acme, { method: 'GET', url: `/api/product/nfc/sdm/export?productId=${product.productId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="nfc-sdm-${product.productId}.csv"`);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('serial,uri,piccDataOffset,sdmMacOffset,sdmMacInputOffset,ndefHex');
    const serials = await t.app.db.select({ value: qualifiers.value }).from(qualifiers).where(eq(qualifiers.entryId, product.entryId)).orderBy(qualifiers.id);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(serials.map((row) => row.value));
    const [, uri, picc, mac, , hex] = lines[1].split(',');
    const ndef = Buffer.from(hex, 'hex');
    expect(ndef.subarray(Number(picc), Number(picc) + 32).toString()).toBe('0'.repeat(32));
    expect(ndef.subarray(Number(mac), Number(mac) + 16).toString()).toBe('0'.repeat(16));
    expect(uri).toContain('?picc_data=');

    const page = await call(t.app, acme, { method: 'GET', url: `/api/product/nfc/sdm/export?productId=${product.productId}&page=2&size=2` });
    expect(page.headers['content-disposition']).toBe(`attachment; filename="nfc-sdm-${product.productId}-page-2.csv"`);
    expect(page.body.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual(serials.slice(2, 4).map((row) => row.value));
  });

  it('is refused for a product whose NFC is off', async () => {
    await t.app.db.update(products).set({ isNfc: 0 }).where(eq(products.id, product.productId));
    try {
      expect((await call(t.app, acme, { method: 'GET', url: `/api/product/nfc/sdm/export?productId=${product.productId}` })).statusCode).toBe(409);
    } finally {
      await t.app.db.update(products).set({ isNfc: 1 }).where(eq(products.id, product.productId));
    }
  });
});
