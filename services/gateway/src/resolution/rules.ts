import { placeOf, ruleNeedsCountry, ruleMatches, type GeoLookup, type ResolverEntry, type ResolverRule, type RuleVisitor } from '@product-console/shared';
import type { Target } from '../routes/resolver/language.js';
import { acceptedLanguages } from '../routes/resolver/language.js';
import type { DigitalLinkPath } from '../routes/resolver/request-path.js';
import { deviceOf } from '../routes/resolver/scans.js';

/*
 * Redirect rules in the resolver (decision 077). The rules travel in the resolution record the
 * gateway caches (the product's, then the company's defaults, in the order they are evaluated), so
 * a scan is decided from memory: no upstream call. Per request URI the rules of each link type are
 * turned once into targets (the link's target with another Location), beside the view's choices;
 * per scan only the conditions are checked: country (the analytics' geolocation, geoip-lite, looked
 * up only for link types whose rules name countries), the visitor's most wanted language, the
 * device, the time, and the batch (`/10/`) and serial (`/21/`) of the URI. No rule matching: the
 * link's own target, chosen by language as before. Link sets never read this: they show the links.
 */

/** A rule of a link type and where a redirect by it goes. */
export interface RuledTarget {
  rule: ResolverRule;
  target: Target;
}

/** The rules of one link type, in evaluation order. */
export interface TypeRules {
  list: RuledTarget[];
  /** Some rule names countries: the scan's country is looked up. */
  needsCountry: boolean;
}

/** The rules of one request URI, by link type. */
export interface ViewRules {
  byType: ReadonlyMap<string, TypeRules>;
  /** Some rule of some type names countries: the geolocation must be loaded before they are evaluated. */
  needsCountry: boolean;
  /** The URI carries a batch (`/10/`). */
  batch: boolean;
  /** The URI carries a serial (`/21/`). */
  serial: boolean;
}

/** What a scan tells the rules besides its URI. */
export interface ScanRequest {
  acceptLanguage: string | undefined;
  userAgent: string | undefined;
  /** The client address (TRUST_PROXY honoured). */
  address: string | undefined;
}

let lookup: GeoLookup | undefined;
let loading: Promise<void> | undefined;

/** geoip-lite holds its database in memory (about 150 MB): loaded when a rule first names a country. */
export function loadGeo(): Promise<void> {
  loading ??= import('geoip-lite').then(
    (geoip) => {
      lookup = (address) => geoip.default.lookup(address);
    },
    () => {
      // Without the database no scan has a country: country rules match nothing.
      lookup = () => null;
    },
  );
  return loading;
}

/** True once the geolocation can answer (the fast path leaves a scan that needs it to Fastify until then). */
export const geoReady = () => lookup !== undefined;

/**
 * The rules of a record for one request URI, or null when none applies to a link type it has.
 * `base` is the link type's own target (its redirect headers and scan key are kept), `hrefOf`
 * makes a rule's target absolute (null: not http(s), the rule is left out) as links are.
 */
export function viewRules(
  entry: ResolverEntry,
  path: DigitalLinkPath,
  base: (linkType: string) => Target | undefined,
  hrefOf: (targetUrl: string) => string | null,
): ViewRules | null {
  if (!entry.rules?.length) return null;
  const byType = new Map<string, TypeRules>();
  let needsCountry = false;
  for (const rule of entry.rules) {
    const own = base(rule.linkType);
    const href = own ? hrefOf(rule.targetUrl) : null;
    if (!own || href === null) continue;
    const target: Target = {
      ...own,
      href,
      lang: null,
      primaryLang: null,
      hreflang: null,
      redirectHeaders: { ...own.redirectHeaders, location: href },
      redirectHeaderList: [...withoutLocation(own.redirectHeaderList), 'location', href],
    };
    let rules = byType.get(rule.linkType);
    if (!rules) byType.set(rule.linkType, (rules = { list: [], needsCountry: false }));
    rules.list.push({ rule, target });
    rules.needsCountry ||= ruleNeedsCountry(rule);
    needsCountry ||= rules.needsCountry;
  }
  if (byType.size === 0) return null;
  if (needsCountry && !geoReady()) void loadGeo();
  const qualifiers = path.path.slice(path.entryPath.length);
  return { byType, needsCountry, batch: /\/10\/[^/]/.test(qualifiers), serial: /\/21\/[^/]/.test(qualifiers) };
}

function withoutLocation(list: readonly string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < list.length; i += 2) if (list[i] !== 'location') rest.push(list[i], list[i + 1]);
  return rest;
}

/** The scan as the rules see it; the country only when asked for (and the geolocation is loaded). */
function visitorOf(rules: ViewRules, scan: ScanRequest, withCountry: boolean, at: number): RuleVisitor {
  const device = deviceOf(scan.userAgent);
  return {
    country: withCountry && lookup ? placeOf(lookup, scan.address).country : null,
    language: acceptedLanguages(scan.acceptLanguage)[0] ?? null,
    device,
    at,
    batch: rules.batch,
    serial: rules.serial,
  };
}

/** The target of the first rule of the link type that takes this scan, or null: the link's own target. */
export function ruledTarget(rules: ViewRules, linkType: string, scan: ScanRequest, at = Date.now()): Target | null {
  const ofType = rules.byType.get(linkType);
  if (!ofType) return null;
  const visitor = visitorOf(rules, scan, ofType.needsCountry, at);
  for (const { rule, target } of ofType.list) if (ruleMatches(rule, visitor)) return target;
  return null;
}
