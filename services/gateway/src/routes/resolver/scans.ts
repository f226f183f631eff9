import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { SCAN_DEVICES, SCAN_USER_AGENT_MAX, type ScanBatch } from '@product-console/shared';
import type { UpstreamClient } from '../../plugins/upstream.js';

export type Scan = ScanBatch['scans'][number];
export type ScanDevice = (typeof SCAN_DEVICES)[number];

/*
 * Scans are the resolver's busiest output: one per answer. A scan is kept as the pre-serialised
 * JSON of what its answer shares with every other answer of the same kind (entry, serial, link
 * type: `scanKey`), plus the two request headers, the client address and the time; the batch is
 * written as one JSON string when it leaves. No object per scan is serialised on the way.
 *
 * The client address and the User-Agent go to the API only, which reads country, device, system,
 * browser, bots and the day's visitor hash from them and keeps neither (decision 055). They are
 * never logged here. Bots are recognised by the API, not here: the resolver's answer stays free of
 * a User-Agent pattern match.
 */

/** The JSON start of a scan: `{"entryPath":...,"qualifierPath":...,"linkType":...,`. */
export type ScanKey = string & { readonly scanKey: unique symbol };

export function scanKey(entryPath: string, qualifierPath: string | null, linkType: string): ScanKey {
  const json = JSON.stringify({
    entryPath: entryPath.slice(0, 200),
    qualifierPath: qualifierPath === null ? null : qualifierPath.slice(0, 200),
    linkType: linkType.slice(0, 64),
  });
  return `${json.slice(0, -1)},` as ScanKey;
}

export interface PendingScan {
  key: ScanKey;
  acceptLanguage: string | undefined;
  userAgent: string | undefined;
  address: string | undefined;
  at: number;
  /** The URI's `utm_campaign`, cut to SCAN_CAMPAIGN_MAX; null without one. */
  campaign: string | null;
}

export interface ScanRecorder {
  /** Keeps a scan for the next batch; never waits, never throws. `address` is the client's (TRUST_PROXY honoured). */
  record(key: ScanKey, acceptLanguage: string | undefined, userAgent: string | undefined, address: string | undefined, campaign?: string | null): void;
  /** Sends what is kept now. */
  flush(): Promise<void>;
  /** Stops the timer and sends what is left. */
  close(): Promise<void>;
}

export interface ScanRecorderOptions {
  /** Sends a batch: the JSON body of `POST /api/internal/resolver/scans`, and how many scans it holds. */
  send: (body: string, count: number) => Promise<void>;
  flushIntervalMs: number;
  batchSize: number;
  /** Scans kept at most while the API is slow or away; past it new scans are dropped. */
  maxPending?: number;
  onDropped?: (count: number, err?: unknown) => void;
}

const MEMO_LIMIT = 1_000;
const devices = new Map<string, ScanDevice>();

/** The kind of device from a User-Agent (iPadOS presents itself as a Mac: desktop). */
export function deviceOf(userAgent: string | undefined): ScanDevice {
  if (!userAgent) return 'other';
  let device = devices.get(userAgent);
  if (device === undefined) {
    if (/iPhone|iPad|iPod/i.test(userAgent)) device = 'ios';
    else if (/Android/i.test(userAgent)) device = 'android';
    else if (/bot|crawl|spider|curl|wget|python|okhttp/i.test(userAgent)) device = 'other';
    else if (/Windows NT|Macintosh|X11|CrOS|Linux x86_64/i.test(userAgent)) device = 'desktop';
    else device = 'other';
    if (devices.size >= MEMO_LIMIT) devices.clear();
    devices.set(userAgent, device);
  }
  return device;
}

const languages = new Map<string, string | null>();

/** The first language of an Accept-Language header (`ko-KR`), or null. */
export function firstLanguage(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  let language = languages.get(acceptLanguage);
  if (language === undefined) {
    const first = acceptLanguage.split(',', 1)[0].split(';', 1)[0].trim();
    language = first && first !== '*' && /^[A-Za-z0-9-]{1,16}$/.test(first) ? first : null;
    if (languages.size >= MEMO_LIMIT) languages.clear();
    languages.set(acceptLanguage, language);
  }
  return language;
}

let lastAt = -1;
let lastIso = '';
/** Scans under load come many to the millisecond: one date string for each. */
function isoOf(at: number): string {
  if (at !== lastAt) {
    lastAt = at;
    lastIso = new Date(at).toISOString();
  }
  return lastIso;
}

/** An address as Node gives it is digits, hex, dots, colons (and `%zone`): anything else is not sent. */
const ADDRESS = /^[0-9A-Za-z.:%_-]{1,64}$/;

