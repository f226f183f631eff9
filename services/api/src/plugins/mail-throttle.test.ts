import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSends } from '../mail/tables.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createRecipientThrottle, recipientKey } from './mail-throttle.js';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Sends to `address` at `at` when the throttle allows it; answers whether it did. */
async function mail(throttle: ReturnType<typeof createRecipientThrottle>, address: string, at: Date): Promise<boolean> {
  if (!(await throttle.allows(t.app.db, address, at))) return false;
  await throttle.record(t.app.db, address, at);
  return true;
}

describe('per-recipient mail throttle', () => {
  const limits = [
    { max: 3, windowMs: 15 * MINUTE },
    { max: 5, windowMs: 60 * MINUTE },
  ];
  const base = Date.UTC(2026, 0, 1, 12);
  const at = (minutes: number) => new Date(base + minutes * MINUTE);

  it('allows a few mails per window and refuses the rest until the window has moved on, whichever replica asks', async () => {
    const one = createRecipientThrottle(limits);
    const other = createRecipientThrottle(limits);
    const results = [];
    for (const throttle of [one, other, one, other]) results.push(await mail(throttle, 'owner@example.com', at(0)));
    expect(results).toEqual([true, true, true, false]);
    expect(await mail(one, 'someone.else@example.com', at(0))).toBe(true);

    expect([await mail(one, 'owner@example.com', at(16)), await mail(other, 'owner@example.com', at(16)), await mail(one, 'owner@example.com', at(16))]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await mail(one, 'owner@example.com', at(61))).toBe(true);
  });

  it('counts an address the same whatever its case and surrounding spaces, and never keeps the address', async () => {
    const throttle = createRecipientThrottle([{ max: 1, windowMs: MINUTE }]);
    expect(await mail(throttle, 'Case@Example.com', at(100))).toBe(true);
    expect(await mail(throttle, ' case@example.COM ', at(100))).toBe(false);
    expect(recipientKey('Case@Example.com')).toBe(recipientKey('case@example.com'));
    const kept = await t.app.db.select().from(mailSends);
    expect(JSON.stringify(kept)).not.toMatch(/example\.com/i);
  });

  it('forgets sends older than the longest window', async () => {
    const throttle = createRecipientThrottle(limits);
    await mail(throttle, 'old@example.com', at(200));
    expect(await throttle.sweep(t.app.db, at(200 + 61))).toBeGreaterThanOrEqual(1);
    const left = await t.app.db.select().from(mailSends);
    expect(left.every((row) => row.sentAt.getTime() > at(200).getTime())).toBe(true);
  });
});
