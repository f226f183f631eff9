import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, count, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  SERIAL_AI,
  codeExportBodySchema,
  labelLayoutSchema,
  qualifierPathOf,
  type CodeExportBody,
  type CodeExportFormat,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../plugins/storage.js';
import { neutraliseCsvCell } from '../data/spreadsheet.js';
import { productDigitalLink } from '../links/digital-link.js';
import type { ProductRow } from '../products/tables.js';
import { createQrSymbol, qrPng, qrSvg, type QrDesign } from '../qr/render.js';
import { batches } from '../batches/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { CODE_FILE_FOLDER } from './service.js';
import { codeJobs, type CodeJobRow } from './tables.js';
import { createLabelSheet, labelLines } from './label-sheet.js';

/** Serials read per query (keyset paging by id): memory stays the same whatever the count. */
const PAGE = 1_000;

/** An export that cannot be made as asked: the job fails with this message. */
export class ExportRefused extends Error {}

const EXTENSIONS: Record<CodeExportFormat, string> = { pdf: 'pdf', 'svg-zip': 'zip', 'png-zip': 'zip', csv: 'csv' };
const CONTENT_TYPES: Record<CodeExportFormat, string> = {
  pdf: 'application/pdf',
  'svg-zip': 'application/zip',
  'png-zip': 'application/zip',
  csv: 'text/csv; charset=utf-8',
};

/** A file name part that any system keeps: serials may hold `/`, `"`, `*`… */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * A ZIP entry's name for a serial: the serial itself, or when it holds characters a file name
 * cannot, those replaced and `~{id}` added (`~` is outside GS1 CSET 82, so no other serial's
 * name can be the same).
 */
export function codeFileName(serial: string, qualifierId: number, extension: string): string {
  const safe = safeName(serial);
  return `${safe === serial ? safe : `${safe}~${qualifierId}`}.${extension}`;
}

/** What a serial's batch prints on its label and puts in its Digital Link. */
interface BatchMark {
  lot: string;
  /** `/10/{lot}`, percent-encoded. */
  path: string;
  expiry: string | null;
  bestBefore: string | null;
}

interface Code {
  id: number;
  serial: string;
  link: string;
  batch: BatchMark | null;
}

interface CodeWriter {
  add(code: Code): Promise<void>;
  finish(): Promise<void>;
}

/** Waits for the file when it has asked the writer to (back-pressure). */
async function drained(output: WriteStream): Promise<void> {
  if (output.writableNeedDrain) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
}

/** Resolves when the file is complete on disk. */
const closed = (output: WriteStream) =>
  new Promise<void>((resolve, reject) => {
    output.once('close', resolve).once('error', reject);
  });

const csvCell = (value: string) => {
  const cell = neutraliseCsvCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

function csvWriter(output: WriteStream): CodeWriter {
  const done = closed(output);
  output.write('serial,digitalLink,lot,expiry\r\n');
  return {
    async add(code) {
      output.write(`${csvCell(code.serial)},${csvCell(code.link)},${csvCell(code.batch?.lot ?? '')},${code.batch?.expiry ?? code.batch?.bestBefore ?? ''}\r\n`);
      await drained(output);
    },
    async finish() {
      output.end();
      await done;
    },
  };
}

/** A ZIP of one SVG or PNG per serial, named by the serial (the CSV export lists serials and Digital Links). */
function zipWriter(output: WriteStream, format: 'svg' | 'png', render: (code: Code) => Promise<Buffer>): CodeWriter {
  let failure: Error | null = null;
  const done = closed(output);
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else output.write(data);
    if (final || error) output.end();
  });
  return {
    async add(code) {
      if (failure) throw failure;
      const name = codeFileName(code.serial, code.id, format);
      const data = await render(code);
      // PNG is compressed already; SVG text shrinks to about a fifth.
      const entry = format === 'png' ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(data, true);
      await drained(output);
    },
    async finish() {
      zip.end();
      await done;
      if (failure) throw failure;
    },
  };
}

/**
 * The live serials of the entry the selection names, in pages, oldest first, each with its batch:
 * a serial of a batch is `/10/{lot}/21/{serial}` under the product's Digital Link.
 */
async function* selectedCodes(db: Db, entryId: number, where: SQL | undefined, base: string): AsyncGenerator<Code[]> {
  const marks = new Map<number, BatchMark>();
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: qualifiers.id, value: qualifiers.value, batchId: qualifiers.batchId })
      .from(qualifiers)
      .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false), gt(qualifiers.id, after), where))
      .orderBy(asc(qualifiers.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    const unknown = [...new Set(rows.flatMap((row) => (row.batchId !== null && !marks.has(row.batchId) ? [row.batchId] : [])))];
    if (unknown.length > 0) {
      const found = await db
        .select({ id: batches.id, lot: batches.lot, path: batches.batchPath, expiry: batches.expiryDate, bestBefore: batches.bestBeforeDate })
        .from(batches)
        .where(inArray(batches.id, unknown));
      for (const { id, ...mark } of found) marks.set(id, mark);
    }
    yield rows.map((row) => {
      const batch = row.batchId === null ? null : (marks.get(row.batchId) ?? null);
      return { id: row.id, serial: row.value, batch, link: `${base}${batch?.path ?? ''}${qualifierPathOf(SERIAL_AI, row.value)}` };
    });
    after = rows[rows.length - 1].id;
  }
}

