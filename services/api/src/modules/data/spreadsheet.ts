import { PassThrough, Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { SERIAL_COLUMN_NAMES, SERIAL_IMPORT_MAX_ROWS, type ExportExtension } from '@product-console/shared';
import { validationFailed } from '../../errors.js';

/** Reading problems concern the `file` part as a whole. */
const fileProblem = (message: string) => validationFailed([{ path: 'file', message }]);

export const NOT_A_SPREADSHEET = 'The file is not a spreadsheet: send an .xlsx workbook or a .csv text file.';
export const UNREADABLE_WORKBOOK = 'The workbook could not be read. Save it again as .xlsx or .csv and retry.';
export const TOO_MANY_ROWS = `A file may hold at most ${SERIAL_IMPORT_MAX_ROWS.toLocaleString('en')} serials.`;

/** What a workbook may inflate to: far more than a full file of serials needs, far less than a zip bomb. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export type SheetKind = 'xlsx' | 'csv';

/**
 * What an upload is, by its bytes (never its name): an xlsx workbook (a zip), text read as CSV,
 * or null for anything else (images, PDFs, other binaries).
 */
export async function sheetKindOf(data: Buffer): Promise<SheetKind | null> {
  if (data.length === 0) return null;
  // A byte-order mark says text before any magic-number guess (FF FE also starts an MPEG frame).
  if (hasTextBom(data)) return 'csv';
  const type = await fileTypeFromBuffer(data);
  if (type) return type.ext === 'xlsx' || type.ext === 'zip' ? 'xlsx' : null;
  return decodeText(data) === null ? null : 'csv';
}

const hasTextBom = (data: Buffer) =>
  (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf);

/** The text of a CSV upload (UTF-8, or UTF-16 with a byte-order mark), or null when it is binary. */
function decodeText(data: Buffer): string | null {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  // Text has no control bytes besides tab, line feed, carriage return (and form feed, escape in odd exports).
  for (const byte of data) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return null;
  }
  return new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
}

/**
 * Inflates every member of a zip within a byte budget before exceljs sees it, so that a small
 * upload cannot expand into gigabytes. Declared sizes are not trusted: members are inflated.
 */
export function assertZipWithinBudget(data: Buffer): void {
  const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > data.length) throw fileProblem(UNREADABLE_WORKBOOK);
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let budget = MAX_INFLATED_BYTES;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw fileProblem(UNREADABLE_WORKBOOK);
    const method = data.readUInt16LE(offset + 10);
    const compressedSize = data.readUInt32LE(offset + 20);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const local = data.readUInt32LE(offset + 42);
    offset += 46 + nameLength + extraLength + commentLength;

    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) throw fileProblem(UNREADABLE_WORKBOOK);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const member = data.subarray(start, start + compressedSize);
    if (method === 0) budget -= member.length;
    else if (method === 8) {
      try {
        budget -= inflateRawSync(member, { maxOutputLength: Math.max(budget, 1) }).length;
      } catch {
        throw fileProblem(UNREADABLE_WORKBOOK);
      }
    } else throw fileProblem(UNREADABLE_WORKBOOK);
    if (budget < 0) throw fileProblem(UNREADABLE_WORKBOOK);
  }
}

/** The CSV separator of a file: the one of comma, semicolon and tab its first line holds most of. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((separator) => [separator, firstLine.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

async function loadWorksheet(data: Buffer, kind: SheetKind): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  if (kind === 'xlsx') {
    assertZipWithinBudget(data);
    try {
      await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
    } catch {
      throw fileProblem(UNREADABLE_WORKBOOK);
    }
    const [sheet] = workbook.worksheets;
    if (!sheet) throw fileProblem('The workbook has no sheet.');
    return sheet;
  }

  const text = decodeText(data)!;
  // A serial never spans lines, so counting lines bounds the rows before they are parsed.
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length;
  if (lines > SERIAL_IMPORT_MAX_ROWS + 1) throw fileProblem(TOO_MANY_ROWS);
  try {
    // Keep every value as typed: no number or date conversion, so 000123 stays 000123.
    return await workbook.csv.read(Readable.from([text]), { map: (value: string) => value, parserOptions: { delimiter: separatorOf(text) } });
  } catch {
    throw fileProblem(UNREADABLE_WORKBOOK);
  }
}

/** The text a cell shows: numbers with a zero-padding format keep their leading zeros. */
function cellText(cell: ExcelJS.Cell): string {
  const { value } = cell;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && /^0+$/.test(cell.numFmt ?? '')) return String(value).padStart(cell.numFmt.length, '0');
  if (value instanceof Date) return value.toISOString();
  return cell.text ?? '';
}

