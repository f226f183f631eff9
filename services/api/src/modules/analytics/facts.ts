import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { LINK_TYPE_VIEWS, plainAddress, type GeoLookup, type ScanDeviceType } from '@product-console/shared';

/*
 * What a scan tells without keeping who made it (decision 055): country and region from the client
 * address (geoip-lite), device type, system and browser from the User-Agent (ua-parser-js 1, MIT),
 * bots (isbot), the visitor as a hash of the day's salt, address, User-Agent and company, and the
 * address key (the same without the User-Agent) that the suspicious-serial rules count. The address
 * and the User-Agent are read here and dropped.
 */

let geoLookup: GeoLookup | undefined;

/**
 * geoip-lite reads its whole database into memory when imported (about 150 MB resident, 0.15 s):
 * loaded on the first scan that has an address, not at start, so an API that never records scans
 * (tests, a console-only replica) does not carry it.
 */
export async function loadGeo(): Promise<GeoLookup> {
  if (!geoLookup) {
    const geoip = (await import('geoip-lite')).default;
    geoLookup = (address) => geoip.lookup(address);
  }
  return geoLookup;
}

export { placeOf, plainAddress, type Place } from '@product-console/shared';

export interface Client {
  bot: boolean;
  deviceType: ScanDeviceType;
  os: string | null;
  browser: string | null;
}

const MEMO_LIMIT = 2_000;
const clients = new Map<string, Client>();
const NO_AGENT: Client = { bot: false, deviceType: 'other', os: null, browser: null };

/**
 * Bot, device type, system and browser of a User-Agent, memoised (the same few agents come again
 * and again). A scan without a User-Agent counts, as a device of type `other`.
 */
export function clientOf(userAgent: string | null | undefined): Client {
  if (!userAgent) return NO_AGENT;
  let client = clients.get(userAgent);
  if (client === undefined) {
    const { device, os, browser } = new UAParser(userAgent).getResult();
    const deviceType: ScanDeviceType =
      device.type === 'mobile' || device.type === 'tablet' ? device.type : device.type === undefined ? 'desktop' : 'other';
    client = {
      bot: isbot(userAgent),
      deviceType,
      os: os.name ? os.name.slice(0, 40) : null,
      browser: browser.name ? browser.name.slice(0, 40) : null,
    };
    if (clients.size >= MEMO_LIMIT) clients.clear();
    clients.set(userAgent, client);
  }
  return client;
}

/** The serial of a qualifier path (`/21/{serial}`, possibly after other qualifiers), decoded; null when none. */
export function serialOf(qualifierPath: string | null): string | null {
  if (!qualifierPath) return null;
  const match = /(?:^|\/)21\/([^/]+)/.exec(qualifierPath);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The landing view a link type opens (`gs1:pip` → index); null for a link set or a link elsewhere. */
export function viewOf(linkType: string): string | null {
  return Object.hasOwn(LINK_TYPE_VIEWS, linkType) ? LINK_TYPE_VIEWS[linkType] : null;
}

/**
 * A visitor without a cookie: the first 16 hex digits of SHA-256 over the day's salt, address,
 * User-Agent and company. The same person on another day, or at another company, is someone else;
 * once the day's salt is deleted, no one can tell whose hash it was.
 */
export function visitorOf(salt: string, address: string, userAgent: string, companyId: number): string {
  return createHash('sha256').update(`${salt}\n${plainAddress(address)}\n${userAgent}\n${companyId}`).digest('hex').slice(0, 16);
}

/**
 * The address alone, as the suspicious-serial rules (decision 065) and the serial checks count a
 * visitor: the first 16 hex digits of SHA-256 over the day's salt, address and company. Twenty
 * User-Agents from one address are twenty visitors to `visitorOf` but one address here, so one
 * address cannot pass for a crowd by changing its agent. As unlinkable as the visitor once the
 * day's salt is deleted.
 */
export function addressKeyOf(salt: string, address: string, companyId: number): string {
  return createHash('sha256').update(`${salt}\naddress\n${plainAddress(address)}\n${companyId}`).digest('hex').slice(0, 16);
}

/** One recorded scan as the rules after the commit read it (the address is not part of it). */
export interface ScanFact {
  companyId: number;
  productId: number;
  entryPath: string;
  qualifierPath: string | null;
  serial: string | null;
  linkType: string;
  view: string | null;
  lang: string | null;
  country: string | null;
  region: string | null;
  deviceType: string;
  os: string | null;
  browser: string | null;
  scannedAt: string;
  /** Kept in memory only, for the Umami forwarder's User-Agent header; never stored. */
  userAgent: string | null;
}
