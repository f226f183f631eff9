import type { ScanKey } from './scans.js';

/** A link the resolver may answer with, its target made absolute and its language normalised. */
export interface Target {
  linkType: string;
  href: string;
  title: string;
  /** Lower case (`en`, `zh-cn`); null: any language. */
  lang: string | null;
  /** `zh` of `zh-cn`. */
  primaryLang: string | null;
  /** As the API gave it, for link sets and Link headers. */
  hreflang: string | null;
  type: string;
  isDefault: boolean;
  qualifierPath: string | null;
  order: number;
  /** Every header of a redirect to this link (Location included), built once. */
  redirectHeaders: Readonly<Record<string, string>>;
  /** The same as a flat list (name, value, ...), for a raw writeHead. */
  redirectHeaderList: readonly string[];
  /** What a redirect to this link records as its scan (with the request's serial, if known). */
  scanKey: ScanKey;
}

/** The links of one type the request can reach, and the one to take when language decides nothing. */
export interface TypeChoice {
  linkType: string;
  /** Links of this type at the most specific level of the request that has any, by order. */
  candidates: readonly Target[];
  /** The link marked default among them, else the first by order. */
  preferred: Target;
  /** The candidates differ in language: Accept-Language may choose. */
  multilingual: boolean;
}

const MEMO_LIMIT = 1_000;
const memo = new Map<string, readonly string[]>();
const NONE: readonly string[] = [];

function parse(header: string): readonly string[] {
  const ranges: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!tag || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name === 'q') q = Number(value);
    }
    if (Number.isFinite(q) && q > 0) ranges.push({ tag, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((range) => range.tag);
}

/** The language ranges of an Accept-Language header, most wanted first (`*` and q=0 left out). */
export function acceptedLanguages(header: string | undefined): readonly string[] {
  if (!header) return NONE;
  let ranges = memo.get(header);
  if (ranges === undefined) {
    ranges = parse(header);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(header, ranges);
  }
  return ranges;
}

/**
 * The link of one type for the request's languages: for each accepted language in turn, a link
 * in exactly that language, then one of the same primary language; then a link for any language
 * (null); then the preferred link. Without Accept-Language, the preferred (default) link.
 */
export function chooseByLanguage(choice: TypeChoice, ranges: readonly string[]): Target {
  if (!choice.multilingual || ranges.length === 0) return choice.preferred;
  for (const range of ranges) {
    for (const target of choice.candidates) if (target.lang === range) return target;
    const primary = range.split('-', 1)[0];
    for (const target of choice.candidates) if (target.primaryLang === primary) return target;
  }
  return choice.candidates.find((target) => target.lang === null) ?? choice.preferred;
}