/*
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, tab or
 * carriage return as a formula, and serials may start with `=`, `+` or `-`. Exported CSV cells
 * that start so get a leading `'`, which spreadsheets read as "this is text". A cell that already
 * starts with `'` gets one too, so that importing the file takes exactly one off and every serial
 * comes back as it was. (xlsx needs none of this: its cells are written as text.)
 */
const FORMULA_OR_QUOTE_START = /^[=+\-@\t\r']/;
const NEUTRALISED = /^'[=+\-@\t\r']/;

/** A CSV file (RFC 4180, by exceljs) with cells that start like a formula neutralised. */
export async function csvOf(columns: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('export');
  sheet.addRow(columns);
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === null ? '' : typeof cell === 'number' ? cell : neutraliseCsvCell(cell))));
  return Buffer.from(await workbook.csv.writeBuffer());
}

/** A CSV cell as exported: text a spreadsheet will not run as a formula. */
export function neutraliseCsvCell(value: string): string {
  return FORMULA_OR_QUOTE_START.test(value) ? `'${value}` : value;
}

/** The value of a CSV cell that `neutraliseCsvCell` wrote (other cells are left as they are). */
export function restoreCsvCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const SERIAL_COLUMNS = new Set(SERIAL_COLUMN_NAMES.map(normalise));

/** One data row of a sheet: its number as the sheet shows it and its serial cell, trimmed. */
export interface SheetSerial {
  row: number;
  value: string;
}

/**
 * The serial column of the first sheet, below its header row. The column is the one headed
 * `serial` (or `serial number`, `serialNumber`, `qualifier`), else the first; wholly blank rows are skipped.
 * With `headerOptional` (lists of serials, one per line), a sheet without such a heading has no
 * header row: a workbook's first column is read from its first row, and a text file line by line,
 * whole (a serial may hold `,` or `;`, so a list without a heading is never split into columns).
 */
export async function readSerialColumn(data: Buffer, options: { headerOptional?: boolean } = {}): Promise<SheetSerial[]> {
  const kind = await sheetKindOf(data);
  if (!kind) throw fileProblem(NOT_A_SPREADSHEET);
  if (options.headerOptional && kind === 'csv') {
    const text = decodeText(data)!;
    if (!hasSerialHeading(text)) return serialLines(text);
  }
  const sheet = await loadWorksheet(data, kind);
  if (sheet.actualRowCount > SERIAL_IMPORT_MAX_ROWS + 1) throw fileProblem(TOO_MANY_ROWS);

  const header = sheet.getRow(1);
  let column = 1;
  let headed = false;
  for (let index = 1; index <= header.cellCount; index += 1) {
    if (SERIAL_COLUMNS.has(normalise(cellText(header.getCell(index)).trim()))) {
      column = index;
      headed = true;
      break;
    }
  }
  const firstDataRow = options.headerOptional && !headed ? 1 : 2;

  const valueOf = (cell: ExcelJS.Cell) => {
    const value = cellText(cell).trim();
    return kind === 'csv' ? restoreCsvCell(value) : value;
  };
  const serials: SheetSerial[] = [];
  for (let number = firstDataRow; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    if (!row.hasValues) continue;
    let blank = true;
    row.eachCell((cell) => {
      if (cellText(cell).trim() !== '') blank = false;
    });
    if (blank) continue;
    serials.push({ row: number, value: valueOf(row.getCell(column)) });
  }
  if (serials.length === 0) throw fileProblem(options.headerOptional ? 'The file has no serials.' : 'The file has no serials below its header row.');
  return serials;
}

