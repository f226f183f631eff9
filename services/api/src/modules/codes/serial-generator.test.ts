import { describe, expect, it } from 'vitest';
import { SERIAL_ALPHABETS } from '@product-console/shared';
import { randomSerials, sequentialSerials } from './serial-generator.js';

describe('serial generator', () => {
  it('counts a sequential run up from its start, padded', () => {
    expect([...sequentialSerials({ mode: 'sequential', productId: 1, count: 3, prefix: 'B7-', start: 998, padding: 4 })]).toEqual(['B7-0998', 'B7-0999', 'B7-1000']);
  });

  it('draws random serials of the prefix, length and alphabet, every character about as often as another', () => {
    const serials = randomSerials('unambiguous', 10, 'X', 20_000);
    expect(serials).toHaveLength(20_000);
    const seen = new Map<string, number>();
    for (const serial of serials) {
      expect(serial).toMatch(/^X[23456789ABCDEFGHJKMNPQRSTWXYZ]{10}$/);
      for (const character of serial.slice(1)) seen.set(character, (seen.get(character) ?? 0) + 1);
    }
    expect(new Set(serials).size).toBe(20_000);
    // 200 000 draws over 29 characters: each near 6 897; a biased draw (modulo without rejection) would skew the first ones by a third.
    const expected = 200_000 / SERIAL_ALPHABETS.unambiguous.length;
    for (const character of SERIAL_ALPHABETS.unambiguous) expect(Math.abs((seen.get(character) ?? 0) - expected) / expected).toBeLessThan(0.06);
  });
});