/**
 * The rest of a scan's JSON after its key; language and device need no escaping (checked above).
 * The User-Agent is sent once per batch (`agents`) and named by its index: a batch of scans holds
 * few distinct agents, and each is a few hundred characters.
 */
function scanJson({ key, acceptLanguage, userAgent, address, at, campaign }: PendingScan, agent: number): string {
  const lang = firstLanguage(acceptLanguage);
  const ip = address !== undefined && ADDRESS.test(address) ? `"${address}"` : 'null';
  const tail = campaign === null ? '}' : `,"campaign":${JSON.stringify(campaign)}}`;
  return `${key}"lang":${lang === null ? 'null' : `"${lang}"`},"device":"${deviceOf(userAgent)}","at":"${isoOf(at)}","ip":${ip},"agent":${agent < 0 ? 'null' : agent}${tail}`;
}

/** A batch's JSON: its scans, and the distinct User-Agents they name (cut to SCAN_USER_AGENT_MAX). */
export function batchJson(batch: readonly PendingScan[]): string {
  const agents = new Map<string, number>();
  const parts: string[] = [];
  for (const scan of batch) {
    let agent = -1;
    if (scan.userAgent !== undefined) {
      agent = agents.get(scan.userAgent) ?? -1;
      if (agent === -1) {
        agent = agents.size;
        agents.set(scan.userAgent, agent);
      }
    }
    parts.push(scanJson(scan, agent));
  }
  const agentList = [...agents.keys()].map((userAgent) => JSON.stringify(userAgent.slice(0, SCAN_USER_AGENT_MAX)));
  return `{"scans":[${parts.join(',')}],"agents":[${agentList.join(',')}]}`;
}

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * The client address of a raw request under the app's trustProxy rule, as Fastify's `request.ip`
 * reads it (the fast path answers before Fastify makes a request object).
 */
export function clientAddressOf(trustProxy: TrustProxy = false): (raw: IncomingMessage) => string | undefined {
  if (trustProxy === false) return (raw) => raw.socket.remoteAddress;
  const trust =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (raw) => {
    const addresses = proxyAddr.all(raw, trust);
    return addresses[addresses.length - 1];
  };
}

/**
 * Scans kept in a bounded buffer and sent in batches, every `flushIntervalMs` or as soon as a
 * batch is full, without the answer waiting: a failed batch is reported and dropped.
 */
export function createScanRecorder(options: ScanRecorderOptions): ScanRecorder {
  const maxPending = options.maxPending ?? options.batchSize * 20;
  let pending: PendingScan[] = [];
  let dropped = 0;
  const sending = new Set<Promise<void>>();
  let flushQueued = false;

  function sendBatch(batch: PendingScan[]) {
    const body = batchJson(batch);
    const promise = options
      .send(body, batch.length)
      .catch((err: unknown) => options.onDropped?.(batch.length, err))
      .finally(() => sending.delete(promise));
    sending.add(promise);
    return promise;
  }

  async function flush() {
    flushQueued = false;
    if (dropped) {
      options.onDropped?.(dropped);
      dropped = 0;
    }
    const batches: Promise<void>[] = [];
    while (pending.length) {
      const batch = pending.length <= options.batchSize ? pending : pending.slice(0, options.batchSize);
      pending = pending.length <= options.batchSize ? [] : pending.slice(options.batchSize);
      batches.push(sendBatch(batch));
    }
    await Promise.all(batches);
  }

  const timer = setInterval(() => void flush(), options.flushIntervalMs);
  timer.unref();

  return {
    record(key, acceptLanguage, userAgent, address, campaign = null) {
      if (pending.length >= maxPending) {
        dropped += 1;
        return;
      }
      pending.push({ key, acceptLanguage, userAgent, address, at: Date.now(), campaign });
      if (pending.length >= options.batchSize && !flushQueued) {
        flushQueued = true;
        // After the answer is on its way.
        setImmediate(() => void flush());
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      await Promise.all(sending);
    },
  };
}

/**
 * `POST /api/internal/resolver/scans` with a batch; rejects on anything but 2xx. Through the
 * upstream client's pool of kept-alive connections: under load a batch leaves many times a second.
 */
export function createScanSender(upstream: Pick<UpstreamClient, 'postJson'>) {
  const send = async (body: string) => {
    const status = await upstream.postJson('/api/internal/resolver/scans', body);
    if (status < 200 || status >= 300) throw new Error(`scan batch answered ${status}`);
  };
  return { send };
}
