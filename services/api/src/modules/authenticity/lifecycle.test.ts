import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess, type DemoProduct } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;

const productIn = (project: string, index = 0) => productInProject(t.app, acme, projectIds[project], index);

interface Serial {
  qualifierId: number;
  value: string;
  status: string;
  statusReason: string | null;
  statusChangedAt: string | null;
}

async function register(product: DemoProduct, ...serials: string[]): Promise<Serial[]> {
  const created: Serial[] = [];
  for (const serial of serials) {
    const response = await call(t.app, acme, {
      method: 'POST',
      url: '/api/entry/qualifiers/',
      payload: { qualifierPath: `/21/${encodeURIComponent(serial)}`, identifierCode: '21', entryId: product.entry.entry_id, entryPath: product.entry.entryPath, gcp: product.entry.gcp },
    });
    expect(response.statusCode).toBe(201);
    created.push(response.json().result);
  }
  return created;
}

const ref = (product: DemoProduct) => ({ entryId: product.entry.entry_id, entryPath: product.entry.entryPath });

const changeOne = (authorization: string, product: DemoProduct, body: Record<string, unknown>) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/entry/qualifiers/status', payload: { ...ref(product), ...body } });
const changeMany = (authorization: string, product: DemoProduct, body: Record<string, unknown>) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/entry/qualifiers/status/bulk', payload: { ...ref(product), ...body } });
function uploadList(authorization: string, product: DemoProduct, file: Buffer, fields: Record<string, string>) {
  const body = multipart({ entryId: String(product.entry.entry_id), entryPath: product.entry.entryPath, ...fields }, [
    { field: 'file', data: file, filename: 'list.txt', contentType: 'text/plain' },
  ]);
  return call(t.app, authorization, { method: 'POST', url: '/api/entry/qualifiers/status/upload', ...body });
}
const history = (authorization: string, product: DemoProduct, qualifierId: number) =>
  call(t.app, authorization, { method: 'GET', url: `/api/entry/qualifiers/status/history?entryId=${product.entry.entry_id}&qualifierId=${qualifierId}` });

/** The serials of the entry as the list answers them, by value. */
async function listed(product: DemoProduct, query = ''): Promise<Record<string, Serial>> {
  const response = await call(t.app, acme, { method: 'GET', url: `/api/entry/qualifiers/all?entryId=${product.entry.entry_id}&size=100${query}` });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries((response.json().result as Serial[]).map((serial) => [serial.value, serial]));
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('one serial', () => {
  it('deactivates with a reason, tells the gateway, lists the status and keeps the history; reactivates without one', async () => {
    const product = await productIn('Camping');
    const [serial, other] = await register(product, 'LC-ONE-1', 'LC-ONE-2');
    expect(serial).toMatchObject({ status: 'active', statusReason: null, statusChangedAt: null });

    const noReason = await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'deactivated' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'reason' }] });
    const blankReason = await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'blacklisted', reason: '   ' });
    expect(blankReason.json().details).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect((await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'deactivated', reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'stolen', reason: 'x' })).statusCode).toBe(400);

    const done = await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'deactivated', reason: ' Destroyed in the warehouse fire ' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ result: true, changed: 1, unchanged: 0 });
    expect(done.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entry.entryPath);

    const serials = await listed(product);
    expect(serials['LC-ONE-1']).toMatchObject({ status: 'deactivated', statusReason: 'Destroyed in the warehouse fire', statusChangedAt: expect.any(String) });
    expect(serials['LC-ONE-2'].status).toBe('active');
    expect(Object.keys(await listed(product, '&status=deactivated'))).toEqual(['LC-ONE-1']);
    expect(Object.keys(await listed(product, '&status=active'))).toContain('LC-ONE-2');
    expect(Object.keys(await listed(product, '&status=active'))).not.toContain('LC-ONE-1');
    expect((await call(t.app, acme, { method: 'GET', url: `/api/entry/qualifiers/all?entryId=${product.entry.entry_id}&status=gone` })).statusCode).toBe(400);

    // The same status again changes nothing and writes no history.
    expect((await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'deactivated', reason: 'again' })).json()).toEqual({ result: true, changed: 0, unchanged: 1 });
    const back = await changeOne(acme, product, { qualifierId: serial.qualifierId, status: 'active' });
    expect(back.json()).toEqual({ result: true, changed: 1, unchanged: 0 });
    expect((await listed(product))['LC-ONE-1']).toMatchObject({ status: 'active', statusReason: null });

    const story = await history(acme, product, serial.qualifierId);
    expect(story.statusCode).toBe(200);
    expect(story.json().result).toEqual([
      { id: expect.any(Number), fromStatus: 'deactivated', toStatus: 'active', reason: null, changedBy: expect.stringMatching(/\S/), changedAt: expect.any(String) },
      { id: expect.any(Number), fromStatus: 'active', toStatus: 'deactivated', reason: 'Destroyed in the warehouse fire', changedBy: expect.stringMatching(/\S/), changedAt: expect.any(String) },
    ]);
    expect((await history(acme, product, other.qualifierId)).json().result).toEqual([]);
  });

  it('answers 404 for a serial of another entry, a deleted serial or another company', async () => {
    const product = await productIn('Camping', 1);
    const elsewhere = await productIn('Trail Gear');
    const [mine] = await register(product, 'LC-404-1');
    const [theirs] = await register(elsewhere, 'LC-404-2');
    expect((await changeOne(acme, product, { qualifierId: theirs.qualifierId, status: 'blacklisted', reason: 'copy' })).statusCode).toBe(404);
    expect((await changeOne(nordic, product, { qualifierId: mine.qualifierId, status: 'blacklisted', reason: 'copy' })).statusCode).toBe(404);
    expect((await history(nordic, product, mine.qualifierId)).statusCode).toBe(404);
    expect((await history(acme, product, theirs.qualifierId)).statusCode).toBe(404);
    await call(t.app, acme, {
      method: 'PUT',
      url: `/api/entry/qualifiers/delete?qualifierId=${mine.qualifierId}&entryId=${product.entry.entry_id}&entryPath=${encodeURIComponent(product.entry.entryPath)}`,
    });
    const deleted = await changeOne(acme, product, { qualifierId: mine.qualifierId, status: 'blacklisted', reason: 'copy' });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    // A path that is not the entry's is a field error.
    const wrongPath = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/entry/qualifiers/status',
      payload: { entryId: product.entry.entry_id, entryPath: elsewhere.entry.entryPath, qualifierId: theirs.qualifierId, status: 'active' },
    });
    expect(wrongPath.json().details).toEqual([{ path: 'entryPath', message: expect.any(String) }]);
  });
});

