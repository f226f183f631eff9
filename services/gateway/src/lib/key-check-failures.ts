import type { FastifyRequest } from 'fastify';

/*
 * Failed API key checks per client address (decision 061). /epcis counts calls per key, so a
 * client that makes up a new key for every call would get a fresh allowance each time, and every
 * made-up key costs the API a database lookup. The API's 401 to a key is counted against the
 * caller's address; once the address has spent its allowance in the window, a key the gateway has
 * not seen the API accept is refused before it reaches the API. Keys seen accepted keep working.
 */

/** What a rate limiter of @fastify/rate-limit (`app.createRateLimit`) answers. */
interface Counted {
  remaining?: number;
  ttlInSeconds?: number;
}

/** Counts one more failure, or (`increment: false`) only reads the count. */
export type FailureCounter = (request: FastifyRequest, options?: { increment?: boolean }) => Promise<Counted>;

export interface KeyCheckFailures {
  /**
   * Seconds until the address may try unknown keys again, or null when this call may go on: its
   * key is known good, or its address has failures left.
   */
  refusedFor(request: FastifyRequest, keyDigest: string): Promise<number | null>;
  /** The API refused the key: one failure more for the address, and the key is no longer known good. */
  failed(request: FastifyRequest, keyDigest: string): Promise<void>;
  /** The API accepted the key. */
  accepted(keyDigest: string): void;
}

export interface KeyCheckFailuresOptions {
  counter: FailureCounter;
  /** Keys remembered as known good by this replica; the oldest is forgotten first. */
  knownGoodMax?: number;
}

export function createKeyCheckFailures({ counter, knownGoodMax = 10_000 }: KeyCheckFailuresOptions): KeyCheckFailures {
  // Digests of keys the API accepted, oldest first. In this replica's memory: a key another replica
  // saw accepted is checked against its address's count here until it is accepted here once.
  const knownGood = new Set<string>();

  return {
    async refusedFor(request, keyDigest) {
      if (knownGood.has(keyDigest)) return null;
      // A store that does not answer reads as no failures: the API still checks every key.
      const counted = await counter(request, { increment: false });
      return counted.remaining === 0 ? Math.max(1, counted.ttlInSeconds ?? 1) : null;
    },
    async failed(request, keyDigest) {
      knownGood.delete(keyDigest);
      await counter(request);
    },
    accepted(keyDigest) {
      if (knownGood.has(keyDigest)) return;
      if (knownGood.size >= knownGoodMax) knownGood.delete(knownGood.values().next().value as string);
      knownGood.add(keyDigest);
    },
  };
}