/** Whether the first non-blank line of a text file names the serial column (cells quoted or not). */
function hasSerialHeading(text: string): boolean {
  const first = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  return first.split(separatorOf(first)).some((cell) => SERIAL_COLUMNS.has(normalise(cell.trim().replace(/^"(.*)"$/, '$1').trim())));
}

/** A list of serials as plain text: each non-blank line, trimmed, numbered as an editor shows it. */
function serialLines(text: string): SheetSerial[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.filter((line) => line.trim() !== '').length > SERIAL_IMPORT_MAX_ROWS) throw fileProblem(TOO_MANY_ROWS);
  const serials = lines.flatMap((line, index) => (line.trim() === '' ? [] : [{ row: index + 1, value: line.trim() }]));
  if (serials.length === 0) throw fileProblem('The file has no serials.');
  return serials;
}

export const SHEET_CONTENT_TYPES: Record<ExportExtension, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** One exported row. */
export interface SerialRow {
  serial: string;
  qualifierPath: string;
  /** The lifecycle status: active, deactivated or blacklisted. */
  status: string;
}

const COLUMNS = [
  { header: 'serial', key: 'serial', width: 24 },
  { header: 'qualifierPath', key: 'qualifierPath', width: 32 },
  { header: 'status', key: 'status', width: 14 },
];

/**
 * Writes serials with the header `serial`, `qualifierPath`, `status`. xlsx is streamed batch by batch
 * (every value a text cell); csv is built in memory (serials are short), formula-like cells
 * neutralised (`neutraliseCsvCell`).
 */
export function writeSerialSheet(ext: ExportExtension, batches: AsyncIterable<SerialRow[]>, onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const write = async () => {
    if (ext === 'xlsx') {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: false });
      const sheet = workbook.addWorksheet('serials');
      sheet.columns = COLUMNS;
      for await (const batch of batches) for (const row of batch) sheet.addRow(row).commit();
      sheet.commit();
      await workbook.commit();
      return;
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('serials');
    sheet.columns = COLUMNS;
    for await (const batch of batches) {
      sheet.addRows(batch.map((row) => ({ serial: neutraliseCsvCell(row.serial), qualifierPath: neutraliseCsvCell(row.qualifierPath), status: row.status })));
    }
    output.end(Buffer.from(await workbook.csv.writeBuffer()));
  };
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/** One data row of a sheet by column name: its number as the sheet shows it and its cells, trimmed. */
export interface SheetRecord {
  row: number;
  values: Record<string, string>;
}

/**
 * The named columns of the first sheet (xlsx or CSV, recognised by content), below its header row:
 * headers are matched to `columns` ignoring case, spaces, `_` and `-`; a missing column reads as
 * ''; wholly blank rows are skipped. At most SERIAL_IMPORT_MAX_ROWS rows. Answers the rows and which
 * of `columns` the header has.
 */
export async function readSheetRecords(data: Buffer, columns: readonly string[]): Promise<{ rows: SheetRecord[]; present: Set<string> }> {
  const kind = await sheetKindOf(data);
  if (!kind) throw fileProblem(NOT_A_SPREADSHEET);
  const sheet = await loadWorksheet(data, kind);
  if (sheet.actualRowCount > SERIAL_IMPORT_MAX_ROWS + 1) throw fileProblem(TOO_MANY_ROWS);

  const wanted = new Map(columns.map((name) => [normalise(name), name]));
  const header = sheet.getRow(1);
  const positions = new Map<string, number>();
  for (let index = 1; index <= header.cellCount; index += 1) {
    const name = wanted.get(normalise(cellText(header.getCell(index)).trim()));
    if (name && !positions.has(name)) positions.set(name, index);
  }

  const rows: SheetRecord[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    if (!row.hasValues) continue;
    let blank = true;
    row.eachCell((cell) => {
      if (cellText(cell).trim() !== '') blank = false;
    });
    if (blank) continue;
    const values: Record<string, string> = {};
    for (const name of columns) {
      const position = positions.get(name);
      const value = position === undefined ? '' : cellText(row.getCell(position)).trim();
      values[name] = kind === 'csv' ? restoreCsvCell(value) : value;
    }
    rows.push({ row: number, values });
  }
  if (rows.length === 0) throw fileProblem('The file has no rows below its header row.');
  return { rows, present: new Set(positions.keys()) };
}
