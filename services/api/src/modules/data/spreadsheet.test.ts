import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { png } from '../../test/multipart.js';
import { assertZipWithinBudget, neutraliseCsvCell, readSerialColumn, restoreCsvCell, sheetKindOf, UNREADABLE_WORKBOOK } from './spreadsheet.js';

/** A one-member zip whose member is deflated, with the sizes it declares (a zip bomb lies about them). */
function zipOf(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(30 + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

async function xlsxOf(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Sheet1'));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('recognising a spreadsheet by its bytes', () => {
  it('tells xlsx workbooks and CSV text from anything else', async () => {
    expect(await sheetKindOf(await xlsxOf((sheet) => sheet.addRow(['serial'])))).toBe('xlsx');
    expect(await sheetKindOf(Buffer.from('serial\nA1\n'))).toBe('csv');
    expect(await sheetKindOf(utf16('serial\tA1\r\n'))).toBe('csv');
    expect(await sheetKindOf(await png())).toBeNull();
    expect(await sheetKindOf(Buffer.from([0x00, 0x01, 0x02, 0x41]))).toBeNull();
    expect(await sheetKindOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('zip members are inflated within a budget before the workbook is read', () => {
  it('lets an ordinary member through', () => {
    expect(() => assertZipWithinBudget(zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(1024 * 1024, 0x20)))).not.toThrow();
  });

  it('refuses a member that inflates past the budget, even when it declares a small size', () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024, 0x20), 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let thrown: unknown;
    try {
      assertZipWithinBudget(bomb);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).details).toEqual([{ path: 'file', message: UNREADABLE_WORKBOOK }]);
  });
});

describe('reading the serial column', () => {
  it('keeps the leading zeros a zero-padded number format shows and finds a column headed "qualifier"', async () => {
    const file = await xlsxOf((sheet) => {
      sheet.addRow(['note', 'Qualifier']);
      sheet.addRow(['a', 123]);
      sheet.getCell('B2').numFmt = '000000';
      sheet.addRow(['b', 'S-2']);
    });
    expect(await readSerialColumn(file)).toEqual([
      { row: 2, value: '000123' },
      { row: 3, value: 'S-2' },
    ]);
  });

  it('reads tab-separated UTF-16 text and falls back to the first column without a serial header', async () => {
    expect(await readSerialColumn(utf16('code\tnote\r\nT-1\tx\r\nT-2\ty\r\n'))).toEqual([
      { row: 2, value: 'T-1' },
      { row: 3, value: 'T-2' },
    ]);
  });
});

describe('CSV cells a spreadsheet would run as a formula', () => {
  it('start with a quote on export, which the import of a CSV takes off again', async () => {
    const values = ['=1+2', '+SUM(A1)', '-2', '@cmd', '\tX', '\rX', "'=quoted", "'plain", 'A-1', '/21/%3D1'];
    const exported = values.map(neutraliseCsvCell);
    expect(exported).toEqual(["'=1+2", "'+SUM(A1)", "'-2", "'@cmd", "'\tX", "'\rX", "''=quoted", "''plain", 'A-1', '/21/%3D1']);
    expect(exported.map(restoreCsvCell)).toEqual(values);

    const csv = ['serial', "'=1+2", "''plain", 'A-1'].join('\n');
    expect((await readSerialColumn(Buffer.from(csv))).map((serial) => serial.value)).toEqual(['=1+2', "'plain", 'A-1']);
  });

  it('keeps a quote in an xlsx cell, which is text already', async () => {
    const file = await xlsxOf((sheet) => [['serial'], ["'=1+2"]].forEach((row) => sheet.addRow(row)));
    expect((await readSerialColumn(file)).map((serial) => serial.value)).toEqual(["'=1+2"]);
  });
});
