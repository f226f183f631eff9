import type { ScanFact } from './facts.js';

/*
 * The legacy analytics client (spec point 7): with UMAMI_URL and UMAMI_WEBSITE_ID set, each stored
 * (non-bot) scan is also sent to Umami as an event, `POST ${UMAMI_URL}/api/send` (docs.umami.is,
 * "Sending stats"). A committed batch's events become one job of the job queue (decision 072): a few
 * requests at a time, each with a timeout. When Umami takes none of them, the job is retried with
 * back-off (nothing was sent, so nothing is sent twice); events Umami refuses while it takes others
 * are counted, logged and dropped. The scanner's User-Agent goes in `User-Agent` (Umami registers
 * nothing without one); the client address is not sent (it is not kept), so Umami places the event
 * by the API's address.
 */

export interface UmamiOptions {
  /** Umami's base URL, e.g. `https://analytics.example/umami`. */
  url: string;
  websiteId: string;
  /** The Digital Link host the scans came to (`payload.hostname`). */
  hostname: string;
  concurrency?: number;
  timeoutMs?: number;
}

/** One scan as the Umami job keeps it: the event and the scanner's User-Agent it is sent with. */
export interface UmamiScan {
  event: ReturnType<typeof umamiEvent>;
  userAgent: string | null;
}

export const UMAMI_QUEUE = { name: 'umami-forward', retryLimit: 8, retryDelaySeconds: 30, expireInSeconds: 600 };

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

/** The scans of a batch, as their job keeps them. */
export function umamiScans(facts: readonly ScanFact[], options: Pick<UmamiOptions, 'websiteId' | 'hostname'>): UmamiScan[] {
  return facts.map((fact) => ({ event: umamiEvent(fact, options.websiteId, options.hostname), userAgent: fact.userAgent }));
}

/**
 * Sends a batch's events; throws when Umami took none of them (the job is retried), else answers
 * how many it took and refused.
 */
export async function forwardToUmami(options: UmamiOptions, scans: readonly UmamiScan[]): Promise<{ sent: number; failed: number; lastError: unknown }> {
  const endpoint = `${options.url.replace(/\/+$/, '')}/api/send`;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let sent = 0;
  let failed = 0;
  let lastError: unknown = null;
  let next = 0;
  async function lane() {
    while (next < scans.length) {
      const scan = scans[next];
      next += 1;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': scan.userAgent || FALLBACK_AGENT },
          body: JSON.stringify(scan.event),
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`Umami answered ${response.status}`);
        sent += 1;
      } catch (error) {
        failed += 1;
        lastError = error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, scans.length) }, lane));
  if (scans.length > 0 && sent === 0) throw new Error('Umami took none of the batch’s events', { cause: lastError });
  return { sent, failed, lastError };
}
