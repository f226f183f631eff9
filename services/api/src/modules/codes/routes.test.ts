import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  RESOLVER_INVALIDATE_HEADER,
  SERIAL_AI,
  gtin14,
  qualifierPathOf,
  type CodeExportInput,
  type CodeJob,
  type QrContentInput,
  type SerialGenerationInput,
} from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, readProduct, setSubAdminProductAccess } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';
import { crop, decodeImage, decodeRaster, pdfPages } from '../../test/qr-decode.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nextReference = 900;

interface TestProduct {
  productId: number;
  entryId: number;
  gtin: string;
  digitalLink: string;
}

/** A new Acme product in the project, with this QR design. */
async function createProduct(project: string, qrContent: QrContentInput = {}): Promise<TestProduct> {
  const product = JSON.stringify([{ project_id: projectIds[project], product_name: 'Label Roll', gtin: gtin14(0, '0614142', nextReference++) }]);
  const response = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...multipart({ product, qrContent: JSON.stringify(qrContent) }) });
  expect(response.statusCode, response.body).toBe(201);
  const { productId } = response.json() as { productId: number };
  const { entry, product: detail } = await readProduct(t.app, acme, productId);
  return { productId, entryId: entry.entry_id, gtin: detail.gtin, digitalLink: entry.digitalLink };
}

const post = (authorization: string, url: string, payload: object) => call(t.app, authorization, { method: 'POST', url, payload });
const generate = (authorization: string, body: SerialGenerationInput | Record<string, unknown>) => post(authorization, '/api/product/codes/serials', body);
const exportCodes = (authorization: string, body: CodeExportInput | Record<string, unknown>) => post(authorization, '/api/product/codes/exports', body);
const getJob = (authorization: string, jobId: string) => call(t.app, authorization, { method: 'GET', url: `/api/product/codes/jobs/${jobId}` });
const download = (authorization: string, jobId: string) => call(t.app, authorization, { method: 'GET', url: `/api/product/codes/jobs/${jobId}/file` });

/** Waits until the job is done or failed, answering its last read. */
async function settled(jobId: string, timeoutMs = 60_000): Promise<CodeJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await getJob(acme, jobId);
    expect(response.statusCode, response.body).toBe(200);
    const job = (response.json() as { result: CodeJob }).result;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} (${job.done} of ${job.total})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Queues a job as Acme's manager, expecting 202, and waits for its end. */
async function run(response: Awaited<ReturnType<typeof post>>): Promise<CodeJob> {
  expect(response.statusCode, response.body).toBe(202);
  return settled((response.json() as { result: CodeJob }).result.jobId);
}

async function liveSerials(entryId: number): Promise<string[]> {
  const rows = await t.app.db.select({ value: qualifiers.value, isDeleted: qualifiers.isDeleted }).from(qualifiers).where(eq(qualifiers.entryId, entryId));
  return rows.filter((row) => !row.isDeleted).map((row) => row.value);
}

const fieldPaths = (response: { json(): unknown }) => ((response.json() as { details?: { path: string }[] }).details ?? []).map((detail) => detail.path);
const linkOf = (product: TestProduct, serial: string) => `${product.digitalLink}${qualifierPathOf(SERIAL_AI, serial)}`;

