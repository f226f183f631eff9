import { createHash } from 'node:crypto';

export interface RecipientLimit {
  /** Most mails to one recipient within the window. */
  max: number;
  windowMs: number;
}

export interface RecipientThrottle {
  /** Counts one mail to `address`; false, counting nothing, when a limit is reached. */
  take(address: string): boolean;
  /** Takes back the latest count of `address`: nothing was sent after all (no such account). */
  giveBack(address: string): void;
  /** Recipients with mails inside the longest window. */
  readonly size: number;
}

export interface RecipientThrottleOptions {
  limits: RecipientLimit[];
  /** Bound of the map; past it the recipient mailed least recently is forgotten first. */
  maxRecipients?: number;
  now?: () => number;
}

/** The map never holds an address itself, only this digest of its normalised form. */
export function recipientKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');
}

/**
 * Sliding-window counts of mails per recipient, in process (decision 024). Each entry keeps
 * the send times inside the longest window, at most the largest `max` of them, so memory
 * stays bounded by `maxRecipients` entries of a few numbers.
 */
export function createRecipientThrottle({ limits, maxRecipients = 50_000, now = Date.now }: RecipientThrottleOptions): RecipientThrottle {
  const horizonMs = Math.max(...limits.map((limit) => limit.windowMs));
  // Map order is "least recently mailed first": an entry is re-inserted on every mail.
  const sent = new Map<string, number[]>();
  const recent = (times: number[], at: number, windowMs: number) => times.filter((time) => time > at - windowMs);

  function sweep(at: number): void {
    for (const [key, times] of sent) {
      if (recent(times, at, horizonMs).length === 0) sent.delete(key);
    }
  }

  return {
    take(address) {
      const at = now();
      const key = recipientKey(address);
      const times = recent(sent.get(key) ?? [], at, horizonMs);
      if (limits.some((limit) => recent(times, at, limit.windowMs).length >= limit.max)) return false;
      times.push(at);
      sent.delete(key);
      if (sent.size >= maxRecipients) sweep(at);
      while (sent.size >= maxRecipients) sent.delete(sent.keys().next().value!);
      sent.set(key, times);
      return true;
    },
    giveBack(address) {
      const key = recipientKey(address);
      const times = sent.get(key);
      if (!times) return;
      times.pop();
      if (times.length === 0) sent.delete(key);
    },
    get size() {
      return sent.size;
    },
  };
}
