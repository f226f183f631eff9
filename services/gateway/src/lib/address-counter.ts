/*
 * Requests per client address in fixed windows, counted in this process's memory (decision 063).
 *
 * The public routes' limit is an anti-flood limit, generous by design, and the resolver's cached
 * redirect (decision 020) cannot afford a Redis round trip per scan: one map lookup is all a count
 * costs. Each replica counts its own requests, so N replicas behind a load balancer allow N times
 * the number. IPv6 clients are counted per /64, the block one subscriber gets, so a client cannot
 * take a fresh allowance from each of its own addresses.
 */

export interface AddressCounter {
  /** Counts one request from `address`: 0 while its allowance lasts, else the seconds until the window ends. */
  hit(address: string): number;
}

export interface AddressCounterOptions {
  max: number;
  windowMs: number;
  /**
   * Addresses counted at most per window. Past it new addresses are let through uncounted: a
   * flood from that many addresses is not what a per-address limit stops, and memory stays bounded.
   */
  maxAddresses?: number;
  now?: () => number;
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function groupsOf(part: string): string[] {
  if (part === '') return [];
  const groups = part.split(':');
  // A trailing IPv4 part (`::1.2.3.4`) fills two groups.
  return groups.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
}

/** What an address is counted under: an IPv4 address itself, an IPv6 address's /64. */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1];
  const plain = address.split('%', 1)[0].toLowerCase();
  const compressed = plain.indexOf('::');
  let groups: string[];
  if (compressed === -1) {
    groups = groupsOf(plain);
  } else {
    const head = groupsOf(plain.slice(0, compressed));
    const tail = groupsOf(plain.slice(compressed + 2));
    groups = [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function createAddressCounter({ max, windowMs, maxAddresses = 100_000, now = Date.now }: AddressCounterOptions): AddressCounter {
  let windowEnd = 0;
  let counts = new Map<string, number>();
  return {
    hit(address) {
      const at = now();
      if (at >= windowEnd) {
        counts = new Map();
        windowEnd = (Math.floor(at / windowMs) + 1) * windowMs;
      }
      const key = addressKey(address);
      const count = (counts.get(key) ?? 0) + 1;
      if (count === 1 && counts.size >= maxAddresses) return 0;
      counts.set(key, count);
      return count > max ? Math.max(1, Math.ceil((windowEnd - at) / 1000)) : 0;
    },
  };
}
