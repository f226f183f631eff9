import { describe, expect, it } from 'vitest';
import { addressKey, createAddressCounter } from './address-counter.js';

describe('createAddressCounter', () => {
  it('lets an address make its allowance of requests per window, then says how long to wait', () => {
    let now = 120_000;
    const counter = createAddressCounter({ max: 2, windowMs: 60_000, now: () => now });
    expect([counter.hit('81.2.69.142'), counter.hit('81.2.69.142')]).toEqual([0, 0]);
    now = 150_500;
    expect(counter.hit('81.2.69.142')).toBe(30);
    expect(counter.hit('81.2.69.143')).toBe(0);
    now = 180_000;
    expect(counter.hit('81.2.69.142')).toBe(0);
  });

  it("counts an IPv6 client's whole /64 as one address", () => {
    const counter = createAddressCounter({ max: 1, windowMs: 60_000 });
    expect(counter.hit('2001:db8:0:7::1')).toBe(0);
    expect(counter.hit('2001:0db8:0000:0007:ffff:1:2:3')).toBeGreaterThan(0);
    expect(counter.hit('2001:db8:0:8::1')).toBe(0);
  });

  it('stops counting new addresses past its size, rather than growing without bound', () => {
    const counter = createAddressCounter({ max: 1, windowMs: 60_000, maxAddresses: 2 });
    counter.hit('192.0.2.1');
    counter.hit('192.0.2.2');
    expect([counter.hit('192.0.2.3'), counter.hit('192.0.2.3')]).toEqual([0, 0]);
    expect(counter.hit('192.0.2.1')).toBeGreaterThan(0);
  });
});

describe('addressKey', () => {
  it('reads IPv4-mapped addresses as IPv4 and IPv6 addresses by their /64', () => {
    expect(addressKey('81.2.69.142')).toBe('81.2.69.142');
    expect(addressKey('::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(addressKey('2001:DB8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
