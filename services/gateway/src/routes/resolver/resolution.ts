import { RECALL_LINK_TYPE, recallAffects, type ResolverEntry, type ResolverLink } from '@product-console/shared';
import { ruledTarget, viewRules, type ScanRequest, type ViewRules } from '../../resolution/rules.js';
import { acceptedLanguages, chooseByLanguage, type Target, type TypeChoice } from './language.js';
import { DEFAULT_LINK_REL, linkTypeTitle, relationOf, type LinkTypeRequest } from './link-types.js';
import type { DigitalLinkPath } from './request-path.js';
import { scanKey, type ScanKey } from './scans.js';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';
const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

/**
 * Headers of every resolver answer: any web page may call the resolver and read its redirects
 * (the methods it allows are named in the answer to a preflight, OPTIONS).
 */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Link, Location',
} as const;

/**
 * What one request URI (origin + canonical path) of one API record resolves to, computed once and
 * kept with the record: the reachable links per type, the default, the Link header and the link set.
 */
export interface ResolutionView {
  /** The request's Digital Link URI on this host. */
  anchor: string;
  byType: ReadonlyMap<string, TypeChoice>;
  /** The choice a plain request takes (the default link's type); null when there is no link. */
  defaultChoice: TypeChoice | null;
  /** The request's most specific qualifier path that has links of its own (a known serial), or null. */
  knownQualifierPath: string | null;
  /**
   * The request's `/21/{serial}` (as in the path), or null: what its scans carry, whether or not the
   * serial has links of its own; the API keeps it for a registered serial only (issue 25).
   */
  scannedSerialPath: string | null;
  /** What a link set answer records as its scan. */
  linksetScanKey: ScanKey;
  /** The redirect rules of the record for this URI (decision 077), or null. */
  rules: ViewRules | null;
  /** Headers of a redirect, all but Location. */
  redirectHeaders: Readonly<Record<string, string>>;
  /** The same as a flat list (name, value, ...), for a raw writeHead. */
  redirectHeaderList: readonly string[];
  /** Headers of a link set answer, all but Content-Type. */
  linksetHeaders: Readonly<Record<string, string>>;
  /** The RFC 9264 link set, serialised. */
  linksetJson(): string;
  /** When a scheduled recall of this code starts (ms since the epoch): the view is built again from then. */
  validUntil: number;
}

/** The title of a recall notice link (the landing words it in the shopper's language). */
export const RECALL_NOTICE_TITLE = 'Recall notice';

const VIEWS_PER_RECORD = 64;
const LINKSET_RELATION = /^https?:\/\/[a-zA-Z0-9./]+$/;
const LINKSET_HREFLANG = /^[a-zA-Z]{2}(-[a-zA-Z]{2})?$/;
const MEDIA_TYPE = /^\w+\/[-+.\w]+$/;

