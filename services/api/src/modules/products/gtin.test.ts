import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gtin14, isValidGtin14 } from './gtin.js';

describe('GTIN-14', () => {
  it('computes the GS1 check digit of known codes', () => {
    // GS1's own example GTIN-14 and a widely used EAN-13 (as GTIN-14 with a leading 0).
    expect(gs1CheckDigit('1061414100001')).toBe(9);
    expect(isValidGtin14('10614141000019')).toBe(true);
    expect(isValidGtin14('10614141000018')).toBe(false);
    expect(isValidGtin14('00614141000012')).toBe(true);
    expect(isValidGtin14('04006381333931')).toBe(true);
  });

  it('builds valid codes from a company prefix and an item reference', () => {
    const gtin = gtin14(0, '0614141', 1);
    expect(gtin).toBe('00614141000012');
    expect(gtin14(0, '7350053', 42)).toMatch(/^0735005300042\d$/);
    expect(isValidGtin14(gtin14(0, '7350053', 42))).toBe(true);
  });
});
