import type { ScanFact } from './facts.js';

/*
 * The legacy analytics client (spec point 7): with UMAMI_URL and UMAMI_WEBSITE_ID set, each stored
 * (non-bot) scan is also sent to Umami as an event, `POST ${UMAMI_URL}/api/send` (docs.umami.is,
 * "Sending stats"). In the background after the batch committed: a bounded queue, a few requests at
 * a time, each with a timeout; a full queue or a failed request is counted, logged now and then, and
 * dropped. The scanner's User-Agent goes in `User-Agent` (Umami registers nothing without one); the
 * client address is not sent (it is not kept), so Umami places the event by the API's address.
 */

export interface UmamiOptions {
  /** Umami's base URL, e.g. `https://analytics.example/umami`. */
  url: string;
  websiteId: string;
  /** The Digital Link host the scans came to (`payload.hostname`). */
  hostname: string;
  log: { warn(details: object, message: string): void };
  queueMax?: number;
  concurrency?: number;
  timeoutMs?: number;
}

export interface UmamiForwarder {
  /** Queues the scans; never waits, never throws. */
  send(facts: ScanFact[]): void;
  /** Resolves once the queue is empty and nothing is in flight. */
  drain(): Promise<void>;
  stats(): { sent: number; failed: number; dropped: number };
}

const FALLBACK_AGENT = 'Mozilla/5.0 (compatible; product-console-scan-forwarder)';

/** Umami's event for one scan: the scanned Digital Link path as the page, the scan facts as data. */
export function umamiEvent(fact: ScanFact, websiteId: string, hostname: string) {
  const data: Record<string, string> = { linkType: fact.linkType, deviceType: fact.deviceType };
  if (fact.view) data.view = fact.view;
  if (fact.serial) data.serial = fact.serial;
  if (fact.country) data.country = fact.country;
  if (fact.region) data.region = fact.region;
  if (fact.os) data.os = fact.os;
  if (fact.browser) data.browser = fact.browser;
  return {
    type: 'event',
    payload: {
      website: websiteId,
      hostname,
      language: fact.lang ?? '',
      url: `${fact.entryPath}${fact.qualifierPath ?? ''}`,
      title: fact.entryPath,
      referrer: '',
      name: 'scan',
      data,
    },
  };
}

export function createUmamiForwarder(options: UmamiOptions): UmamiForwarder {
  const endpoint = `${options.url.replace(/\/+$/, '')}/api/send`;
  const queueMax = options.queueMax ?? 10_000;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const queue: ScanFact[] = [];
  let running = 0;
  let sent = 0;
  let failed = 0;
  let dropped = 0;
  let lastWarning = 0;
  let idle: (() => void)[] = [];

  function warn(err: unknown) {
    const now = Date.now();
    if (now - lastWarning < 60_000) return;
    lastWarning = now;
    options.log.warn({ err, failed, dropped }, 'scan events to Umami failed or dropped');
  }

  async function post(fact: ScanFact) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': fact.userAgent || FALLBACK_AGENT },
      body: JSON.stringify(umamiEvent(fact, options.websiteId, options.hostname)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`Umami answered ${response.status}`);
  }

  function pump() {
    while (running < concurrency && queue.length > 0) {
      const fact = queue.shift() as ScanFact;
      running += 1;
      post(fact)
        .then(() => {
          sent += 1;
        })
        .catch((err: unknown) => {
          failed += 1;
          warn(err);
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running === 0 && queue.length === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  return {
    send(facts) {
      for (const fact of facts) {
        if (queue.length >= queueMax) {
          dropped += 1;
          continue;
        }
        queue.push(fact);
      }
      if (dropped > 0) warn(undefined);
      pump();
    },
    drain() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    stats: () => ({ sent, failed, dropped }),
  };
}