let plain: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  plain = await createProduct('Camping');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/product/codes/serials', () => {
  it('refuses counts, lengths and characters outside the rules with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'sequential', productId: plain.productId, count: 0 }, 'count'],
      [{ mode: 'sequential', productId: plain.productId, count: 100_001 }, 'count'],
      [{ mode: 'sequential', productId: plain.productId, count: 10, prefix: 'HAS SPACE' }, 'prefix'],
      [{ mode: 'sequential', productId: plain.productId, count: 10, prefix: 'ABCDEFGHIJKLMNOP', padding: 6 }, 'padding'],
      [{ mode: 'random', productId: plain.productId, count: 10, alphabet: 'numeric', length: 8 }, 'length'],
      [{ mode: 'random', productId: plain.productId, count: 10, alphabet: 'upperNumeric', length: 12, prefix: 'ABCDEFGHIJ' }, 'length'],
      [{ mode: 'random', productId: plain.productId, count: 10, alphabet: 'emoji', length: 12 }, 'alphabet'],
      [{ mode: 'shuffled', productId: plain.productId, count: 10 }, 'mode'],
    ];
    for (const [body, path] of cases) {
      const response = await generate(acme, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION });
      expect(fieldPaths(response), JSON.stringify(body)).toContain(path);
    }
    expect(await liveSerials(plain.entryId)).toEqual([]);
  });

  it('makes a sequential run with prefix and padding, and refuses a run that overlaps it as a whole', async () => {
    const product = await createProduct('Camping');
    const job = await run(await generate(acme, { mode: 'sequential', productId: product.productId, count: 25, prefix: 'LR-', start: 98, padding: 4 }));
    expect(job).toMatchObject({ kind: 'serials', status: 'done', total: 25, done: 25, serials: { created: 25, first: 'LR-0098', last: 'LR-0122' }, error: null });
    const serials = await liveSerials(product.entryId);
    expect(serials).toHaveLength(25);
    expect(serials).toContain('LR-0100');

    const overlapping = await run(await generate(acme, { mode: 'sequential', productId: product.productId, count: 10, prefix: 'LR-', start: 120, padding: 4 }));
    expect(overlapping.status).toBe('failed');
    expect(overlapping.error).toMatch(/registered already \(LR-012[012]/);
    expect(overlapping.serials).toBeNull();
    expect(await liveSerials(product.entryId)).toHaveLength(25);
  });

  it('makes random serials of the alphabet and length, unique in the product, and follows the job to its end', async () => {
    const product = await createProduct('Camping');
    await run(await generate(acme, { mode: 'sequential', productId: product.productId, count: 3, prefix: 'R' }));
    const before = await liveSerials(product.entryId);
    const response = await generate(acme, { mode: 'random', productId: product.productId, count: 3_000, prefix: 'R', alphabet: 'unambiguous', length: 9 });
    expect(response.statusCode).toBe(202);
    const queued = (response.json() as { result: CodeJob }).result;
    expect(queued).toMatchObject({ kind: 'serials', total: 3_000, productId: product.productId, request: { mode: 'random', count: 3_000, alphabet: 'unambiguous', length: 9 } });
    expect(['queued', 'running', 'done']).toContain(queued.status);

    const job = await settled(queued.jobId);
    expect(job).toMatchObject({ status: 'done', done: 3_000, serials: { created: 3_000 } });
    const serials = (await liveSerials(product.entryId)).filter((serial) => !before.includes(serial));
    expect(serials).toHaveLength(3_000);
    expect(new Set(serials).size).toBe(3_000);
    for (const serial of serials) expect(serial).toMatch(/^R[23456789ABCDEFGHJKMNPQRSTWXYZ]{9}$/);

    // The job's read tells the gateway that the entry's serials changed; the list shows the job.
    expect((await getJob(acme, job.jobId)).headers[RESOLVER_INVALIDATE_HEADER]).toMatch(/^\/01\/\d{14}$/);
    const list = await call(t.app, acme, { method: 'GET', url: `/api/product/codes/jobs?productId=${product.productId}&page=1&size=10` });
    expect(list.json()).toMatchObject({ result: [{ jobId: job.jobId, status: 'done' }, { status: 'done' }], pageInfo: { total: 2 } });
  });

  it('answers 404 for another company and 403 to a sub-admin without product write access', async () => {
    expect((await generate(nordic, { mode: 'sequential', productId: plain.productId, count: 5 })).statusCode).toBe(404);
    expect((await generate(sub, { mode: 'sequential', productId: plain.productId, count: 5 })).statusCode).toBe(403);
    const readOnly = await createProduct('Trail Gear');
    const before = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await generate(sub, { mode: 'sequential', productId: readOnly.productId, count: 5 })).statusCode).toBe(403);
      // Reading is enough to export.
      await run(await generate(acme, { mode: 'sequential', productId: readOnly.productId, count: 2 }));
      const exported = await exportCodes(sub, { productId: readOnly.productId, format: 'csv' });
      expect(exported.statusCode).toBe(202);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], before.product ?? { r: false, w: false });
    }
  });
});

