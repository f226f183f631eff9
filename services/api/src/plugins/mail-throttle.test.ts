import { describe, expect, it } from 'vitest';
import { createRecipientThrottle, recipientKey } from './mail-throttle.js';

const MINUTE = 60_000;

function clock() {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('per-recipient mail throttle', () => {
  const limits = [
    { max: 3, windowMs: 15 * MINUTE },
    { max: 5, windowMs: 60 * MINUTE },
  ];

  it('allows a few mails per window and refuses the rest until the window has moved on', () => {
    const time = clock();
    const throttle = createRecipientThrottle({ limits, now: time.now });
    expect([1, 2, 3, 4].map(() => throttle.take('owner@example.com'))).toEqual([true, true, true, false]);
    expect(throttle.take('someone.else@example.com')).toBe(true);

    time.advance(15 * MINUTE + 1);
    expect([1, 2, 3].map(() => throttle.take('owner@example.com'))).toEqual([true, true, false]);

    time.advance(45 * MINUTE);
    expect(throttle.take('owner@example.com')).toBe(true);
  });

  it('counts an address the same whatever its case and surrounding spaces', () => {
    const throttle = createRecipientThrottle({ limits: [{ max: 2, windowMs: MINUTE }], now: clock().now });
    expect(throttle.take('Owner@Example.com')).toBe(true);
    expect(throttle.take(' owner@example.COM ')).toBe(true);
    expect(throttle.take('owner@example.com')).toBe(false);
    expect(recipientKey('Owner@Example.com')).toBe(recipientKey('owner@example.com'));
    expect(recipientKey('owner@example.com')).not.toContain('owner');
  });

  it('takes back a count when nothing was sent', () => {
    const throttle = createRecipientThrottle({ limits: [{ max: 1, windowMs: MINUTE }], now: clock().now });
    expect(throttle.take('nobody@example.com')).toBe(true);
    throttle.giveBack('nobody@example.com');
    expect(throttle.size).toBe(0);
    expect(throttle.take('nobody@example.com')).toBe(true);
  });

  it('stays bounded: expired entries go first, then the recipient mailed least recently', () => {
    const time = clock();
    const throttle = createRecipientThrottle({ limits: [{ max: 1, windowMs: MINUTE }], maxRecipients: 3, now: time.now });
    throttle.take('a@example.com');
    time.advance(MINUTE + 1);
    throttle.take('b@example.com');
    throttle.take('c@example.com');
    throttle.take('d@example.com');
    expect(throttle.size).toBe(3);
    // a had expired and was swept; b, mailed least recently, goes next.
    throttle.take('e@example.com');
    expect(throttle.size).toBe(3);
    expect(throttle.take('c@example.com')).toBe(false);
    expect(throttle.take('b@example.com')).toBe(true);
  });
});
