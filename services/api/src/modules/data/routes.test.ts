import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, RESOLVER_INVALIDATE_HEADER, SERIAL_IMPORT_MAX_ROWS } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess, type DemoProduct } from '../../test/demo.js';
import { multipart, png } from '../../test/multipart.js';
import { NOT_A_SPREADSHEET, TOO_MANY_ROWS } from './spreadsheet.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The n-th demo product of a project (products listed newest first) with its entry. */
const productIn = (project: string, index = 0) => productInProject(t.app, acme, projectIds[project], index);

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Serials');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(authorization: string, target: DemoProduct, file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const body = multipart(
    { entryPath: target.entry.entryPath, entryId: String(target.entry.entry_id), gcp: target.entry.gcp, ...fields },
    [{ field: 'file', data: file, filename, contentType: 'application/octet-stream' }],
  );
  return call(t.app, authorization, { method: 'POST', url: '/api/service/data/import?type=serial_material', ...body });
}

/** Every live serial of the entry, oldest first. */
async function serialsOf(target: DemoProduct): Promise<string[]> {
  const response = await call(t.app, acme, { method: 'GET', url: `/api/entry/qualifiers/all/product?productId=${target.productId}` });
  return response.json().result.map((q: { value: string }) => q.value);
}

const exportOf = (authorization: string, target: DemoProduct, ext?: string) =>
  call(t.app, authorization, { method: 'GET', url: `/api/service/data/export/${target.entry.entry_id}?type=serial_material${ext ? `&ext=${ext}` : ''}` });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/service/data/import?type=serial_material', () => {
  it('imports an xlsx workbook from the column headed "Serial Number", skipping blank rows', async () => {
    const target = await productIn('Camping', 0);
    const file = await xlsxOf([
      ['Batch', 'Serial Number'],
      ['B1', 'XL-0001'],
      ['B1', ' XL-0002 '],
      [],
      ['B2', 'XL-0003'],
    ]);
    const response = await upload(acme, target, file, 'serials.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true, imported: 3 });
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(target.entry.entryPath);
    expect(await serialsOf(target)).toEqual(['XL-0001', 'XL-0002', 'XL-0003']);
  });

  it('imports CSV text whatever the file is called, keeping leading zeros; semicolons are recognised', async () => {
    const target = await productIn('Camping', 1);
    const csv = '\uFEFFproduct;serial\r\nlamp;000123\r\nlamp;A%2F\r\nlamp;"x,y"\r\n\r\n';
    const response = await upload(acme, target, Buffer.from(csv), 'serials.bin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true, imported: 3 });
    expect(await serialsOf(target)).toEqual(['000123', 'A%2F', 'x,y']);
  });

  it('imports nothing from a file with bad or duplicate rows and lists each of them by sheet row', async () => {
    const target = await productIn('Camping', 2);
    expect((await upload(acme, target, Buffer.from('serial\nTAKEN-1\n'), 'first.csv')).statusCode).toBe(200);

    const file = await xlsxOf([
      ['serial', 'note'],
      ['GOOD-1', ''],
      ['', 'serial missing'],
      ['X'.repeat(21), ''],
      ['has space', ''],
      ['GOOD-1', 'again'],
      ['TAKEN-1', ''],
      ['GOOD-2', ''],
    ]);
    const response = await upload(acme, target, file, 'serials.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    const body = response.json();
    expect(body).toMatchObject({ code: ERROR_CODES.VALIDATION, result: false, more: 0, message: expect.stringContaining('5 rows') });
    expect(body.details).toEqual([
      { row: 3, value: '', message: 'The serial is empty.' },
      { row: 4, value: 'X'.repeat(21), message: expect.stringContaining('at most 20') },
      { row: 5, value: 'has space', message: expect.stringContaining('may only contain') },
      { row: 6, value: 'GOOD-1', message: 'Same serial as row 2.' },
      { row: 7, value: 'TAKEN-1', message: 'Already registered for this product.' },
    ]);
    expect(await serialsOf(target)).toEqual(['TAKEN-1']);
  });

  it('lists at most 200 refused rows and counts the rest', async () => {
    const target = await productIn('Camping', 2);
    const csv = ['serial', ...Array.from({ length: 250 }, (_, i) => `bad ${i}`)].join('\n');
    const response = await upload(acme, target, Buffer.from(csv), 'serials.csv');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details).toHaveLength(200);
    expect(body.details[0]).toMatchObject({ row: 2, value: 'bad 0' });
    expect(body.more).toBe(50);
    expect(body.message).toContain('250 rows');
  });

  it('refuses a file that is not a spreadsheet, whatever its name', async () => {
    const target = await productIn('Camping', 2);
    const response = await upload(acme, target, await png(), 'serials.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: false, code: ERROR_CODES.VALIDATION, message: expect.any(String), details: [{ path: 'file', message: NOT_A_SPREADSHEET }] });
    const corrupt = await upload(acme, target, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]), 'serials.xlsx');
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().details[0].path).toBe('file');
  });

  it('imports thousands of rows in batches within one answer', async () => {
    const target = await productIn('Trail Gear', 2);
    const csv = ['serial', ...Array.from({ length: 2_500 }, (_, i) => `BULK-${String(i).padStart(5, '0')}`)].join('\n');
    const response = await upload(acme, target, Buffer.from(csv), 'bulk.csv');
    expect(response.json()).toEqual({ result: true, imported: 2_500 });
    const listed = await call(t.app, acme, { method: 'GET', url: `/api/entry/qualifiers/all?entryId=${target.entry.entry_id}&size=1` });
    expect(listed.json().pageInfo.total).toBe(2_500);
    expect((await upload(acme, target, Buffer.from('serial\nBULK-02499\n'), 'again.csv')).json().details).toEqual([
      { row: 2, value: 'BULK-02499', message: 'Already registered for this product.' },
    ]);
  });

  it('refuses a file with more rows than the limit, a file of only a header and a form without a file', async () => {
    const target = await productIn('Camping', 2);
    const tooMany = ['serial', ...Array.from({ length: SERIAL_IMPORT_MAX_ROWS + 1 }, (_, i) => `S${i}`)].join('\n');
    const response = await upload(acme, target, Buffer.from(tooMany), 'big.csv');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'file', message: TOO_MANY_ROWS }]);

    expect((await upload(acme, target, Buffer.from('serial\n'), 'empty.csv')).json().details[0].message).toContain('no serials');

    const noFile = multipart({ entryPath: target.entry.entryPath, entryId: String(target.entry.entry_id), gcp: target.entry.gcp });
    const missing = await call(t.app, acme, { method: 'POST', url: '/api/service/data/import?type=serial_material', ...noFile });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'file', message: 'Required' }]);
    const wrongType = await call(t.app, acme, { method: 'POST', url: '/api/service/data/import?type=products', ...noFile });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses a form with two files, or a file under another field name', async () => {
    const target = await productIn('Camping', 2);
    const fields = { entryPath: target.entry.entryPath, entryId: String(target.entry.entry_id), gcp: target.entry.gcp };
    const csv = { field: 'file', data: Buffer.from('serial\nTWICE-1\n'), filename: 'a.csv', contentType: 'text/csv' };
    const send = (files: (typeof csv)[]) => call(t.app, acme, { method: 'POST', url: '/api/service/data/import?type=serial_material', ...multipart(fields, files) });
    const twice = await send([csv, csv]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ path: 'file', message: 'Send one file' }]);
    const otherField = await send([{ ...csv, field: 'attachment' }]);
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().details).toEqual([{ path: 'attachment', message: 'Unexpected file field' }]);
    expect(await serialsOf(target)).not.toContain('TWICE-1');
  });

  it("answers 404 for another company's entry, 400 for a mismatching entry path and 403 to a sub-admin without write access", async () => {
    const target = await productIn('Camping', 2);
    const file = Buffer.from('serial\nNOPE-1\n');
    expect((await upload(nordic, target, file, 'x.csv')).statusCode).toBe(404);
    const mismatch = await upload(acme, target, file, 'x.csv', { gcp: '0614999' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ path: 'gcp', message: expect.any(String) }]);

    const trail = await productIn('Trail Gear');
    await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await upload(sub, trail, file, 'x.csv')).statusCode).toBe(403);
      expect((await exportOf(sub, trail)).statusCode).toBe(200);
      expect((await upload(sub, target, file, 'x.csv')).statusCode).toBe(403);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
    }
    expect((await upload(sub, trail, file, 'x.csv')).statusCode).toBe(200);
    expect(await serialsOf(target)).not.toContain('NOPE-1');
  });
});