function absolute(href: string, origin: string): string | null {
  try {
    const url = new URL(href, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function linksetTarget(target: Target) {
  const hreflang = target.hreflang && LINKSET_HREFLANG.test(target.hreflang) ? target.hreflang : target.primaryLang;
  return {
    href: target.href,
    title: target.title,
    ...(MEDIA_TYPE.test(target.type) ? { type: target.type } : {}),
    ...(hreflang && LINKSET_HREFLANG.test(hreflang) ? { hreflang: [hreflang] } : {}),
  };
}

const byOrder = (a: Target, b: Target) => a.order - b.order;

/** The `/21/{serial}` segment of a canonical request path (still encoded), or null. */
export function serialPathOf(path: DigitalLinkPath): string | null {
  return /\/21\/[^/]+/.exec(path.path.slice(path.entryPath.length))?.[0] ?? null;
}

/** The scanned serial (`/21/{serial}`, decoded) of a canonical request path, or null. */
export function serialOf(path: DigitalLinkPath): string | null {
  const match = /\/21\/([^/]+)/.exec(path.path.slice(path.entryPath.length));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The scanned lot (`/10/{lot}`, decoded) of a canonical request path, or null. */
export function lotOf(path: DigitalLinkPath): string | null {
  const match = /\/10\/([^/]+)/.exec(path.path.slice(path.entryPath.length));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** A stored qualifier path (`/10/L%2F1/21/A`, percent-encoded) as the request's levels write it (values decoded). */
function decodedQualifierPath(qualifierPath: string | null): string {
  if (!qualifierPath) return '';
  try {
    return qualifierPath.replace(/(\/\d+\/)([^/]+)/g, (_all, ai: string, value: string) => ai + decodeURIComponent(value));
  } catch {
    return qualifierPath;
  }
}

/** The canonical path of a level of the request (0: the request itself), percent-encoded. */
function levelUriPath(path: DigitalLinkPath, level: number): string {
  const segments = path.path.split('/');
  return segments.slice(0, segments.length - 2 * level).join('/');
}

/**
 * The level of each qualifier path a link may be stored under: the request's levels, and a
 * serial's own `/21/{serial}` for a request that carries a lot before it (`/10/{lot}/21/{serial}`
 * names the same item as `/21/{serial}`, so the serial's links are the most specific).
 */
function levelsOf(path: DigitalLinkPath): Map<string, number> {
  const levelOf = new Map(path.levels.map((level, index) => [level, index]));
  const serialSegment = /\/21\/.+$/.exec(path.levels[0])?.[0];
  if (serialSegment && !levelOf.has(serialSegment)) levelOf.set(serialSegment, 0);
  return levelOf;
}

/**
 * An automatic link to this product's own landing (`/{serviceName}/product-details/{productId}/preview[/{view}]`)
 * carries the scanned serial (issue 15) and lot (issue 27) on, so the landing shows them and the verification
 * view checks the serial. Other query parameters are kept.
 */
export function withScannedSerial(href: string, productId: number, serial: string | null, lot: string | null = null): string {
  if (serial === null && lot === null) return href;
  const url = new URL(href);
  const landing = /^\/[^/]+\/product-details\/(\d+)\/preview(?:\/[A-Za-z]+)?\/?$/.exec(url.pathname);
  if (!landing || Number(landing[1]) !== productId) return href;
  if (serial !== null) url.searchParams.set('serial', serial);
  if (lot !== null) url.searchParams.set('lot', lot);
  return url.href;
}

function choiceOf(linkType: string, candidates: Target[]): TypeChoice {
  candidates.sort(byOrder);
  const languages = new Set(candidates.map((target) => target.lang));
  return {
    linkType,
    candidates,
    preferred: candidates.find((target) => target.isDefault) ?? candidates[0],
    multilingual: languages.size > 1,
  };
}

export function buildView(entry: ResolverEntry, origin: string, path: DigitalLinkPath): ResolutionView {
  const anchor = origin + path.path;
  const redirectHeaders = {
    ...CORS_HEADERS,
    // Every scan reaches the resolver (and is counted), and a changed link shows at once. Not
    // stored by any cache, a redirect needs no Vary (Accept, Accept-Language) either.
    'cache-control': 'no-store',
    // Redirects name the link set only: every scan carries this header, and the link set lists
    // the links with all their attributes (the full list here would cost each scan about 1 KB).
    link: `<${anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`,
  };
  const redirectHeaderList = Object.entries(redirectHeaders).flat();
  const serial = serialOf(path);
  const lot = lotOf(path);
  const levelOf = levelsOf(path);
  // Links by type, then by level (0: the most specific qualifier path of the request).
  const perType = new Map<string, Target[][]>();
  const levelsWithLinks = new Set<number>();
  // A started recall that reaches this code (decision 079): its notice is a link of the code itself, and the default.
  const now = Date.now();
  const reaching = (entry.recalls ?? []).filter((recall) => recallAffects(recall, lot, serial));
  const started = reaching.find((recall) => Date.parse(recall.startsAt) <= now);
  const validUntil = Math.min(Infinity, ...reaching.map((recall) => Date.parse(recall.startsAt)).filter((at) => at > now));
  const recallLink: ResolverLink | null = started
    ? { linkType: RECALL_LINK_TYPE, href: started.href, title: RECALL_NOTICE_TITLE, lang: null, type: 'text/html', isDefault: true, qualifierPath: path.levels[0], order: 0 }
    : null;
  for (const link of recallLink ? [recallLink, ...entry.links] : entry.links) {
    const level = link === recallLink ? 0 : levelOf.get(decodedQualifierPath(link.qualifierPath));
    if (level === undefined) continue; // another serial's or batch's link
    const absoluteHref = absolute(link.href, origin);
    if (!absoluteHref) continue;
    const href = withScannedSerial(absoluteHref, entry.productId, serial, lot);
    const lang = link.lang ? link.lang.toLowerCase() : null;
    const target: Target = {
      linkType: link.linkType,
      href,
      title: link.title || linkTypeTitle(link.linkType),
      lang,
      primaryLang: lang ? lang.split('-', 1)[0] : null,
      hreflang: link.lang,
      type: link.type,
      isDefault: link.isDefault,
      qualifierPath: link.qualifierPath,
      order: link.order,
      redirectHeaders: { ...redirectHeaders, location: href },
      redirectHeaderList: [...redirectHeaderList, 'location', href],
      scanKey: '' as ScanKey, // once the known serial is known, below
    };
    let levels = perType.get(link.linkType);
    if (!levels) perType.set(link.linkType, (levels = []));
    (levels[level] ??= []).push(target);
    levelsWithLinks.add(level);
  }

  // Each type from the most specific level that has it: a serial's own link, else the entry's.
  const byType = new Map<string, TypeChoice>();
  for (const [linkType, levels] of perType) {
    const candidates = levels.find((targets) => targets?.length);
    if (candidates) byType.set(linkType, choiceOf(linkType, candidates));
  }

  // The default link: marked default at the most specific level that has one, else the first
  // by order at the most specific level with links. Its type is what a plain request gets.
  let defaultTarget: Target | undefined = recallLink ? perType.get(RECALL_LINK_TYPE)?.[0]?.[0] : undefined;
  for (let level = 0; level < path.levels.length && !defaultTarget; level += 1) {
    defaultTarget = [...perType.values()]
      .flatMap((levels) => levels[level] ?? [])
      .filter((target) => target.isDefault)
      .sort(byOrder)[0];
  }
  const mostSpecific = [...levelsWithLinks].sort((a, b) => a - b)[0];
  if (!defaultTarget && mostSpecific !== undefined) {
    defaultTarget = [...perType.values()].flatMap((levels) => levels[mostSpecific] ?? []).sort(byOrder)[0];
  }
  const defaultChoice = defaultTarget ? (byType.get(defaultTarget.linkType) ?? null) : null;
  const knownQualifierPath = mostSpecific !== undefined && mostSpecific < path.levels.length - 1 ? path.levels[mostSpecific] : null;
  const scannedSerialPath = serialPathOf(path);
  for (const choice of byType.values()) {
    for (const target of choice.candidates) target.scanKey = scanKey(path.entryPath, scannedSerialPath, target.linkType);
  }
  const rules = viewRules(entry, path, (linkType) => byType.get(linkType)?.preferred, (targetUrl) => {
    const href = absolute(targetUrl, origin);
    return href && withScannedSerial(href, entry.productId, serial, lot);
  });

  const linksetHeaders = {
    ...CORS_HEADERS,
    'cache-control': 'no-cache',
    vary: 'Accept',
    // What turns the link set into JSON-LD (GS1-Conformant Resolver artefacts).
    link: `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
  };

  let json: string | undefined;
  return {
    anchor,
    byType,
    defaultChoice,
    knownQualifierPath,
    scannedSerialPath,
    linksetScanKey: scanKey(path.entryPath, scannedSerialPath, 'linkset'),
    rules,
    validUntil,
    redirectHeaders,
    redirectHeaderList,
    linksetHeaders,
    linksetJson() {
      if (json !== undefined) return json;
      const context: Record<string, unknown> = { anchor, itemDescription: entry.title || anchor };
      // The default link names its target only: href and the title the GS1 schema requires (the GS1 example linkset: "just the href for the default").
      if (defaultChoice) context[DEFAULT_LINK_REL] = [{ href: defaultChoice.preferred.href, title: defaultChoice.preferred.title }];
      for (const choice of byType.values()) {
        const relation = relationOf(choice.linkType);
        if (LINKSET_RELATION.test(relation)) context[relation] = choice.candidates.map(linksetTarget);
      }
      // Then each level the request walked up to that has links of its own (a batch, the product), anchored at its URI.
      const contexts = [context];
      for (let level = 1; level < path.levels.length; level += 1) {
        const own = [...perType.values()].flatMap((levels) => levels[level] ?? []);
        if (own.length === 0) continue;
        const levelContext: Record<string, unknown> = { anchor: origin + levelUriPath(path, level), itemDescription: entry.title || anchor };
        for (const [linkType, levels] of perType) {
          const relation = relationOf(linkType);
          const targets = levels[level];
          if (targets?.length && LINKSET_RELATION.test(relation)) levelContext[relation] = [...targets].sort(byOrder).map(linksetTarget);
        }
        contexts.push(levelContext);
      }
      json = JSON.stringify({ linkset: contexts });
      return json;
    },
  };
}

/** A link set is asked for by `?linkType=linkset|all`, or by Accept when no link type is named. */
export function wantsLinkset(requested: LinkTypeRequest | null, accept: string | undefined): boolean {
  return requested ? requested.linkset : accept !== undefined && accept.includes(LINKSET_MEDIA_TYPE);
}

/**
 * The link a redirect goes to: of the requested type (or the default link's type), where the type's
 * first matching redirect rule says, else chosen by Accept-Language; null when the product has no
 * link of that type.
 */
export function redirectTarget(view: ResolutionView, linkType: string | null, scan: ScanRequest): Target | null {
  const choice = linkType === null ? view.defaultChoice : view.byType.get(linkType);
  if (!choice) return null;
  return (view.rules && ruledTarget(view.rules, choice.linkType, scan)) || chooseByLanguage(choice, acceptedLanguages(scan.acceptLanguage));
}

/** A view holds until a scheduled recall of its code starts (most views: for ever, without reading the clock). */
const current = (view: ResolutionView) => view.validUntil === Infinity || view.validUntil > Date.now();

const views = new WeakMap<ResolverEntry, Map<string, ResolutionView>>();
/** The last view asked for by a parsed path (parsed paths are memoised per raw path). */
const lastViews = new WeakMap<DigitalLinkPath, { entry: ResolverEntry; origin: string; view: ResolutionView }>();

/**
 * The view of a record for one request URI, built once per record and URI: records are replaced
 * (never changed) when the API's data changes, so a view lives exactly as long as its record.
 */
export function viewOf(entry: ResolverEntry, origin: string, path: DigitalLinkPath): ResolutionView {
  const last = lastViews.get(path);
  if (last !== undefined && last.entry === entry && last.origin === origin && current(last.view)) return last.view;
  const view = findView(entry, origin, path);
  lastViews.set(path, { entry, origin, view });
  return view;
}

function findView(entry: ResolverEntry, origin: string, path: DigitalLinkPath): ResolutionView {
  let byUri = views.get(entry);
  if (!byUri) views.set(entry, (byUri = new Map()));
  const key = origin + path.path;
  let view = byUri.get(key);
  if (!view || !current(view)) {
    view = buildView(entry, origin, path);
    // Many hosts or serials of one product: build the rest each time rather than grow without end.
    if (byUri.size < VIEWS_PER_RECORD) byUri.set(key, view);
  }
  return view;
}