/** The condition the selection adds to "live serials of the entry". */
async function selectionFilter(db: Db, row: CodeJobRow, body: CodeExportBody): Promise<SQL | undefined> {
  const selection = body.selection;
  if (selection.kind === 'all') return undefined;
  if (selection.kind === 'serials') return inArray(qualifiers.id, selection.qualifierIds);
  if (selection.kind === 'batch') return eq(qualifiers.batchId, selection.batchId);
  const [generation] = await db.select({ result: codeJobs.result }).from(codeJobs).where(and(eq(codeJobs.id, selection.jobId), eq(codeJobs.productId, row.productId)));
  const range = generation?.result as { fromId?: number; toId?: number } | null | undefined;
  if (!range?.fromId || !range.toId) throw new ExportRefused('The generation named made no serials.');
  return and(gte(qualifiers.id, range.fromId), lte(qualifiers.id, range.toId));
}

export interface ExportContext {
  db: Db;
  storage: FileStorage;
  templateOrigin: string;
  /** Records how many codes are written so far (the console shows it). */
  progress(done: number, total: number): Promise<void>;
}

export interface ExportOutcome {
  fileKey: string;
  name: string;
  bytes: number;
  contentType: string;
  codes: number;
}

/**
 * Writes the export a job asks for to a temporary file, page by page of serials, then stores it
 * (`codes/{companyId}/{jobId}.{ext}`) and removes the temporary file.
 */
export async function runExport(context: ExportContext, row: CodeJobRow, product: ProductRow, design: QrDesign): Promise<ExportOutcome> {
  const { db } = context;
  const body = codeExportBodySchema.parse({ ...row.request, productId: row.productId });
  if (product.entryId === null || !product.gtin) throw new ExportRefused('This product has no GTIN, so it has no serial codes.');
  const base = await productDigitalLink(db, context.templateOrigin, { productId: product.id, companyId: row.companyId, userId: row.createdBy ?? undefined });
  if (!base) throw new ExportRefused('This product has no Digital Link.');

  const where = await selectionFilter(db, row, body);
  const [{ total }] = await db
    .select({ total: count() })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, product.entryId), eq(qualifiers.isDeleted, false), where));
  if (total === 0) throw new ExportRefused('There are no serials to export: none of those chosen is registered.');
  await context.progress(0, total);

  const folder = await mkdtemp(join(tmpdir(), 'codes-'));
  const extension = EXTENSIONS[body.format];
  const path = join(folder, `export.${extension}`);
  try {
    const output = createWriteStream(path);
    const writer = writerOf(body, output, product.gtin, design);
    let written = 0;
    for await (const page of selectedCodes(db, product.entryId, where, base)) {
      for (const code of page) await writer.add(code);
      written += page.length;
      await context.progress(written, total);
    }
    await writer.finish();
    const fileKey = `${CODE_FILE_FOLDER}${row.companyId}/${row.id}.${extension}`;
    await context.storage.putFile(fileKey, path, CONTENT_TYPES[body.format]);
    const { size } = await stat(path);
    const name = `codes-${safeName(product.gtin)}-${body.format}-${row.createdAt.toISOString().slice(0, 10)}.${extension}`;
    return { fileKey, name, bytes: size, contentType: CONTENT_TYPES[body.format], codes: written };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function writerOf(body: CodeExportBody, output: WriteStream, gtin: string, design: QrDesign): CodeWriter {
  const symbolOf = (code: Code) => createQrSymbol(code.link, design);
  switch (body.format) {
    case 'csv':
      return csvWriter(output);
    case 'svg-zip':
      return zipWriter(output, 'svg', async (code) => Buffer.from(qrSvg(symbolOf(code), 512)));
    case 'png-zip':
      return zipWriter(output, 'png', (code) => qrPng(symbolOf(code), body.size));
    case 'pdf': {
      const sheet = createLabelSheet(output, body.layout ?? labelLayoutSchema.parse({}), `Labels of ${gtin}`);
      return {
        add: (code) =>
          sheet.add({
            symbol: symbolOf(code),
            lines: code.batch
              ? labelLines(gtin, code.serial, { lot: code.batch.lot, expiry: code.batch.expiry ?? undefined, bestBefore: code.batch.bestBefore ?? undefined })
              : labelLines(gtin, code.serial, { lot: body.lot, expiry: body.expiry }),
          }),
        finish: () => sheet.finish(),
      };
    }
  }
}