describe('GET /api/service/data/export/{id}', () => {
  it('gives the imported serials back as xlsx (the default) and as csv', async () => {
    const target = await productIn('Winter Collection', 0);
    const serials = ['EXP-001', '000777', 'A/B', '=1+2'];
    const imported = await upload(acme, target, await xlsxOf([['serial'], ...serials.map((serial) => [serial])]), 'in.xlsx');
    expect(imported.json()).toEqual({ result: true, imported: 4 });

    const xlsx = await exportOf(acme, target);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="serials-${target.entry.aiValue}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    expect(rows).toEqual([
      ['serial', 'qualifierPath', 'status'],
      ['EXP-001', '/21/EXP-001', 'active'],
      ['000777', '/21/000777', 'active'],
      ['A/B', '/21/A%2FB', 'active'],
      ['=1+2', '/21/%3D1%2B2', 'active'],
    ]);

    const csv = await exportOf(acme, target, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="serials-${target.entry.aiValue}.csv"`);
    const readBack = new ExcelJS.Workbook();
    const csvSheet = await readBack.csv.read(Readable.from([csv.body]), { map: (value: string) => value });
    // A spreadsheet would run `=1+2` as a formula (CSV injection): the CSV cell starts with `'`.
    expect((csvSheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row[1])).toEqual(['serial', 'EXP-001', '000777', 'A/B', "'=1+2"]);
  });

  it('round-trips a CSV export with formula-like serials: the import takes the neutralising quote off again', async () => {
    const from = await productIn('Trail Gear', 1);
    const to = await productIn('Camping', 1);
    const serials = ['-5', '+X', "'=Q", "'PLAIN", 'OK-1'];
    const file = await xlsxOf([['serial'], ...serials.map((serial) => [serial])]);
    expect((await upload(acme, from, file, 'formulas.xlsx')).json()).toEqual({ result: true, imported: 5 });

    const csv = await exportOf(acme, from, 'csv');
    expect(csv.body.split(/\r?\n/).map((line) => line.split(',')[0])).toEqual(expect.arrayContaining(["'-5", "'+X", "''=Q", "''PLAIN", 'OK-1']));
    expect((await upload(acme, to, Buffer.from(csv.body), 'serials-export.csv')).json()).toEqual({ result: true, imported: 5 });
    expect(await serialsOf(from)).toEqual(serials);
    expect(await serialsOf(to)).toEqual(expect.arrayContaining(serials));
  });

  it('round-trips: an exported workbook imports into another product', async () => {
    const from = await productIn('Winter Collection', 0);
    const to = await productIn('Winter Collection', 1);
    const exported = await exportOf(acme, from);
    const response = await upload(acme, to, exported.rawPayload, 'serials-export.xlsx');
    expect(response.json()).toEqual({ result: true, imported: 4 });
    expect(await serialsOf(to)).toEqual(await serialsOf(from));
  });

  it("answers 404 for another company's entry and 400 for an unknown type or extension", async () => {
    const target = await productIn('Winter Collection', 0);
    expect((await exportOf(nordic, target)).statusCode).toBe(404);
    expect((await exportOf(acme, target, 'pdf')).statusCode).toBe(400);
    const wrongType = await call(t.app, acme, { method: 'GET', url: `/api/service/data/export/${target.entry.entry_id}?type=other` });
    expect(wrongType.statusCode).toBe(400);
  });
});
