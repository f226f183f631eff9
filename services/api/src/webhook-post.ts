import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Posting to a customer's webhook: EPCIS subscriptions (decision 050) and product-data webhooks
 * (decision 086). A destination must be http(s), and unless the operator allows it (development,
 * tests) it must not reach private, loopback, link-local or otherwise non-public addresses: the
 * check runs on the address the connection actually uses (a `lookup` that refuses them), so a
 * name that resolves differently later cannot slip past (SSRF).
 */

/** Answer of the webhook: 2xx moves the subscription's cursor; anything else is retried later. */
export interface WebhookResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** Whether an address is public unicast (not private, loopback, link-local, unique-local, multicast, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * Whether a host names a private or loopback place: a local name (`localhost`, `*.local`,
 * `*.internal`, the cloud metadata names among them) or a non-public address. The one host check of
 * a webhook, at registration (`destProblem`) and again on the connection (`publicOnlyLookup`). A
 * name's trailing dots (the DNS root, `localhost.`) name the same host, so they are read without.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  return ipaddr.isValid(host) && !isPublicAddress(host);
}

/** Checks a destination's form: an absolute http(s) URL without credentials. Returns the reason it is refused, or null. */
export function destProblem(dest: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(dest);
  } catch {
    return 'dest: not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'dest: only http and https webhooks are supported';
  if (url.username || url.password) return 'dest: must not carry credentials';
  if (!allowPrivate && isPrivateHost(url.hostname)) return 'dest: a private or loopback host or address is not allowed';
  return null;
}

/** A DNS lookup that fails for non-public addresses: what the webhook connection uses unless private ones are allowed. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  if (isPrivateHost(hostname)) return callback(Object.assign(new Error(`${hostname} names no public address (a private or loopback host)`), { code: 'EPRIVATE' }), '', 0);
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((entry) => isPublicAddress(entry.address));
    if (allowed.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to no public address`), { code: 'EPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0].address, allowed[0].family);
  });
};

const RESPONSE_BYTES_MAX = 64 * 1024;

/** POSTs one JSON body to a webhook with the given headers; never throws. */
export function postWebhook(
  dest: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<WebhookResult> {
  return new Promise((resolve) => {
    const problem = destProblem(dest, options.allowPrivate);
    if (problem) return resolve({ ok: false, status: null, error: problem });
    const url = new URL(dest);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > RESPONSE_BYTES_MAX) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, error: status >= 200 && status < 300 ? null : `the webhook answered ${status}` });
        };
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}