describe('a selection', () => {
  it('checks every id first: one serial of another product changes nothing; then blacklists all in one go', async () => {
    const product = await productIn('Trail Gear', 1);
    const elsewhere = await productIn('Camping', 2);
    const serials = await register(product, 'LC-SEL-1', 'LC-SEL-2', 'LC-SEL-3');
    const [foreign] = await register(elsewhere, 'LC-SEL-X');

    const refused = await changeMany(acme, product, { qualifierIds: [serials[0].qualifierId, foreign.qualifierId], status: 'blacklisted', reason: 'Copies found' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ path: 'qualifierIds.1', message: 'Not a registered serial of this product.' }]);
    expect(refused.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    expect((await listed(product))['LC-SEL-1'].status).toBe('active');

    expect((await changeMany(acme, product, { qualifierIds: [], status: 'active' })).statusCode).toBe(400);
    expect((await changeMany(acme, product, { qualifierIds: [serials[0].qualifierId], status: 'blacklisted' })).json().details).toEqual([
      expect.objectContaining({ path: 'reason' }),
    ]);

    await changeOne(acme, product, { qualifierId: serials[2].qualifierId, status: 'blacklisted', reason: 'earlier' });
    const ids = serials.map((serial) => serial.qualifierId);
    const done = await changeMany(acme, product, { qualifierIds: [...ids, ids[0]], status: 'blacklisted', reason: 'Copies found at a market stall' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ result: true, changed: 2, unchanged: 1 });
    expect(done.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entry.entryPath);
    const after = await listed(product, '&status=blacklisted');
    expect(Object.keys(after).sort()).toEqual(['LC-SEL-1', 'LC-SEL-2', 'LC-SEL-3']);
    expect(after['LC-SEL-1'].statusReason).toBe('Copies found at a market stall');
    expect(after['LC-SEL-3'].statusReason).toBe('earlier');

    // The export carries the status column.
    const exported = await call(t.app, acme, { method: 'GET', url: `/api/service/data/export/${product.entry.entry_id}?type=serial_material&ext=xlsx` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const rows = (workbook.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    expect(rows[0]).toEqual(['serial', 'qualifierPath', 'status']);
    expect(rows).toContainEqual(['LC-SEL-2', '/21/LC-SEL-2', 'blacklisted']);
  });
});

describe('an uploaded list', () => {
  it('reads plain text one serial a line, lists unknown lines and changes nothing; a good list changes all at once', async () => {
    const product = await productIn('Winter Collection');
    await register(product, 'LC-UP-1', 'LC-UP-2', 'LC-UP/3');

    const refused = await uploadList(acme, product, Buffer.from('LC-UP-1\nLC-NOPE\n\nLC UP\nLC-UP-2\n'), { status: 'deactivated', reason: 'Returned' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      result: false,
      details: [
        { row: 2, value: 'LC-NOPE', message: 'Not a registered serial of this product.' },
        { row: 4, value: 'LC UP', message: expect.stringContaining('may only contain') },
      ],
      more: 0,
    });
    expect((await listed(product))['LC-UP-1'].status).toBe('active');

    const good = await uploadList(acme, product, Buffer.from('LC-UP-1\r\nLC-UP/3\r\nLC-UP-1\r\n'), { status: 'deactivated', reason: 'Returned by the retailer' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ result: true, changed: 2, unchanged: 0 });
    expect(good.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entry.entryPath);
    const serials = await listed(product);
    expect([serials['LC-UP-1'].status, serials['LC-UP-2'].status, serials['LC-UP/3'].status]).toEqual(['deactivated', 'active', 'deactivated']);

    // Without a heading a line is one serial, whole: commas, semicolons and quotes are part of it.
    await register(product, 'LC,Q"1', 'LC;Q2');
    const whole = await uploadList(acme, product, Buffer.from('LC,Q"1\nLC;Q2\n'), { status: 'deactivated', reason: 'Returned' });
    expect(whole.json()).toEqual({ result: true, changed: 2, unchanged: 0 });
    expect((await listed(product, '&status=deactivated'))['LC,Q"1']).toBeDefined();

    // An xlsx list without a heading: the first column from the first row.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('list');
    sheet.addRow(['LC-UP-1']);
    sheet.addRow(['LC;Q2']);
    const xlsx = await uploadList(acme, product, Buffer.from(await workbook.xlsx.writeBuffer()), { status: 'active' });
    expect(xlsx.json()).toEqual({ result: true, changed: 2, unchanged: 0 });

    // A CSV with a `serial` heading: the heading is not a serial.
    const csv = await uploadList(acme, product, Buffer.from('batch;serial\nB1;LC-UP-2\n'), { status: 'blacklisted', reason: 'Copy' });
    expect(csv.json()).toEqual({ result: true, changed: 1, unchanged: 0 });
  });

  it('requires the fields and a reason, and refuses a file that is not a list', async () => {
    const product = await productIn('Winter Collection', 1);
    await register(product, 'LC-UPF-1');
    const noReason = await uploadList(acme, product, Buffer.from('LC-UPF-1\n'), { status: 'blacklisted' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([expect.objectContaining({ path: 'reason' })]);
    const noFile = await call(t.app, acme, {
      method: 'POST',
      url: '/api/entry/qualifiers/status/upload',
      ...multipart({ entryId: String(product.entry.entry_id), entryPath: product.entry.entryPath, status: 'active' }),
    });
    expect(noFile.json().details).toEqual([{ path: 'file', message: 'Required' }]);
    const binary = await uploadList(acme, product, Buffer.from([0x00, 0x01, 0x02, 0x03]), { status: 'active' });
    expect(binary.statusCode).toBe(400);
    expect(binary.json().details).toEqual([{ path: 'file', message: expect.stringContaining('not a spreadsheet') }]);
    expect((await uploadList(nordic, product, Buffer.from('LC-UPF-1\n'), { status: 'active' })).statusCode).toBe(404);
  });
});

describe('sub-admins', () => {
  it('change statuses with product write access on the project only; read the history with read access', async () => {
    const product = await productIn('Trail Gear', 2);
    const [serial] = await register(product, 'LC-SUB-1');
    const setAccess = (flags: { r: boolean; w: boolean }) => setSubAdminProductAccess(t.app, projectIds['Trail Gear'], flags);
    await setAccess({ r: true, w: false });
    try {
      expect((await changeOne(sub, product, { qualifierId: serial.qualifierId, status: 'blacklisted', reason: 'copy' })).statusCode).toBe(403);
      expect((await changeMany(sub, product, { qualifierIds: [serial.qualifierId], status: 'blacklisted', reason: 'copy' })).statusCode).toBe(403);
      expect((await uploadList(sub, product, Buffer.from('LC-SUB-1\n'), { status: 'blacklisted', reason: 'copy' })).statusCode).toBe(403);
      expect((await history(sub, product, serial.qualifierId)).statusCode).toBe(200);
      await setAccess({ r: true, w: true });
      expect((await changeOne(sub, product, { qualifierId: serial.qualifierId, status: 'blacklisted', reason: 'copy' })).statusCode).toBe(200);
      expect((await listed(product))['LC-SUB-1'].status).toBe('blacklisted');
      const camping = await productIn('Camping');
      expect((await history(sub, camping, serial.qualifierId)).statusCode).toBe(403);
    } finally {
      await setAccess({ r: true, w: true });
    }
  });
});