describe('POST /api/product/codes/exports', () => {
  let serialised: TestProduct;
  let generationId: string;
  let generated: string[];

  beforeAll(async () => {
    serialised = await createProduct('Camping');
    const job = await run(await generate(acme, { mode: 'sequential', productId: serialised.productId, count: 7, prefix: 'A/', start: 1 }));
    generationId = job.jobId;
    generated = await liveSerials(serialised.entryId);
    // Serials that a spreadsheet would run as formulas, or that hold a file name's forbidden characters.
    await run(await generate(acme, { mode: 'sequential', productId: serialised.productId, count: 1, prefix: '=SUM', start: 1 }));
  }, 60_000);

  it('refuses layouts that do not fit the paper, a layout for another format and unknown sizes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: serialised.productId, format: 'pdf', layout: { columns: 4, labelWidthMm: 63.5 } }, 'layout.columns'],
      [{ productId: serialised.productId, format: 'pdf', layout: { rows: 8, labelHeightMm: 38.1 } }, 'layout.rows'],
      [{ productId: serialised.productId, format: 'pdf', layout: { labelWidthMm: 5 } }, 'layout.labelWidthMm'],
      [{ productId: serialised.productId, format: 'csv', layout: {} }, 'layout'],
      [{ productId: serialised.productId, format: 'png-zip', size: 300 }, 'size'],
      [{ productId: serialised.productId, format: 'pdf', lot: 'HAS SPACE' }, 'lot'],
      [{ productId: serialised.productId, format: 'pdf', expiry: '2027-02-30' }, 'expiry'],
      [{ productId: serialised.productId, format: 'csv', selection: { kind: 'serials', qualifierIds: [] } }, 'selection.qualifierIds'],
      [{ productId: serialised.productId, format: 'csv', selection: { kind: 'generation', jobId: '00000000-0000-4000-8000-000000000000' } }, 'selection.jobId'],
    ];
    for (const [body, path] of cases) {
      const response = await exportCodes(acme, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldPaths(response), JSON.stringify(body)).toContain(path);
    }
  });

  it("writes a CSV of a generation's serials with their Digital Links, formula-like cells neutralised", async () => {
    const job = await run(await exportCodes(acme, { productId: serialised.productId, format: 'csv', selection: { kind: 'generation', jobId: generationId } }));
    expect(job).toMatchObject({ status: 'done', total: 7, done: 7, file: { contentType: 'text/csv; charset=utf-8' } });
    const file = await download(acme, job.jobId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="codes-\d{14}-csv-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('serial,digitalLink,lot,expiry');
    expect(lines.slice(1)).toEqual(generated.map((serial) => `${serial},${linkOf(serialised, serial)},,`));

    const all = await run(await exportCodes(acme, { productId: serialised.productId, format: 'csv' }));
    const body = (await download(acme, all.jobId)).body;
    expect(body).toContain(`'=SUM1,${linkOf(serialised, '=SUM1')},,`);
  });

  it('zips one SVG per serial, named by the serial, and every one decodes to its Digital Link', async () => {
    const job = await run(await exportCodes(acme, { productId: serialised.productId, format: 'svg-zip', selection: { kind: 'generation', jobId: generationId } }));
    const file = await download(acme, job.jobId);
    expect(file.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(file.rawPayload));
    const [first] = await t.app.db.select({ id: qualifiers.id }).from(qualifiers).where(eq(qualifiers.value, 'A/1'));
    expect(Object.keys(files)).toContain(`A_1~${first.id}.svg`);
    expect(Object.keys(files)).toHaveLength(7);
    const decoded = await Promise.all(Object.values(files).map(async (svg) => (await decodeImage(Buffer.from(svg))).text));
    expect(decoded.sort()).toEqual(generated.map((serial) => linkOf(serialised, serial)).sort());
  });

  it('zips PNGs of the chosen size for a selection, framed with the call to action, and every one decodes', async () => {
    const framed = await createProduct('Camping', { customDesign: { frame: 'cta', frameLanguage: 'ja', quietZone: 6, foreground: '#1d3557', logoType: 'text', logoText: 'ACME' } });
    await run(await generate(acme, { mode: 'random', productId: framed.productId, count: 5, alphabet: 'upperNumeric', length: 10 }));
    const rows = await t.app.db.select({ id: qualifiers.id, value: qualifiers.value }).from(qualifiers).where(eq(qualifiers.entryId, framed.entryId));
    const chosen = rows.slice(0, 3);
    const job = await run(
      await exportCodes(acme, { productId: framed.productId, format: 'png-zip', size: 256, selection: { kind: 'serials', qualifierIds: chosen.map((row) => row.id) } }),
    );
    expect(job).toMatchObject({ status: 'done', total: 3, done: 3 });
    const files = unzipSync(new Uint8Array((await download(acme, job.jobId)).rawPayload));
    expect(Object.keys(files).sort()).toEqual(chosen.map((row) => `${row.value}.png`).sort());
    for (const row of chosen) {
      const image = await decodeImage(Buffer.from(files[`${row.value}.png`]));
      expect(image.text).toBe(linkOf(framed, row.value));
      // The frame's band makes the code taller than wide.
      expect(image.width).toBe(256);
      expect(image.height).toBeGreaterThan(256);
    }
  });

  it('prints label sheets in the chosen grid, each label a decodable code with GTIN, lot, expiry and serial', async () => {
    const layout = { paper: 'A4', labelWidthMm: 90, labelHeightMm: 50, columns: 2, rows: 3, marginTopMm: 10, marginLeftMm: 10, gapXMm: 5, gapYMm: 5 } as const;
    const job = await run(
      await exportCodes(acme, {
        productId: serialised.productId,
        format: 'pdf',
        selection: { kind: 'generation', jobId: generationId },
        lot: 'L2026-05',
        expiry: '2027-05-31',
        layout,
      }),
    );
    expect(job).toMatchObject({ status: 'done', total: 7, file: { contentType: 'application/pdf' } });
    const pdf = (await download(acme, job.jobId)).rawPayload;
    const scale = 4;
    const mm = (value: number) => (value * 72 * scale) / 25.4;
    const found: string[] = [];
    const texts: string[] = [];
    let pages = 0;
    for await (const page of pdfPages(pdf, scale)) {
      pages += 1;
      texts.push(...page.text);
      for (let slot = 0; slot < layout.rows * layout.columns; slot += 1) {
        const column = slot % layout.columns;
        const row = Math.floor(slot / layout.columns);
        const x = mm(layout.marginLeftMm + column * (layout.labelWidthMm + layout.gapXMm));
        const y = mm(layout.marginTopMm + row * (layout.labelHeightMm + layout.gapYMm));
        // The code sits on the label's left half.
        const decoded = decodeRaster(crop(page, x, y, mm(layout.labelWidthMm) * 0.6, mm(layout.labelHeightMm)));
        if (decoded) found.push(decoded.text);
      }
    }
    expect(pages).toBe(2);
    expect(found.sort()).toEqual(generated.map((serial) => linkOf(serialised, serial)).sort());
    expect(texts).toContain(`(01) ${serialised.gtin}`);
    expect(texts).toContain('(10) L2026-05');
    expect(texts).toContain('(17) 270531');
    for (const serial of generated) expect(texts).toContain(`(21) ${serial}`);
  });

  it('lets only readers of the product download, never through the public files route, and fails an empty selection', async () => {
    const job = await run(await exportCodes(acme, { productId: serialised.productId, format: 'csv' }));
    expect((await download(nordic, job.jobId)).statusCode).toBe(404);
    expect((await getJob(nordic, job.jobId)).statusCode).toBe(404);
    expect((await download(sub, job.jobId)).statusCode).toBe(403);
    const [row] = await t.app.db.select({ companyId: qualifiers.companyId }).from(qualifiers).where(eq(qualifiers.entryId, serialised.entryId)).limit(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/codes/${row.companyId}/${job.jobId}.csv` })).statusCode).toBe(404);

    const generation = await getJob(acme, generationId);
    expect((await download(acme, (generation.json() as { result: CodeJob }).result.jobId)).statusCode).toBe(404);

    const empty = await run(await exportCodes(acme, { productId: plain.productId, format: 'pdf' }));
    expect(empty).toMatchObject({ status: 'failed', error: expect.stringMatching(/no serials to export/), file: null });
  });
});

describe('codes of a batch', () => {
  let lotted: TestProduct;
  let batchId: number;

  beforeAll(async () => {
    lotted = await createProduct('Camping');
    const created = await post(acme, '/api/entry/batches/', { productId: lotted.productId, lot: 'LOT7/B', productionDate: '2026-10-01', expiryDate: '2028-02-29' });
    expect(created.statusCode, created.body).toBe(201);
    batchId = (created.json() as { result: { batchId: number } }).result.batchId;
  });

  it("refuses another product's batch for a generation and for an export, with field errors", async () => {
    const other = await generate(acme, { mode: 'sequential', productId: plain.productId, batchId, count: 2 });
    expect(other.statusCode).toBe(400);
    expect(fieldPaths(other)).toEqual(['batchId']);
    const exported = await exportCodes(acme, { productId: plain.productId, format: 'csv', selection: { kind: 'batch', batchId } });
    expect(exported.statusCode).toBe(400);
    expect(fieldPaths(exported)).toEqual(['selection.batchId']);
    expect((await generate(nordic, { mode: 'sequential', productId: lotted.productId, batchId, count: 2 })).statusCode).toBe(404);
  });

  it("makes serials of the batch, whose codes carry the lot and whose labels print the batch's lot and expiry", async () => {
    const job = await run(await generate(acme, { mode: 'sequential', productId: lotted.productId, batchId, count: 4, prefix: 'B-', padding: 3 }));
    expect(job).toMatchObject({ status: 'done', serials: { created: 4, first: 'B-001', last: 'B-004' } });
    // One serial of the product outside the batch: the batch's export leaves it out.
    await run(await generate(acme, { mode: 'sequential', productId: lotted.productId, count: 1, prefix: 'X-' }));
    const rows = await t.app.db.select({ value: qualifiers.value, batchId: qualifiers.batchId }).from(qualifiers).where(eq(qualifiers.entryId, lotted.entryId));
    expect(rows.filter((row) => row.batchId === batchId).map((row) => row.value).sort()).toEqual(['B-001', 'B-002', 'B-003', 'B-004']);
    expect(rows.find((row) => row.value === 'X-1')?.batchId).toBeNull();

    const batchLink = (serial: string) => `${lotted.digitalLink}/10/LOT7%2FB${qualifierPathOf(SERIAL_AI, serial)}`;
    const csv = await run(await exportCodes(acme, { productId: lotted.productId, format: 'csv', selection: { kind: 'batch', batchId } }));
    expect(csv).toMatchObject({ status: 'done', total: 4 });
    const lines = (await download(acme, csv.jobId)).body.trim().split('\r\n');
    expect(lines.slice(1)).toEqual(['B-001', 'B-002', 'B-003', 'B-004'].map((serial) => `${serial},${batchLink(serial)},LOT7/B,2028-02-29`));

    const layout = { paper: 'A4', labelWidthMm: 90, labelHeightMm: 50, columns: 2, rows: 2, marginTopMm: 10, marginLeftMm: 10, gapXMm: 5, gapYMm: 5 } as const;
    const pdf = await run(await exportCodes(acme, { productId: lotted.productId, format: 'pdf', selection: { kind: 'batch', batchId }, layout }));
    const scale = 4;
    const mm = (value: number) => (value * 72 * scale) / 25.4;
    const found: string[] = [];
    const texts: string[] = [];
    for await (const page of pdfPages((await download(acme, pdf.jobId)).rawPayload, scale)) {
      texts.push(...page.text);
      for (let slot = 0; slot < 4; slot += 1) {
        const x = mm(layout.marginLeftMm + (slot % 2) * (layout.labelWidthMm + layout.gapXMm));
        const y = mm(layout.marginTopMm + Math.floor(slot / 2) * (layout.labelHeightMm + layout.gapYMm));
        const decoded = decodeRaster(crop(page, x, y, mm(layout.labelWidthMm) * 0.6, mm(layout.labelHeightMm)));
        if (decoded) found.push(decoded.text);
      }
    }
    expect(found.sort()).toEqual(['B-001', 'B-002', 'B-003', 'B-004'].map(batchLink));
    expect(texts).toContain('(10) LOT7/B');
    expect(texts).toContain('(17) 280229');
  });
});
