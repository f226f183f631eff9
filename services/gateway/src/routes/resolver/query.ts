import { SCAN_CAMPAIGN_MAX } from '@product-console/shared';

/** The query of a Digital Link request: what the resolver reads, and what it passes on. */
export interface RequestQuery {
  /** `linkType` as sent (decoded); null when absent. */
  linkType: string | null;
  /** Every other `name=value` pair, as sent (still encoded), for the redirect target. */
  passOn: readonly string[];
  /** `utm_campaign` (decoded, cut to SCAN_CAMPAIGN_MAX), which the scan records; null when absent or empty. It passes on too. */
  campaign: string | null;
}

const NOT_URL_SAFE = /[^\x21-\x7e]/;
const NOT_URL_SAFE_ALL = /[^\x21-\x7e]/g;
const EMPTY: RequestQuery = { linkType: null, passOn: [], campaign: null };

function decodeComponent(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

const nameOf = (pair: string) => {
  const equals = pair.indexOf('=');
  return decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
};

const CONTROL = /\p{Cc}/gu;

/** The value of a `utm_campaign=` pair as a scan records it: decoded, without control characters, at most SCAN_CAMPAIGN_MAX code points. */
function campaignOf(pair: string): string | null {
  const equals = pair.indexOf('=');
  const value = equals === -1 ? null : decodeComponent(pair.slice(equals + 1));
  if (!value) return null;
  const clean = value.replace(CONTROL, '').trim();
  const cut = clean.length > SCAN_CAMPAIGN_MAX ? Array.from(clean).slice(0, SCAN_CAMPAIGN_MAX).join('') : clean;
  return cut.length > SCAN_CAMPAIGN_MAX ? cut.slice(0, SCAN_CAMPAIGN_MAX).replace(/[\uD800-\uDBFF]$/, '') : cut || null;
}

export function parseQuery(raw: string): RequestQuery {
  if (!raw) return EMPTY;
  let linkType: string | null = null;
  let campaign: string | null = null;
  const passOn: string[] = [];
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const name = nameOf(pair);
    if (name === 'linkType') {
      linkType ??= decodeComponent(pair.slice(pair.indexOf('=') + 1)) ?? '';
      continue;
    }
    if (name === 'utm_campaign' && campaign === null) campaign = campaignOf(pair);
    // A Location header takes printable ASCII only.
    passOn.push(NOT_URL_SAFE.test(pair) ? pair.replace(NOT_URL_SAFE_ALL, (c) => encodeURIComponent(c)) : pair);
  }
  return { linkType, passOn, campaign };
}

/**
 * The target with the request's other query pairs added (GS1: query strings pass on by default).
 * The target's own parameters win: a pair whose name the target already has is not added.
 */
export function withQuery(href: string, passOn: readonly string[]): string {
  if (passOn.length === 0) return href;
  const hash = href.indexOf('#');
  const base = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? '' : href.slice(hash);
  const question = base.indexOf('?');
  const own = question === -1 ? [] : base.slice(question + 1).split('&').filter(Boolean);
  const ownNames = new Set(own.map(nameOf));
  const added = passOn.filter((pair) => !ownNames.has(nameOf(pair)));
  if (added.length === 0) return href;
  const separator = question === -1 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${added.join('&')}${fragment}`;
}
