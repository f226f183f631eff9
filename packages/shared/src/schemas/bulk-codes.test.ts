import { describe, expect, it } from 'vitest';
import {
  RANDOM_SERIAL_MIN_BITS,
  SERIAL_ALPHABETS,
  codeExportBodySchema,
  labelLayoutSchema,
  minimumRandomLength,
  randomSerialBits,
  sequentialSerial,
  serialGenerationBodySchema,
} from './bulk-codes.js';
import { CSET_82 } from './qualifier.js';
import { qrContentSchema } from './product-detail.js';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('serial generation body', () => {
  it('fills a sequential run from 1 without padding, and spells its serials', () => {
    expect(serialGenerationBodySchema.parse({ mode: 'sequential', productId: 3, count: 10 })).toEqual({ mode: 'sequential', productId: 3, count: 10, prefix: '', start: 1, padding: 0 });
    expect(sequentialSerial('SN-', 42, 6)).toBe('SN-000042');
    expect(sequentialSerial('', 1234567, 3)).toBe('1234567');
  });

  it('keeps prefix and number within the 20 characters of AI 21', () => {
    expect(serialGenerationBodySchema.safeParse({ mode: 'sequential', productId: 3, count: 10, prefix: 'ABCDEFGHIJKLMNOP', padding: 4 }).success).toBe(true);
    expect(paths(serialGenerationBodySchema.safeParse({ mode: 'sequential', productId: 3, count: 10, prefix: 'ABCDEFGHIJKLMNOP', padding: 5 }))).toEqual(['padding']);
    // The last number decides the width: 999 999 999 + 10 has 10 digits.
    expect(serialGenerationBodySchema.safeParse({ mode: 'sequential', productId: 3, count: 1, prefix: 'ABCDEFGHIJK', start: 999_999_999 }).success).toBe(true);
    expect(paths(serialGenerationBodySchema.safeParse({ mode: 'sequential', productId: 3, count: 10, prefix: 'ABCDEFGHIJK', start: 999_999_999 }))).toEqual(['padding']);
    expect(paths(serialGenerationBodySchema.safeParse({ mode: 'sequential', productId: 3, count: 10, start: 2_000_000_001 }))).toEqual(['start']);
  });

  it('asks random serials for at least 40 bits, and every alphabet is of GS1 CSET 82', () => {
    for (const [name, alphabet] of Object.entries(SERIAL_ALPHABETS)) {
      expect(CSET_82.test(alphabet), name).toBe(true);
      expect(new Set(alphabet).size, name).toBe(alphabet.length);
      const shortest = minimumRandomLength(name as keyof typeof SERIAL_ALPHABETS);
      expect(randomSerialBits(name as keyof typeof SERIAL_ALPHABETS, shortest)).toBeGreaterThanOrEqual(RANDOM_SERIAL_MIN_BITS);
      expect(randomSerialBits(name as keyof typeof SERIAL_ALPHABETS, shortest - 1)).toBeLessThan(RANDOM_SERIAL_MIN_BITS);
    }
    expect(minimumRandomLength('numeric')).toBe(13);
    expect(serialGenerationBodySchema.safeParse({ mode: 'random', productId: 3, count: 5, alphabet: 'numeric', length: 13 }).success).toBe(true);
    expect(paths(serialGenerationBodySchema.safeParse({ mode: 'random', productId: 3, count: 5, alphabet: 'numeric', length: 12 }))).toEqual(['length']);
    expect(paths(serialGenerationBodySchema.safeParse({ mode: 'random', productId: 3, count: 100_001, length: 12 }))).toEqual(['count']);
  });
});

describe('code export body', () => {
  it('defaults to every serial and to 3 × 7 labels of 63.5 × 38.1 mm on A4, which fit', () => {
    expect(codeExportBodySchema.parse({ productId: 1, format: 'pdf' })).toMatchObject({ selection: { kind: 'all' }, size: 512 });
    expect(labelLayoutSchema.parse({})).toMatchObject({ paper: 'A4', columns: 3, rows: 7, labelWidthMm: 63.5, labelHeightMm: 38.1 });
  });

  it('refuses a grid wider or taller than its paper, naming columns or rows', () => {
    expect(paths(labelLayoutSchema.safeParse({ paper: 'Letter', columns: 3, rows: 6, labelWidthMm: 70, marginLeftMm: 5, gapXMm: 3 }))).toEqual(['columns']);
    expect(paths(labelLayoutSchema.safeParse({ rows: 10, labelHeightMm: 30 }))).toEqual(['rows']);
  });

  it('takes a lot of AI 10 syntax and a real expiry day', () => {
    expect(codeExportBodySchema.safeParse({ productId: 1, format: 'pdf', lot: 'L-2026/05', expiry: '2027-05-31' }).success).toBe(true);
    expect(paths(codeExportBodySchema.safeParse({ productId: 1, format: 'pdf', lot: 'L 1', expiry: '2027-02-30' })).sort()).toEqual(['expiry', 'lot']);
  });
});

describe('QR design', () => {
  it('has no frame and a 4-module quiet zone unless asked, and refuses a narrower quiet zone', () => {
    expect(qrContentSchema.parse({}).customDesign).toMatchObject({ frame: 'none', frameLanguage: 'en', quietZone: 4 });
    expect(qrContentSchema.parse({ customDesign: { frame: 'cta', frameLanguage: 'zh', quietZone: 6 } }).customDesign).toMatchObject({ frame: 'cta', frameLanguage: 'zh', quietZone: 6 });
    expect(paths(qrContentSchema.safeParse({ customDesign: { quietZone: 3 } }))).toEqual(['customDesign.quietZone']);
  });
});
