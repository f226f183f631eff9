/*
 * EPCIS identifiers in their two standard forms (GS1 EPC Tag Data Standard 2.0 § 6–7 and
 * GS1 Digital Link 1.2): EPC URNs (`urn:epc:id:sgtin:0614141.107346.2017`) and GS1 Digital Link
 * URIs (`https://id.gs1.org/01/00614141073467/21/2017`). The canonical form used for storage and
 * matching is the constrained canonical Digital Link URI on id.gs1.org (the same normalisation
 * the EPCIS 2.0 event hash uses): full keys with check digits, GTINs padded to 14 digits, only the
 * finest level of identification (a serial drops lot and CPV), no query string, values
 * percent-encoded the same way whichever form they came in.
 */
import { gs1CheckDigit } from '../gs1/gtin.js';

export const CANONICAL_DL_ORIGIN = 'https://id.gs1.org';

/** Characters a Digital Link path segment keeps unencoded (besides letters and digits). */
const DL_SAFE = new Set(["-", '.', '_', '~', "'", ';', '=']);

const DL_PLAIN = /^[A-Za-z0-9\-._~';=]*$/;
const URN_PLAIN = /^[A-Za-z0-9!'()*+,\-.:;=_]*$/;
const encoder = new TextEncoder();
const percent = (char: string) => Array.from(encoder.encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Percent-encodes a raw value for a Digital Link path segment (uppercase hex). */
export function dlEncode(raw: string): string {
  if (DL_PLAIN.test(raw)) return raw;
  let out = '';
  for (const char of raw) {
    if (/[A-Za-z0-9]/.test(char) || DL_SAFE.has(char)) out += char;
    else out += percent(char);
  }
  return out;
}

function safeDecode(value: string): string | null {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Escapes a raw value for an EPC URN component (TDS § 6.3: `"`, `%`, `&`, `/`, `<`, `>`, `?`, `#` and anything outside ASCII). */
export function urnEscape(raw: string): string {
  if (URN_PLAIN.test(raw)) return raw;
  let out = '';
  for (const char of raw) out += URN_PLAIN.test(char) ? char : percent(char);
  return out;
}

const check = (digits: string): string => String(gs1CheckDigit(digits));

/** Digital Link short names of keys and qualifiers. */
const DL_ALPHAS: Record<string, string> = {
  gtin: '01', itip: '8006', cpid: '8010', gln: '414', party: '417', gsrnp: '8017', gsrn: '8018', gcn: '255',
  sscc: '00', gdti: '253', ginc: '401', gsin: '402', grai: '8003', giai: '8004', cpv: '22', lot: '10', ser: '21',
  glnx: '254', cpsn: '8011', tpx: '235',
};

/** Primary keys of EPCIS identifiers and the qualifiers each takes (in path order). */
const DL_KEYS: Record<string, { pattern: RegExp; qualifiers: string[] }> = {
  '00': { pattern: /^\d{18}$/, qualifiers: [] },
  '01': { pattern: /^\d{14}$/, qualifiers: ['22', '10', '21', '235'] },
  '253': { pattern: /^\d{13}.{0,17}$/, qualifiers: [] },
  '255': { pattern: /^\d{13}\d{0,12}$/, qualifiers: [] },
  '401': { pattern: /^.{1,30}$/, qualifiers: [] },
  '402': { pattern: /^\d{17}$/, qualifiers: [] },
  '414': { pattern: /^\d{13}$/, qualifiers: ['254'] },
  '417': { pattern: /^\d{13}$/, qualifiers: [] },
  '8003': { pattern: /^\d{14}.{0,16}$/, qualifiers: [] },
  '8004': { pattern: /^.{1,30}$/, qualifiers: [] },
  '8006': { pattern: /^\d{18}$/, qualifiers: ['22', '10', '21'] },
  '8010': { pattern: /^[0-9A-Z#/-]{1,30}$/, qualifiers: ['8011'] },
  '8017': { pattern: /^\d{18}$/, qualifiers: [] },
  '8018': { pattern: /^\d{18}$/, qualifiers: [] },
};

/** A parsed GS1 key: the primary AI and value and the qualifiers kept (raw, decoded values). */
export interface Gs1Key {
  ai: string;
  value: string;
  qualifiers: { ai: string; value: string }[];
}

/** The canonical Digital Link URI of a parsed key. */
export function formatCanonical(key: Gs1Key): string {
  return `${CANONICAL_DL_ORIGIN}/${key.ai}/${dlEncode(key.value)}${key.qualifiers.map((q) => `/${q.ai}/${dlEncode(q.value)}`).join('')}`;
}

/** Keeps only the finest level of identification: a serial (21) or TPX (235) drops CPV and lot; a lot drops CPV. */
function constrain(key: Gs1Key): Gs1Key {
  const has = (ai: string) => key.qualifiers.some((q) => q.ai === ai);
  let qualifiers = key.qualifiers;
  if (has('21') || has('235')) qualifiers = qualifiers.filter((q) => q.ai !== '10' && q.ai !== '22');
  else qualifiers = qualifiers.filter((q) => q.ai !== '22');
  return { ...key, qualifiers };
}

/** Parses a GS1 Digital Link URI on any domain (custom path prefixes allowed); null when it is not one. */
export function parseDigitalLinkKey(uri: string): Gs1Key | null {
  const match = /^https?:\/\/[^/?#]+(\/[^?#]*)(?:[?#].*)?$/i.exec(uri.trim());
  if (!match) return null;
  const segments = match[1].split('/').filter((segment) => segment !== '');
  for (let start = 0; start + 1 < segments.length; start += 1) {
    const ai = DL_ALPHAS[segments[start]] ?? segments[start];
    const definition = DL_KEYS[ai];
    if (!definition) continue;
    const rest = segments.slice(start);
    if (rest.length % 2 !== 0) continue;
    const values: { ai: string; value: string }[] = [];
    let ok = true;
    for (let i = 0; i < rest.length; i += 2) {
      const value = safeDecode(rest[i + 1]);
      if (value === null || value === '') {
        ok = false;
        break;
      }
      values.push({ ai: DL_ALPHAS[rest[i]] ?? rest[i], value });
    }
    if (!ok) continue;
    const [primary, ...qualifiers] = values;
    let value = primary.value;
    if (ai === '01' && /^(\d{8}|\d{12}|\d{13})$/.test(value)) value = value.padStart(14, '0');
    if (!definition.pattern.test(value)) continue;
    let position = -1;
    for (const qualifier of qualifiers) {
      const index = definition.qualifiers.indexOf(qualifier.ai);
      if (index < 0 || index <= position) {
        ok = false;
        break;
      }
      position = index;
    }
    if (!ok) continue;
    return constrain({ ai, value, qualifiers });
  }
  return null;
}

const CP = '(\\d{6,12})';
/** `component` of an EPC URN: URN characters and %-escapes. */
const COMP = "((?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!'()*+,\\-.:;=_])+)";

/** Splits `cp.ref` where cp + ref has a fixed total length. */
function fixed(cp: string, ref: string, total: number): boolean {
  return cp.length + ref.length === total;
}

const SGTIN_URN = new RegExp(`^urn:epc:id:sgtin:${CP}\\.(\\d{1,7})\\.${COMP}$`);
const SGTIN_PATTERN_URN = new RegExp(`^urn:epc:idpat:sgtin:${CP}\\.(\\d{1,7})\\.\\*$`);
const LGTIN_URN = new RegExp(`^urn:epc:class:lgtin:${CP}\\.(\\d{1,7})\\.${COMP}$`);
const UPUI_URN = new RegExp(`^urn:epc:id:upui:${CP}\\.(\\d{1,7})\\.${COMP}$`);
const UPUI_PATTERN_URN = new RegExp(`^urn:epc:idpat:upui:${CP}\\.(\\d{1,7})\\.\\*$`);
const SSCC_URN = new RegExp(`^urn:epc:id:sscc:${CP}\\.(\\d{5,11})$`);
const GLN_URN = new RegExp(`^urn:epc:id:(sgln|pgln):${CP}\\.(\\d{0,6})(?:\\.${COMP})?$`);
const SERIALISED_KEY_URN = new RegExp(`^urn:epc:(id|idpat):(grai|gdti|sgcn):${CP}\\.(\\d{0,6})\\.(${COMP.slice(1, -1)}|\\*)$`);
const GIAI_GINC_URN = new RegExp(`^urn:epc:id:(giai|ginc):${CP}\\.${COMP}$`);
const GSRN_URN = new RegExp(`^urn:epc:id:(gsrn|gsrnp):${CP}\\.(\\d{5,11})$`);
const GSIN_URN = new RegExp(`^urn:epc:id:gsin:${CP}\\.(\\d{4,10})$`);
const ITIP_URN = new RegExp(`^urn:epc:(id|idpat):itip:${CP}\\.(\\d{1,7})\\.(\\d{2})\\.(\\d{2})\\.(${COMP.slice(1, -1)}|\\*)$`);
const CPI_URN = new RegExp(`^urn:epc:(id|idpat):cpi:${CP}\\.${COMP}\\.(\\d{1,12}|\\*)$`);

/** Parses an EPC URN (pure identity, class or pattern with a `*` last component) into a key; null otherwise. */
export function parseEpcUrn(uri: string): Gs1Key | null {
  const text = uri.trim();
  let m: RegExpExecArray | null;
  const dec = (value: string) => safeDecode(value);
  const gtinOf = (cp: string, indRef: string) => {
    const body = `${indRef[0]}${cp}${indRef.slice(1)}`;
    return `${body}${check(body)}`;
  };
  if ((m = SGTIN_URN.exec(text)) && fixed(m[1], m[2], 13)) {
    const serial = dec(m[3]);
    return serial === null ? null : { ai: '01', value: gtinOf(m[1], m[2]), qualifiers: [{ ai: '21', value: serial }] };
  }
  if ((m = SGTIN_PATTERN_URN.exec(text)) && fixed(m[1], m[2], 13)) {
    return { ai: '01', value: gtinOf(m[1], m[2]), qualifiers: [] };
  }
  if ((m = LGTIN_URN.exec(text)) && fixed(m[1], m[2], 13)) {
    const lot = dec(m[3]);
    return lot === null ? null : { ai: '01', value: gtinOf(m[1], m[2]), qualifiers: [{ ai: '10', value: lot }] };
  }
  if ((m = UPUI_URN.exec(text)) && fixed(m[1], m[2], 13)) {
    const tpx = dec(m[3]);
    return tpx === null ? null : { ai: '01', value: gtinOf(m[1], m[2]), qualifiers: [{ ai: '235', value: tpx }] };
  }
  if ((m = UPUI_PATTERN_URN.exec(text)) && fixed(m[1], m[2], 13)) {
    return { ai: '01', value: gtinOf(m[1], m[2]), qualifiers: [] };
  }
  if ((m = SSCC_URN.exec(text)) && fixed(m[1], m[2], 17)) {
    const body = `${m[2][0]}${m[1]}${m[2].slice(1)}`;
    return { ai: '00', value: `${body}${check(body)}`, qualifiers: [] };
  }
  if ((m = GLN_URN.exec(text)) && fixed(m[2], m[3], 12)) {
    const body = `${m[2]}${m[3]}`;
    const gln = `${body}${check(body)}`;
    if (m[1] === 'pgln') return m[4] === undefined ? { ai: '417', value: gln, qualifiers: [] } : null;
    if (m[4] === undefined) return null;
    const extension = dec(m[4]);
    if (extension === null) return null;
    return { ai: '414', value: gln, qualifiers: extension === '0' ? [] : [{ ai: '254', value: extension }] };
  }
  if ((m = SERIALISED_KEY_URN.exec(text)) && fixed(m[3], m[4], 12)) {
    const [, kind, scheme, cp, ref, serialText] = m;
    const body = scheme === 'grai' ? `0${cp}${ref}` : `${cp}${ref}`;
    const ai = scheme === 'grai' ? '8003' : scheme === 'gdti' ? '253' : '255';
    if (kind === 'idpat') return serialText === '*' ? { ai, value: `${body}${check(body)}`, qualifiers: [] } : null;
    if (serialText === '*') return null;
    const serial = dec(serialText);
    return serial === null ? null : { ai, value: `${body}${check(body)}${serial}`, qualifiers: [] };
  }
  if ((m = GIAI_GINC_URN.exec(text))) {
    const ref = dec(m[3]);
    return ref === null ? null : { ai: m[1] === 'giai' ? '8004' : '401', value: `${m[2]}${ref}`, qualifiers: [] };
  }
  if ((m = GSRN_URN.exec(text)) && fixed(m[2], m[3], 17)) {
    const body = `${m[2]}${m[3]}`;
    return { ai: m[1] === 'gsrn' ? '8018' : '8017', value: `${body}${check(body)}`, qualifiers: [] };
  }
  if ((m = GSIN_URN.exec(text)) && fixed(m[1], m[2], 16)) {
    const body = `${m[1]}${m[2]}`;
    return { ai: '402', value: `${body}${check(body)}`, qualifiers: [] };
  }
  if ((m = ITIP_URN.exec(text)) && fixed(m[2], m[3], 13)) {
    const value = `${gtinOf(m[2], m[3])}${m[4]}${m[5]}`;
    if (m[1] === 'idpat') return m[6] === '*' ? { ai: '8006', value, qualifiers: [] } : null;
    if (m[6] === '*') return null;
    const serial = dec(m[6]);
    return serial === null ? null : { ai: '8006', value, qualifiers: [{ ai: '21', value: serial }] };
  }
  if ((m = CPI_URN.exec(text))) {
    const ref = dec(m[3]);
    if (ref === null) return null;
    const value = `${m[2]}${ref}`;
    if (m[1] === 'idpat') return m[4] === '*' ? { ai: '8010', value, qualifiers: [] } : null;
    return m[4] === '*' ? null : { ai: '8010', value, qualifiers: [{ ai: '8011', value: m[4] }] };
  }
  return null;
}

/**
 * Canonical form used for storage and matching: the constrained GS1 Digital Link URI on
 * https://id.gs1.org for every GS1 key that converts (EPC URNs, EPC class and pattern URIs,
 * Digital Link URIs on any domain); any other value unchanged (trimmed).
 */
export function canonicalIdentifier(value: string): string {
  const text = value.trim();
  if (text.startsWith('urn:epc:')) {
    const key = parseEpcUrn(text);
    return key ? formatCanonical(key) : text;
  }
  if (/^https?:\/\//i.test(text)) {
    const key = parseDigitalLinkKey(text);
    return key ? formatCanonical(key) : text;
  }
  return text;
}

/** The canonical form of a class-level identifier (`epcClass`): LGTIN → `/01/{gtin}/10/{lot}`, GTIN pattern → `/01/{gtin}`. */
export function canonicalClass(value: string): string {
  return canonicalIdentifier(value);
}

/** The key parsed from a canonical (or any) identifier, or null. */
export function gs1KeyOf(value: string): Gs1Key | null {
  const text = value.trim();
  if (text.startsWith('urn:epc:')) return parseEpcUrn(text);
  if (/^https?:\/\//i.test(text)) return parseDigitalLinkKey(text);
  return null;
}

const CANONICAL_GTIN = /^https:\/\/id\.gs1\.org\/(?:01|8006)\/(\d{14})(?:\d{4})?(?:\/|$)/;

/** The GTIN-14 named by an identifier (SGTIN, LGTIN, GTIN class, UPUI, ITIP) in any form, else null. */
export function gtinOf(canonical: string): string | null {
  const fast = CANONICAL_GTIN.exec(canonical);
  if (fast) return fast[1];
  const key = gs1KeyOf(canonical);
  if (!key) return null;
  if (key.ai === '01') return key.value;
  if (key.ai === '8006') return key.value.slice(0, 14);
  return null;
}

/**
 * A prefix-length lookup over a company's registered GS1 company prefixes, for `toEpcUrn`
 * and `formatEventIdentifiers`: the `key` passed is the key's digits from the company prefix on
 * (a GTIN or SSCC without its indicator / extension digit, a GLN as it is).
 */
export function prefixLengthFromPrefixes(prefixes: readonly string[]): (key: string) => number | null {
  const sorted = [...prefixes].filter((prefix) => /^\d{4,12}$/.test(prefix)).sort((a, b) => b.length - a.length);
  return (key) => sorted.find((prefix) => key.startsWith(prefix))?.length ?? null;
}

/**
 * Back to an EPC URN when the GS1 company prefix length is known. `prefixLength(key)` receives
 * the key's digits from the company prefix on (see `prefixLengthFromPrefixes`) and answers the
 * prefix length (6 to 12) or null, in which case the Digital Link form is kept. Values that are
 * not GS1 keys come back unchanged.
 */
export function toEpcUrn(canonical: string, prefixLength: (key: string) => number | null): string {
  const text = canonical.trim();
  if (text.startsWith('urn:epc:')) return text;
  const key = parseDigitalLinkKey(text);
  if (!key) return text;
  const q = (ai: string) => key.qualifiers.find((qualifier) => qualifier.ai === ai)?.value;
  const onlyQualifiers = (...ais: string[]) => key.qualifiers.every((qualifier) => ais.includes(qualifier.ai));
  const length = (digits: string) => {
    const found = prefixLength(digits);
    return found !== null && Number.isInteger(found) && found >= 6 && found <= 12 && found <= digits.length ? found : null;
  };
  const v = key.value;
  switch (key.ai) {
    case '01': {
      const l = length(v.slice(1, 13));
      if (l === null) return text;
      const cp = v.slice(1, 1 + l);
      const indRef = `${v[0]}${v.slice(1 + l, 13)}`;
      const serial = q('21');
      const lot = q('10');
      const tpx = q('235');
      if (serial !== undefined && onlyQualifiers('21')) return `urn:epc:id:sgtin:${cp}.${indRef}.${urnEscape(serial)}`;
      if (tpx !== undefined && onlyQualifiers('235')) return `urn:epc:id:upui:${cp}.${indRef}.${urnEscape(tpx)}`;
      if (lot !== undefined && onlyQualifiers('10')) return `urn:epc:class:lgtin:${cp}.${indRef}.${urnEscape(lot)}`;
      if (key.qualifiers.length === 0) return `urn:epc:idpat:sgtin:${cp}.${indRef}.*`;
      return text;
    }
    case '8006': {
      const l = length(v.slice(1, 13));
      if (l === null) return text;
      const cp = v.slice(1, 1 + l);
      const indRef = `${v[0]}${v.slice(1 + l, 13)}`;
      const tail = `${v.slice(14, 16)}.${v.slice(16, 18)}`;
      const serial = q('21');
      if (serial !== undefined && onlyQualifiers('21')) return `urn:epc:id:itip:${cp}.${indRef}.${tail}.${urnEscape(serial)}`;
      if (key.qualifiers.length === 0) return `urn:epc:idpat:itip:${cp}.${indRef}.${tail}.*`;
      return text;
    }
    case '00': {
      const l = length(v.slice(1, 17));
      if (l === null) return text;
      return `urn:epc:id:sscc:${v.slice(1, 1 + l)}.${v[0]}${v.slice(1 + l, 17)}`;
    }
    case '414':
    case '417': {
      const l = length(v);
      if (l === null || l > 12) return text;
      const base = `${v.slice(0, l)}.${v.slice(l, 12)}`;
      if (key.ai === '417') return `urn:epc:id:pgln:${base}`;
      const extension = q('254');
      return `urn:epc:id:sgln:${base}.${extension === undefined ? '0' : urnEscape(extension)}`;
    }
    case '8003': {
      const l = length(v.slice(1, 13));
      if (l === null) return text;
      const serial = v.slice(14);
      return serial === '' ? `urn:epc:idpat:grai:${v.slice(1, 1 + l)}.${v.slice(1 + l, 13)}.*` : `urn:epc:id:grai:${v.slice(1, 1 + l)}.${v.slice(1 + l, 13)}.${urnEscape(serial)}`;
    }
    case '253':
    case '255': {
      const l = length(v.slice(0, 12));
      if (l === null) return text;
      const scheme = key.ai === '253' ? 'gdti' : 'sgcn';
      const serial = v.slice(13);
      return serial === '' ? `urn:epc:idpat:${scheme}:${v.slice(0, l)}.${v.slice(l, 12)}.*` : `urn:epc:id:${scheme}:${v.slice(0, l)}.${v.slice(l, 12)}.${urnEscape(serial)}`;
    }
    case '8004':
    case '401': {
      const l = length(v);
      if (l === null || l >= v.length) return text;
      return `urn:epc:id:${key.ai === '8004' ? 'giai' : 'ginc'}:${v.slice(0, l)}.${urnEscape(v.slice(l))}`;
    }
    case '8017':
    case '8018': {
      const l = length(v);
      if (l === null) return text;
      return `urn:epc:id:${key.ai === '8018' ? 'gsrn' : 'gsrnp'}:${v.slice(0, l)}.${v.slice(l, 17)}`;
    }
    case '402': {
      const l = length(v);
      if (l === null) return text;
      return `urn:epc:id:gsin:${v.slice(0, l)}.${v.slice(l, 16)}`;
    }
    case '8010': {
      const l = length(v);
      if (l === null || l >= v.length) return text;
      const serial = q('8011');
      const base = `${v.slice(0, l)}.${urnEscape(v.slice(l))}`;
      return serial === undefined ? `urn:epc:idpat:cpi:${base}.*` : `urn:epc:id:cpi:${base}.${serial}`;
    }
    default:
      return text;
  }
}

/** Escapes `\`, `%` and `_` for a SQL LIKE pattern (the default escape character `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A MATCH_ parameter value → `{ exact }` (a canonical identifier) or `{ like }` (a SQL LIKE pattern
 * over canonical values, `\` escaping). EPC pattern URIs with `*` components match every
 * identifier under the fixed part: `urn:epc:idpat:sgtin:0614141.107346.*` → every identifier of
 * that GTIN (serials, lots and the class), `urn:epc:idpat:sgtin:0614141.*.*` → every GTIN of the
 * company prefix (any indicator digit).
 */
export function identifierPattern(value: string): { exact: string } | { like: string } {
  const text = value.trim();
  const prefix = (path: string) => ({ like: `${escapeLike(`${CANONICAL_DL_ORIGIN}/${path}`)}%` });
  let m: RegExpExecArray | null;
  if ((m = /^urn:epc:idpat:(sgtin|upui|lgtin):(\d{6,12})\.\*\.\*$/.exec(text))) return { like: `${escapeLike(`${CANONICAL_DL_ORIGIN}/01/`)}_${m[2]}%` };
  if ((m = /^urn:epc:idpat:itip:(\d{6,12})\.\*\.\*\.\*\.\*$/.exec(text))) return { like: `${escapeLike(`${CANONICAL_DL_ORIGIN}/8006/`)}_${m[1]}%` };
  if ((m = /^urn:epc:idpat:(sgtin|upui|lgtin):(\d{6,12})\.(\d{1,7})\.\*$/.exec(text)) && fixed(m[2], m[3], 13)) {
    const key = parseEpcUrn(`urn:epc:idpat:sgtin:${m[2]}.${m[3]}.*`);
    if (key) return prefix(`01/${key.value}`);
  }
  if ((m = /^urn:epc:idpat:itip:(\d{6,12})\.(\d{1,7})\.(\d{2})\.(\d{2})\.\*$/.exec(text)) && fixed(m[1], m[2], 13)) {
    const key = parseEpcUrn(text);
    if (key) return prefix(`8006/${key.value}`);
  }
  if ((m = /^urn:epc:idpat:sscc:(\d{6,12})\.\*$/.exec(text))) return { like: `${escapeLike(`${CANONICAL_DL_ORIGIN}/00/`)}_${m[1]}%` };
  if ((m = /^urn:epc:idpat:(sgln|pgln):(\d{6,12})\.\*(?:\.\*)?$/.exec(text))) return prefix(`${m[1] === 'sgln' ? '414' : '417'}/${m[2]}`);
  if ((m = /^urn:epc:idpat:sgln:(\d{6,12})\.(\d{0,6})\.\*$/.exec(text)) && fixed(m[1], m[2], 12)) {
    const body = `${m[1]}${m[2]}`;
    return prefix(`414/${body}${check(body)}`);
  }
  if ((m = /^urn:epc:idpat:grai:(\d{6,12})\.\*\.\*$/.exec(text))) return prefix(`8003/0${m[1]}`);
  if ((m = /^urn:epc:idpat:(gdti|sgcn):(\d{6,12})\.\*\.\*$/.exec(text))) return prefix(`${m[1] === 'gdti' ? '253' : '255'}/${m[2]}`);
  if ((m = /^urn:epc:idpat:(grai|gdti|sgcn):(\d{6,12})\.(\d{0,6})\.\*$/.exec(text)) && fixed(m[2], m[3], 12)) {
    const key = parseEpcUrn(text);
    if (key) return prefix(`${key.ai}/${key.value}`);
  }
  if ((m = /^urn:epc:idpat:(giai|ginc|gsrn|gsrnp|gsin):(\d{6,12})\.\*$/.exec(text))) {
    const ai = { giai: '8004', ginc: '401', gsrn: '8018', gsrnp: '8017', gsin: '402' }[m[1]];
    return prefix(`${ai}/${m[2]}`);
  }
  if ((m = /^urn:epc:idpat:cpi:(\d{6,12})\.\*\.\*$/.exec(text))) return prefix(`8010/${m[1]}`);
  if ((m = /^urn:epc:idpat:cpi:(\d{6,12})\.([^.]+)\.\*$/.exec(text))) {
    const key = parseEpcUrn(text);
    if (key) return { like: `${escapeLike(`${formatCanonical(key)}/8011/`)}%` };
  }
  if ((m = /^urn:epc:idpat:sgtin:\*\.\*\.\*$/.exec(text))) return prefix('01/');
  // A pattern without wildcard names one identifier (`urn:epc:idpat:sgtin:0614141.107346.2017`).
  if (text.startsWith('urn:epc:idpat:') && !text.includes('*')) return { exact: canonicalIdentifier(`urn:epc:id:${text.slice('urn:epc:idpat:'.length)}`) };
  return { exact: canonicalIdentifier(text) };
}
